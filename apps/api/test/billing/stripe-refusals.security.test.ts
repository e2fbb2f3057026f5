import { schema } from "@poundline/db";
import { describe, expect, it } from "vitest";
import { createUser } from "../fixtures";
import { deliver, ledgerOf, paidTopUpSession, processedEvents, useBillingApp, walletOf } from "./helpers";

const env = useBillingApp();

async function withCustomer(customerId: string) {
  const user = await createUser(env.t);
  await env.t.db.db
    .insert(schema.billingCustomers)
    .values({ accountId: user.accountId, stripeCustomerId: customerId, createdAt: new Date() });
  return user;
}

const uniqueCustomer = () => `cus_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`;

describe("POST /stripe/webhook: signed events that cannot be right are refused and logged", () => {
  it.each([
    ["above Stripe's ceiling", 100_000_000],
    ["far above it", 2 ** 40],
  ])("a top-up %s credits nothing (the event is recorded as refused)", async (_name, amount) => {
    const user = await createUser(env.t);
    const event = env.t.standIn.event(
      "checkout.session.completed",
      paidTopUpSession(env.t, user.accountId, amount, { amount_subtotal: amount }),
    );
    const response = await deliver(env.t, event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: "refused" });
    expect(await ledgerOf(env.t, user.accountId)).toEqual([]);
    expect((await processedEvents(env.t)).map((e) => e.eventId)).toContain(event.id);
    // A redelivery is the same refused event: still nothing.
    expect((await deliver(env.t, event)).json().outcome).toBe("duplicate");
  });

  it("the ceiling itself is a possible amount", async () => {
    const user = await createUser(env.t);
    const event = env.t.standIn.event(
      "checkout.session.completed",
      paidTopUpSession(env.t, user.accountId, 99_999_999),
    );
    expect((await deliver(env.t, event)).json().outcome).toBe("applied");
    expect((await walletOf(env.t, user.accountId))?.balanceCents).toBe(99_999_999);
  });

  it("a top-up naming one account with another account's customer credits no one", async () => {
    const victim = await withCustomer(uniqueCustomer());
    const payerCustomer = uniqueCustomer();
    const payer = await withCustomer(payerCustomer);
    const event = env.t.standIn.event(
      "checkout.session.completed",
      paidTopUpSession(env.t, victim.accountId, 5000, { customer: payerCustomer }),
    );
    expect((await deliver(env.t, event)).json().outcome).toBe("refused");
    expect(await ledgerOf(env.t, victim.accountId)).toEqual([]);
    expect(await ledgerOf(env.t, payer.accountId)).toEqual([]);
  });

  it("a customer the account never had is refused when the account has its own", async () => {
    const user = await withCustomer(uniqueCustomer());
    const event = env.t.standIn.event(
      "checkout.session.completed",
      paidTopUpSession(env.t, user.accountId, 5000, { customer: uniqueCustomer() }),
    );
    expect((await deliver(env.t, event)).json().outcome).toBe("refused");
    expect(await ledgerOf(env.t, user.accountId)).toEqual([]);
  });

  it("the account's own customer is accepted", async () => {
    const customer = uniqueCustomer();
    const user = await withCustomer(customer);
    const event = env.t.standIn.event(
      "checkout.session.completed",
      paidTopUpSession(env.t, user.accountId, 5000, { customer }),
    );
    expect((await deliver(env.t, event)).json().outcome).toBe("applied");
    expect((await walletOf(env.t, user.accountId))?.balanceCents).toBe(5000);
  });

  it("a refund whose charge is another account's customer moves no wallet", async () => {
    const user = await withCustomer(uniqueCustomer());
    const other = uniqueCustomer();
    await withCustomer(other);
    await deliver(
      env.t,
      env.t.standIn.event(
        "checkout.session.completed",
        paidTopUpSession(env.t, user.accountId, 3000, { payment_intent: "pi_test_refusal_topup" }),
      ),
    );
    const charge = env.t.standIn.fixture("charge", {
      id: "ch_test_refusal",
      payment_intent: "pi_test_refusal_topup",
      customer: other,
      amount: 3000,
      amount_refunded: 3000,
    });
    expect((await deliver(env.t, env.t.standIn.event("charge.refunded", charge))).json().outcome).toBe(
      "refused",
    );
    expect((await walletOf(env.t, user.accountId))?.balanceCents).toBe(3000);
  });

  it("a refund amount above the ceiling is refused", async () => {
    const user = await createUser(env.t);
    await deliver(
      env.t,
      env.t.standIn.event(
        "checkout.session.completed",
        paidTopUpSession(env.t, user.accountId, 3000, { payment_intent: "pi_test_ceiling_topup" }),
      ),
    );
    const charge = env.t.standIn.fixture("charge", {
      id: "ch_test_ceiling",
      payment_intent: "pi_test_ceiling_topup",
      amount: 3000,
      amount_refunded: 100_000_000,
    });
    expect((await deliver(env.t, env.t.standIn.event("charge.refunded", charge))).json().outcome).toBe(
      "refused",
    );
    expect((await walletOf(env.t, user.accountId))?.balanceCents).toBe(3000);
  });
});
