import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type BillingTestApp, deliver, signedInUser, useBillingApp } from "./helpers";

const env = useBillingApp();

const sessionIdOf = (url: string) => url.split("/").at(-1) ?? "";

async function openPlanCheckout(t: BillingTestApp, headers: Record<string, string>, plan: string) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/billing/checkout",
    headers,
    payload: { kind: "plan", plan, interval: "monthly" },
  });
  expect(response.statusCode).toBe(200);
  return sessionIdOf(response.json().url);
}

const customerOf = async (t: BillingTestApp, accountId: string) => {
  const [row] = await t.db.db
    .select()
    .from(schema.billingCustomers)
    .where(eq(schema.billingCustomers.accountId, accountId));
  return row?.stripeCustomerId ?? "";
};

const billingAtStripe = (t: BillingTestApp, customerId: string) =>
  [...t.standIn.objects.values()].filter(
    (o) => o.object === "subscription" && o.customer === customerId && o.status === "active",
  );

const rowsOf = (t: BillingTestApp, accountId: string) =>
  t.db.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.accountId, accountId));

const noticesOf = async (t: BillingTestApp, accountId: string) =>
  (await t.db.db.select().from(schema.jobOutbox).where(eq(schema.jobOutbox.jobName, "subscription-replaced")))
    .map((row) => row.payload as { accountId: string })
    .filter((payload) => payload.accountId === accountId);

/**
 * Two plan Checkouts both open at Stripe and both paid: what two opens racing each other leave
 * (each listed the other's session before it existed). The first one is reopened at the stand-in
 * after the second expired it, which is that race's state.
 */
async function twoCheckoutsPaid(t: BillingTestApp) {
  const { user, headers } = await signedInUser(t);
  const first = await openPlanCheckout(t, headers, "starter");
  const second = await openPlanCheckout(t, headers, "professional");
  const firstSession = t.standIn.objects.get(first);
  if (firstSession) firstSession.status = "open";
  const firstEvents = await t.standIn.completeCheckout(first);
  const secondEvents = await t.standIn.completeCheckout(second);
  const customerId = await customerOf(t, user.accountId);
  return { accountId: user.accountId, customerId, first, second, events: [...firstEvents, ...secondEvents] };
}

