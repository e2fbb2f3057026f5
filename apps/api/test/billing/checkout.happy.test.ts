import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ORIGIN } from "../../src/testing";
import { type BillingTestApp, createBillingApp, signedInUser, walletOf } from "./helpers";

let t: BillingTestApp;
beforeAll(async () => {
  t = await createBillingApp();
});
afterAll(async () => {
  await t.close();
});

function checkout(headers: Record<string, string>, body: object) {
  return t.app.inject({ method: "POST", url: "/api/billing/checkout", headers, payload: body });
}

const sessionRequests = () => t.standIn.requests.filter((r) => r.path === "/v1/checkout/sessions");
const sessionIdOf = (url: string) => url.split("/").at(-1) ?? "";

describe("POST /api/billing/checkout against the Stripe stand-in", () => {
  it("Add Funds opens Checkout in payment mode for the amount, with the seed's URLs, the account and its e-mail", async () => {
    const { user, headers } = await signedInUser(t);
    const response = await checkout(headers, { kind: "top_up", amountCents: 2500 });
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toBe(`${t.standIn.url}/pay/${sessionIdOf(url)}`);

    const customerCreate = t.standIn.requests.find(
      (r) => r.path === "/v1/customers" && r.params.metadata?.account_id === user.accountId,
    );
    expect(customerCreate?.params).toMatchObject({ email: user.email, name: user.companyName });
    const [stored] = await t.db.db
      .select()
      .from(schema.billingCustomers)
      .where(eq(schema.billingCustomers.accountId, user.accountId));

    expect(sessionRequests().at(-1)?.params).toEqual({
      mode: "payment",
      customer: stored?.stripeCustomerId,
      client_reference_id: user.accountId,
      line_items: [
        {
          price_data: {
            currency: "usd",
            unit_amount: "2500",
            product_data: { name: "Poundline wallet top-up" },
          },
          quantity: "1",
        },
      ],
      payment_intent_data: {
        setup_future_usage: "off_session",
        metadata: { purpose: "wallet_top_up", account_id: user.accountId },
      },
      metadata: { purpose: "wallet_top_up", account_id: user.accountId },
      success_url: `${TEST_ORIGIN}/dashboard/billing?session_id={CHECKOUT_SESSION_ID}&status=success`,
      cancel_url: `${TEST_ORIGIN}/dashboard/billing?status=cancel`,
    });
    // The customer carries the e-mail Checkout prefills and receipts go to.
    expect(t.standIn.objects.get(stored?.stripeCustomerId ?? "")?.email).toBe(user.email);
  });

  it("paying on the hosted page credits the wallet through the signed webhook", async () => {
    const { user, headers } = await signedInUser(t);
    const { url } = (await checkout(headers, { kind: "top_up", amountCents: 1234 })).json();
    const events = await t.standIn.completeCheckout(sessionIdOf(url));
    expect(events.map((e) => e.type)).toEqual(["checkout.session.completed"]);
    expect((await walletOf(t, user.accountId))?.balanceCents).toBe(1234);
    const wallet = await t.app.inject({ method: "GET", url: "/api/billing/wallet", headers });
    expect(wallet.json().wallet.balanceCents).toBe(1234);
  });

  it("one Stripe customer per account, however many checkouts", async () => {
    const { user, headers } = await signedInUser(t);
    await Promise.all([
      checkout(headers, { kind: "top_up", amountCents: 1000 }),
      checkout(headers, { kind: "top_up", amountCents: 5000 }),
      checkout(headers, { kind: "plan", plan: "starter", interval: "monthly" }),
    ]);
    const rows = await t.db.db
      .select()
      .from(schema.billingCustomers)
      .where(eq(schema.billingCustomers.accountId, user.accountId));
    expect(rows).toHaveLength(1);
    const customers = new Set(
      sessionRequests()
        .filter((r) => r.params.client_reference_id === user.accountId)
        .map((r) => r.params.customer),
    );
    expect([...customers]).toEqual([rows[0]?.stripeCustomerId]);
  });

  it.each([
    ["starter", "annual", "price_starter_annual", "Starter"],
    ["professional", "monthly", "price_professional_monthly", "Professional"],
    ["enterprise", "annual", "price_enterprise_annual", "Enterprise"],
  ] as const)(
    "a plan (%s, %s) opens Checkout in subscription mode at its price",
    async (plan, interval, price, name) => {
      const { user, headers } = await signedInUser(t);
      const response = await checkout(headers, { kind: "plan", plan, interval });
      expect(response.statusCode).toBe(200);
      expect(sessionRequests().at(-1)?.params).toMatchObject({
        mode: "subscription",
        client_reference_id: user.accountId,
        line_items: [{ price, quantity: "1" }],
        subscription_data: { metadata: { account_id: user.accountId, plan: name } },
        success_url: `${TEST_ORIGIN}/dashboard/billing?session_id={CHECKOUT_SESSION_ID}&status=success&plan=${name}`,
        cancel_url: `${TEST_ORIGIN}/pricing?status=cancel`,
      });
    },
  );

  it("on the nonprofit site a plan uses the nonprofit price ids", async () => {
    const { headers } = await signedInUser(t);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/billing/checkout",
      headers: { ...headers, host: "nonprofit.localhost:3000" },
      payload: { kind: "plan", plan: "starter", interval: "annual" },
    });
    expect(response.statusCode).toBe(200);
    expect(sessionRequests().at(-1)?.params.line_items).toEqual([
      { price: "price_np_starter_annual", quantity: "1" },
    ]);
  });

  it("a completed plan checkout records the subscription and its paid invoice", async () => {
    const { user, headers } = await signedInUser(t);
    const { url } = (
      await checkout(headers, { kind: "plan", plan: "professional", interval: "annual" })
    ).json();
    await t.standIn.completeCheckout(sessionIdOf(url));

    const subscriptions = (
      await t.app.inject({ method: "GET", url: "/api/billing/subscriptions", headers })
    ).json().subscriptions;
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({
      planName: "Professional",
      status: "active",
      monthlyFeeCents: 4999,
      currency: "USD",
      cancelAtPeriodEnd: false,
    });
    expect(subscriptions[0].nextBillingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const invoices = (await t.app.inject({ method: "GET", url: "/api/billing/invoices", headers })).json()
      .invoices;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: "paid", totalAmountCents: 59988, payable: false });
    const [row] = await t.db.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.accountId, user.accountId));
    expect(row?.stripePriceId).toBe("price_professional_annual");
  });
});
