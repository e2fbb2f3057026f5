import { planMessages } from "@poundline/contracts/billing/plan-schemas";
import { newId, schema } from "@poundline/db";
import { CALL_MESSAGES } from "@poundline/domain";
import type { StripeObject } from "@poundline/testing/stripe-stand-in";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addNumber } from "../call-routing/helpers";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { carrierPost } from "../twilio/carrier";
import { type BillingTestApp, createBillingApp, deliver, PRICES } from "./helpers";

const LINE = "+13055550140";
const CALLER = "+13055551234";
const DAY_MS = 86_400_000;

let t: BillingTestApp;
let user: TestUser;
let session: SignedIn;

/** Stripe's subscription of the account to a price, as the stand-in serves it. */
function stripeSubscription(accountId: string, priceId: string): StripeObject {
  const template = t.standIn.fixture("subscription");
  const now = Math.floor(Date.now() / 1000);
  const item = template.items.data[0];
  return t.standIn.put({
    ...template,
    id: `sub_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`,
    customer: `cus_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`,
    status: "active",
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    metadata: { account_id: accountId },
    items: {
      ...template.items,
      data: [
        {
          ...item,
          current_period_start: now,
          current_period_end: now + 30 * 86_400,
          price: {
            ...item.price,
            id: priceId,
            unit_amount: 2499,
            recurring: { ...item.price.recurring, interval: "month" },
          },
        },
      ],
    },
  });
}

const call = () =>
  carrierPost(t, "/twilio/voice", { CallSid: `CA${newId("call").slice(5)}`, From: CALLER, To: LINE });
const text = (body: string) =>
  carrierPost(t, "/twilio/sms", {
    MessageSid: `SM${crypto.randomUUID().replaceAll("-", "")}`,
    From: CALLER,
    To: LINE,
    Body: body,
    NumMedia: "0",
  });
const storedTexts = () =>
  t.db.db.select().from(schema.messages).where(eq(schema.messages.accountId, user.accountId));

beforeAll(async () => {
  t = await createBillingApp();
  user = await createUser(t);
  session = await signIn(t, user);
  // A trial that ended yesterday, a funded wallet: only the trial closes the gate.
  await t.db.db
    .update(schema.accounts)
    .set({ status: "trialing", trialEndsAt: new Date(Date.now() - DAY_MS) })
    .where(eq(schema.accounts.id, user.accountId));
  await t.db.db
    .insert(schema.wallets)
    .values({ id: newId("wallet"), accountId: user.accountId, balanceCents: 5000 });
  await addNumber(t, user.accountId, LINE);
  await t.app.deps.routing.reload();
});
afterAll(() => t.close());

describe("after the trial, without a subscription", () => {
  it("a caller hears that the trial has ended, and the call ends", async () => {
    const res = await call();
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      CALL_MESSAGES.trialEnded.slice(CALL_MESSAGES.trialEnded.indexOf("This business")),
    );
    expect(res.body).toContain("<Hangup/>");
  });

  it("an incoming text is not delivered, but STOP is still honoured", async () => {
    expect((await text("Are you open today?")).statusCode).toBe(200);
    expect(await storedTexts()).toHaveLength(0);
    await text("STOP");
    const optOuts = await t.db.db
      .select()
      .from(schema.smsOptOuts)
      .where(eq(schema.smsOptOuts.accountId, user.accountId));
    expect(optOuts.map((o) => o.subscriberNumber)).toEqual([CALLER]);
  });

  it("sending a text is refused with the trial's message, and nothing is recorded", async () => {
    const before = (await storedTexts()).length;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/messages",
      headers: session.headers,
      payload: { from: LINE, to: "+13055550199", body: "Hello" },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.message).toBe(planMessages.trialEndedTexts);
    expect(await storedTexts()).toHaveLength(before);
  });

  it("the console is told: the plan endpoint says the trial ended and the gate is closed", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/billing/plan", headers: session.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      plan: "Free Trial",
      trial: { ended: true, daysLeft: 0 },
      gate: "trial_ended",
      subscription: null,
    });
  });
});

describe("subscribing reopens calls and texts", () => {
  it("customer.subscription.created records the plan and the next call goes through", async () => {
    const subscription = stripeSubscription(user.accountId, PRICES.STRIPE_PRICE_STARTER_MONTHLY.id);
    const delivered = await deliver(t, t.standIn.event("customer.subscription.created", subscription));
    expect(delivered.json().outcome).toBe("applied");
    const [row] = await t.db.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.accountId, user.accountId));
    expect(row).toMatchObject({ planName: "Starter", status: "active", scheduledPlanName: null });

    // The webhook recompiled the routing tables after its commit: no reload here.
    const res = await call();
    expect(res.body).not.toContain("free trial has ended");
    const plan = await t.app.inject({ method: "GET", url: "/api/billing/plan", headers: session.headers });
    expect(plan.json()).toMatchObject({ plan: "Starter", gate: "open", trial: { ended: false } });

    expect((await text("Back in business?")).statusCode).toBe(200);
    expect((await storedTexts()).map((m) => m.body)).toContain("Back in business?");
  });

  it("a downgrade waits for the next billing cycle; an upgrade applies at once", async () => {
    const [row] = await t.db.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.accountId, user.accountId));
    const stored = t.standIn.objects.get(row?.stripeSubscriptionId ?? "") as StripeObject;
    const withPrice = (priceId: string) => ({
      ...stored,
      items: {
        ...stored.items,
        data: [{ ...stored.items.data[0], price: { ...stored.items.data[0].price, id: priceId } }],
      },
    });

    t.standIn.put(withPrice(PRICES.STRIPE_PRICE_PROFESSIONAL_MONTHLY.id));
    await deliver(
      t,
      t.standIn.event(
        "customer.subscription.updated",
        withPrice(PRICES.STRIPE_PRICE_PROFESSIONAL_MONTHLY.id),
      ),
    );
    const planAfter = async () =>
      (await t.app.inject({ method: "GET", url: "/api/billing/plan", headers: session.headers })).json();
    expect(await planAfter()).toMatchObject({
      plan: "Professional",
      subscription: { scheduledPlanName: null },
    });

    t.standIn.put(withPrice(PRICES.STRIPE_PRICE_STARTER_MONTHLY.id));
    await deliver(
      t,
      t.standIn.event("customer.subscription.updated", withPrice(PRICES.STRIPE_PRICE_STARTER_MONTHLY.id)),
    );
    expect(await planAfter()).toMatchObject({
      plan: "Professional",
      subscription: { scheduledPlanName: "Starter" },
    });
  });
});
