import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TEST_ORIGIN } from "../../src/testing";
import { type BillingTestApp, signedInUser, useBillingApp } from "./helpers";

const env = useBillingApp();

function checkout(t: BillingTestApp, headers: Record<string, string>, body: object) {
  return t.app.inject({ method: "POST", url: "/api/billing/checkout", headers, payload: body });
}

/** A new account on `plan` (monthly), subscribed through Checkout and the stand-in's "Pay". */
async function subscribed(t: BillingTestApp, plan: string) {
  const signedIn = await signedInUser(t);
  const { url } = (await checkout(t, signedIn.headers, { kind: "plan", plan, interval: "monthly" })).json();
  await t.standIn.completeCheckout(url.split("/").at(-1));
  const [customer] = await t.db.db
    .select()
    .from(schema.billingCustomers)
    .where(eq(schema.billingCustomers.accountId, signedIn.user.accountId));
  return { ...signedIn, customerId: customer?.stripeCustomerId ?? "" };
}

/** The customer's subscriptions at the stand-in, whatever their status. */
const stripeSubscriptions = (t: BillingTestApp, customerId: string) =>
  [...t.standIn.objects.values()].filter((o) => o.object === "subscription" && o.customer === customerId);

const rowsOf = (t: BillingTestApp, accountId: string) =>
  t.db.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.accountId, accountId));

const checkoutsOf = (t: BillingTestApp, customerId: string) =>
  t.standIn.requests.filter(
    (r) => r.method === "POST" && r.path === "/v1/checkout/sessions" && r.params.customer === customerId,
  );

describe("choosing another plan while subscribed changes the one subscription", () => {
  it("an upgrade: the same subscription at the new price at once, the prorated difference invoiced", async () => {
    const { t } = env;
    const { user, headers, customerId } = await subscribed(t, "starter");
    const response = await checkout(t, headers, { kind: "plan", plan: "professional", interval: "monthly" });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toBe(
      `${TEST_ORIGIN}/dashboard/billing?status=plan_changed&plan=Professional`,
    );

    // No second Checkout, no second subscription: the one there is moved to the new price.
    expect(checkoutsOf(t, customerId)).toHaveLength(1);
    const atStripe = stripeSubscriptions(t, customerId);
    expect(atStripe).toHaveLength(1);
    expect(atStripe[0]?.items.data[0].price.id).toBe("price_professional_monthly");
    const update = t.standIn.requests.find(
      (r) => r.path === `/v1/subscriptions/${atStripe[0]?.id}` && r.method === "POST",
    );
    expect(update?.params).toMatchObject({
      proration_behavior: "always_invoice",
      cancel_at_period_end: "false",
    });

    const rows = await rowsOf(t, user.accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ planName: "Professional", scheduledPlanName: null, status: "active" });
    // The proration invoice (Stripe's, paid) is recorded beside the first one.
    const invoices = await t.db.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.accountId, user.accountId));
    expect(invoices).toHaveLength(2);
    const proration = invoices.find((i) => i.totalAmountCents !== 2499);
    // A whole period left: (5999 − 2499) give or take the seconds the test took.
    expect(proration?.totalAmountCents).toBeGreaterThan(3400);
    expect(proration?.totalAmountCents).toBeLessThanOrEqual(3500);
  });

  it("a downgrade: the new price from the next period, the plan paid for kept until then", async () => {
    const { t } = env;
    const { user, headers, customerId } = await subscribed(t, "enterprise");
    const response = await checkout(t, headers, { kind: "plan", plan: "starter", interval: "monthly" });
    expect(response.statusCode).toBe(200);
    const atStripe = stripeSubscriptions(t, customerId);
    expect(atStripe).toHaveLength(1);
    expect(atStripe[0]?.items.data[0].price.id).toBe("price_starter_monthly");
    const update = t.standIn.requests.find(
      (r) => r.path === `/v1/subscriptions/${atStripe[0]?.id}` && r.method === "POST",
    );
    expect(update?.params.proration_behavior).toBe("none");
    const rows = await rowsOf(t, user.accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ planName: "Enterprise", scheduledPlanName: "Starter" });
    const listed = (await t.app.inject({ method: "GET", url: "/api/billing/subscriptions", headers })).json();
    expect(listed.subscriptions).toEqual([
      expect.objectContaining({ planName: "Enterprise", scheduledPlanName: "Starter" }),
    ]);
    // Only the first invoice: nothing is charged or credited now.
    const invoices = await t.db.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.accountId, user.accountId));
    expect(invoices).toHaveLength(1);
  });

  it("the plan already running changes nothing at Stripe", async () => {
    const { t } = env;
    const { headers, customerId } = await subscribed(t, "starter");
    const before = t.standIn.requests.length;
    const response = await checkout(t, headers, { kind: "plan", plan: "starter", interval: "monthly" });
    expect(response.statusCode).toBe(200);
    expect(t.standIn.requests.slice(before).filter((r) => r.method === "POST")).toEqual([]);
    expect(stripeSubscriptions(t, customerId)).toHaveLength(1);
  });

  it("the customer portal opens on the account's own Stripe customer", async () => {
    const { t } = env;
    const { headers, customerId } = await subscribed(t, "starter");
    const response = await t.app.inject({ method: "POST", url: "/api/billing/portal", headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(new RegExp(`^${t.standIn.url}/portal/bps_`));
    expect(t.standIn.requests.at(-1)?.params).toEqual({
      customer: customerId,
      return_url: `${TEST_ORIGIN}/dashboard/billing`,
    });
  });
});
