import { type Stripe, stripeAddress, stripeClient } from "@poundline/platform/stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeStripeForm, type StripeStandIn, startStripeStandIn } from "../src/stripe-stand-in";

let standIn: StripeStandIn;
let stripe: Stripe;
beforeAll(async () => {
  standIn = await startStripeStandIn({ prices: { price_monthly: { unitAmount: 2499, interval: "month" } } });
  const client = stripeClient({ STRIPE_SECRET_KEY: "sk_test_stand_in", STRIPE_API_URL: standIn.url });
  if (!client) throw new Error("no client");
  stripe = client;
});
afterAll(async () => {
  await standIn.close();
});

describe("stripeClient", () => {
  it("is null without a secret key", () => {
    expect(stripeClient({})).toBeNull();
  });

  it.each([
    ["http://127.0.0.1:12111", { host: "127.0.0.1", port: 12111, protocol: "http" }],
    ["https://stripe.example.test", { host: "stripe.example.test", port: 443, protocol: "https" }],
    ["http://localhost", { host: "localhost", port: 80, protocol: "http" }],
  ])("points the stripe package at %s", (url, expected) => {
    expect(stripeAddress(url)).toEqual(expected);
  });
});

describe("decodeStripeForm", () => {
  it.each([
    ["a=1", { a: "1" }],
    [
      "line_items[0][price]=price_x&line_items[0][quantity]=1",
      { line_items: [{ price: "price_x", quantity: "1" }] },
    ],
    [
      "metadata[account_id]=acct_1&expand[0]=customer",
      { metadata: { account_id: "acct_1" }, expand: ["customer"] },
    ],
  ])("%s", (form, expected) => {
    expect(decodeStripeForm(new URLSearchParams(form))).toEqual(expected);
  });
});