describe("one subscription per account, whatever the number of Checkouts", () => {
  it("opening a plan Checkout expires the account's other open plan Checkout", async () => {
    const { t } = env;
    const { user, headers } = await signedInUser(t);
    const first = await openPlanCheckout(t, headers, "starter");
    const second = await openPlanCheckout(t, headers, "professional");
    expect(t.standIn.objects.get(first)?.status).toBe("expired");
    expect(t.standIn.objects.get(second)?.status).toBe("open");
    expect(t.standIn.requests.filter((r) => r.path.endsWith("/expire")).map((r) => r.path)).toEqual([
      `/v1/checkout/sessions/${first}/expire`,
    ]);

    // The expired page can no longer be paid: only the second subscribes.
    expect(await t.standIn.completeCheckout(first)).toEqual([]);
    await t.standIn.completeCheckout(second);
    const customerId = await customerOf(t, user.accountId);
    expect(billingAtStripe(t, customerId)).toHaveLength(1);
    const rows = await rowsOf(t, user.accountId);
    expect(rows.map((r) => [r.planName, r.status])).toEqual([["Professional", "active"]]);
  });

  it("a top-up Checkout open beside it is left open", async () => {
    const { t } = env;
    const { headers } = await signedInUser(t);
    const topUp = await t.app.inject({
      method: "POST",
      url: "/api/billing/checkout",
      headers,
      payload: { kind: "top_up", amountCents: 2500 },
    });
    if (topUp.statusCode !== 200) return expect.fail(topUp.body);
    const topUpSession = sessionIdOf(topUp.json().url);
    await openPlanCheckout(t, headers, "starter");
    expect(t.standIn.objects.get(topUpSession)?.status).toBe("open");
  });

  it("both paid: the newest stands, the older is cancelled at once with proration, recorded and told", async () => {
    const { t } = env;
    const { accountId, customerId } = await twoCheckoutsPaid(t);

    const atStripe = billingAtStripe(t, customerId);
    expect(atStripe).toHaveLength(1);
    expect(atStripe[0]?.items.data[0].price.id).toBe("price_professional_monthly");
    const cancelled = [...t.standIn.objects.values()].filter(
      (o) => o.object === "subscription" && o.customer === customerId && o.status === "canceled",
    );
    expect(cancelled.map((s) => s.items.data[0].price.id)).toEqual(["price_starter_monthly"]);
    const cancel = t.standIn.requests.find((r) => r.method === "DELETE");
    expect(cancel?.path).toBe(`/v1/subscriptions/${cancelled[0]?.id}`);
    expect(cancel?.params).toMatchObject({ prorate: "true", invoice_now: "true" });

    const rows = await rowsOf(t, accountId);
    expect(rows.map((r) => [r.planName, r.status]).sort()).toEqual([
      ["Professional", "active"],
      ["Starter", "canceled"],
    ]);
    // The unused time of the cancelled one comes back as a credit invoice.
    const invoices = await t.db.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.accountId, accountId));
    expect(invoices.filter((i) => i.totalAmountCents < 0)).toHaveLength(1);

    const kept = rows.find((r) => r.status === "active");
    const gone = rows.find((r) => r.status === "canceled");
    expect(await noticesOf(t, accountId)).toEqual([
      { accountId, cancelledSubscriptionId: gone?.id, keptSubscriptionId: kept?.id },
    ]);
  });

  it("duplicate and late deliveries change nothing", async () => {
    const { t } = env;
    const { accountId, customerId, events } = await twoCheckoutsPaid(t);
    const before = { rows: await rowsOf(t, accountId), requests: t.standIn.requests.length };

    // Every event again, last first; then fresh copies (new ids) of the completions, in order.
    for (const event of [...events].reverse()) expect((await deliver(t, event)).statusCode).toBe(200);
    for (const event of events.filter((e) => e.type === "checkout.session.completed"))
      expect((await deliver(t, { ...event, id: `${event.id}_again` })).statusCode).toBe(200);
    const created = [...t.standIn.objects.values()].filter(
      (o) => o.object === "subscription" && o.customer === customerId,
    );
    for (const subscription of created)
      expect(
        (await deliver(t, t.standIn.event("customer.subscription.created", subscription))).statusCode,
      ).toBe(200);

    expect(billingAtStripe(t, customerId)).toHaveLength(1);
    expect(t.standIn.requests.slice(before.requests).filter((r) => r.method !== "GET")).toEqual([]);
    const after = await rowsOf(t, accountId);
    expect(after.map((r) => [r.id, r.planName, r.status]).sort()).toEqual(
      before.rows.map((r) => [r.id, r.planName, r.status]).sort(),
    );
    expect(await noticesOf(t, accountId)).toHaveLength(1);
  });

  it("customer.subscription.created of a second subscription cancels the older one too", async () => {
    const { t } = env;
    const { user, headers } = await signedInUser(t);
    await t.standIn.completeCheckout(await openPlanCheckout(t, headers, "starter"));
    const customerId = await customerOf(t, user.accountId);
    const [running] = billingAtStripe(t, customerId);
    // A second one made at Stripe itself (its dashboard, another integration), a second later.
    const second = t.standIn.put({
      ...structuredClone(running),
      id: "sub_second_at_stripe",
      created: (running?.created ?? 0) + 1,
      items: { ...running?.items, data: [{ ...running?.items.data[0], id: "si_second_at_stripe" }] },
    });
    expect((await deliver(t, t.standIn.event("customer.subscription.created", second))).statusCode).toBe(200);
    expect(billingAtStripe(t, customerId).map((s) => s.id)).toEqual(["sub_second_at_stripe"]);
    const rows = await rowsOf(t, user.accountId);
    expect(rows.map((r) => [r.stripeSubscriptionId, r.status]).sort()).toEqual(
      [
        [running?.id, "canceled"],
        ["sub_second_at_stripe", "active"],
      ].sort(),
    );
  });
});