describe("the Stripe stand-in, through the stripe package", () => {
  it("creates customers and checkout sessions from Stripe's fixtures and records the requests", async () => {
    const customer = await stripe.customers.create({
      email: "owner@example.com",
      metadata: { account_id: "acct_1" },
    });
    expect(customer).toMatchObject({
      object: "customer",
      email: "owner@example.com",
      metadata: { account_id: "acct_1" },
    });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      client_reference_id: "acct_1",
      line_items: [{ price: "price_monthly", quantity: 1 }],
      success_url: "http://localhost/dashboard/billing?session_id={CHECKOUT_SESSION_ID}&status=success",
      cancel_url: "http://localhost/pricing?status=cancel",
    });
    expect(session).toMatchObject({
      object: "checkout.session",
      mode: "subscription",
      status: "open",
      amount_total: 2499,
    });
    expect(session.url).toBe(`${standIn.url}/pay/${session.id}`);
    expect(standIn.requests.at(-1)).toMatchObject({
      method: "POST",
      path: "/v1/checkout/sessions",
      params: { line_items: [{ price: "price_monthly", quantity: "1" }], client_reference_id: "acct_1" },
    });
  });

  it("refuses a price it does not know, as Stripe does", async () => {
    await expect(
      stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: "price_unknown", quantity: 1 }],
        success_url: "http://localhost/ok",
      }),
    ).rejects.toMatchObject({ type: "StripeInvalidRequestError", code: "resource_missing" });
  });

  it("lists, sets the default of and detaches a customer's cards", async () => {
    const customer = await stripe.customers.create({ email: "cards@example.com" });
    const card = standIn.addPaymentMethod(customer.id);
    const listed = await stripe.customers.listPaymentMethods(customer.id, { type: "card" });
    expect(listed.data.map((pm) => [pm.id, pm.card?.last4])).toEqual([[card.id, "4242"]]);
    const updated = await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: card.id },
    });
    expect(updated.invoice_settings.default_payment_method).toBe(card.id);
    await stripe.paymentMethods.detach(card.id);
    expect((await stripe.paymentMethods.list({ customer: customer.id, type: "card" })).data).toEqual([]);
  });

  it("confirms off-session PaymentIntents, or declines them when told to", async () => {
    const customer = await stripe.customers.create({ email: "recharge@example.com" });
    const card = standIn.addPaymentMethod(customer.id);
    const recharge = {
      amount: 2500,
      currency: "usd",
      customer: customer.id,
      payment_method: card.id,
      off_session: true,
      confirm: true,
    };
    const paid = await stripe.paymentIntents.create(recharge);
    expect(paid).toMatchObject({ status: "succeeded", amount_received: 2500 });
    standIn.declineNextPayments(1, "insufficient_funds");
    await expect(stripe.paymentIntents.create(recharge)).rejects.toMatchObject({
      type: "StripeCardError",
      code: "card_declined",
      decline_code: "insufficient_funds",
    });
  });

  it("answers stored subscriptions and invoices, and 404 for unknown ids", async () => {
    const subscription = standIn.put(
      standIn.fixture("subscription", { id: "sub_test_1", status: "past_due" }),
    );
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("past_due");
    standIn.put(standIn.fixture("invoice", { id: "in_test_1", status: "open" }));
    expect((await stripe.invoices.retrieve("in_test_1")).status).toBe("open");
    await expect(stripe.subscriptions.retrieve("sub_missing")).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("plan Checkouts and subscriptions ending at the stand-in", () => {
  let own: StripeStandIn;
  let client: Stripe;
  const delivered: { type: string; object: Record<string, unknown> }[] = [];
  beforeAll(async () => {
    own = await startStripeStandIn({
      prices: { price_monthly: { unitAmount: 3000, interval: "month" } },
      webhookSecret: "whsec_stand_in",
      sendWebhook: async (payload) => {
        const event = JSON.parse(payload);
        delivered.push({ type: event.type, object: event.data.object });
        return 200;
      },
    });
    const made = stripeClient({ STRIPE_SECRET_KEY: "sk_test_stand_in", STRIPE_API_URL: own.url });
    if (!made) throw new Error("no client");
    client = made;
  });
  afterAll(() => own.close());

  const openSession = (customer: string) =>
    client.checkout.sessions.create({
      mode: "subscription",
      customer,
      line_items: [{ price: "price_monthly", quantity: 1 }],
      success_url: "http://localhost/ok",
      cancel_url: "http://localhost/pricing",
    });

  it("lists a customer's open sessions and expires one, once; its page can no longer be paid", async () => {
    const customer = await client.customers.create({ email: "a@example.com" });
    const first = await openSession(customer.id);
    const second = await openSession(customer.id);
    const open = await client.checkout.sessions.list({ customer: customer.id, status: "open" });
    expect(open.data.map((s) => s.id).sort()).toEqual([first.id, second.id].sort());

    expect((await client.checkout.sessions.expire(first.id)).status).toBe("expired");
    await expect(client.checkout.sessions.expire(first.id)).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
    });
    const stillOpen = await client.checkout.sessions.list({ customer: customer.id, status: "open" });
    expect(stillOpen.data.map((s) => s.id)).toEqual([second.id]);
    expect(await own.completeCheckout(first.id)).toEqual([]);
    const page = await fetch(`${own.url}/pay/${first.id}`);
    expect(await page.text()).toContain("This checkout session has expired");
  });

  it("cancels a subscription at once, crediting the unused time with prorate and invoice_now", async () => {
    const customer = await client.customers.create({ email: "b@example.com" });
    const session = await openSession(customer.id);
    await own.completeCheckout(session.id);
    const subscriptionId = String(own.objects.get(session.id)?.subscription);
    delivered.length = 0;

    const cancelled = await client.subscriptions.cancel(subscriptionId, { prorate: true, invoice_now: true });
    expect(cancelled).toMatchObject({ id: subscriptionId, status: "canceled" });
    expect(cancelled.canceled_at).not.toBeNull();
    expect(delivered.map((e) => e.type)).toEqual(["customer.subscription.deleted", "invoice.paid"]);
    const credit = delivered[1]?.object as { total: number; amount_paid: number };
    // A whole period left, give or take the seconds the test took.
    expect(credit.total).toBeLessThanOrEqual(-2990);
    expect(credit.amount_paid).toBe(0);
    await expect(client.subscriptions.cancel(subscriptionId)).rejects.toMatchObject({ statusCode: 400 });

    const plain = await openSession(customer.id);
    await own.completeCheckout(plain.id);
    delivered.length = 0;
    await client.subscriptions.cancel(String(own.objects.get(plain.id)?.subscription));
    expect(delivered.map((e) => e.type)).toEqual(["customer.subscription.deleted"]);
  });
});
