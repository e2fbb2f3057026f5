import { schema } from "@poundline/db";
import { rememberCustomer } from "@poundline/modules/billing/checkout-events";
import type { StripeObject } from "@poundline/testing/stripe-stand-in";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../fixtures";
import { type BillingTestApp, createBillingApp, deliver, PRICES } from "./helpers";

let t: BillingTestApp;
beforeAll(async () => {
  t = await createBillingApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400;

/** An account with a Stripe customer, and a subscription object of Stripe's fixture for it. */
async function customerWithSubscription(price: { id: string; unitAmount: number; interval: string }) {
  const user = await createUser(t);
  const customerId = `cus_test_${crypto.randomUUID().slice(0, 12)}`;
  await rememberCustomer(t.db.db, user.accountId, customerId, new Date());
  const template = t.standIn.fixture("subscription");
  const periodEnd = Math.floor(Date.parse("2027-01-15T00:00:00Z") / 1000);
  const subscription: StripeObject = {
    ...template,
    id: `sub_test_${crypto.randomUUID().slice(0, 12)}`,
    customer: customerId,
    status: "active",
    cancel_at_period_end: false,
    metadata: { account_id: user.accountId },
    items: {
      ...template.items,
      data: [
        {
          ...template.items.data[0],
          current_period_end: periodEnd,
          price: {
            ...template.items.data[0].price,
            id: price.id,
            unit_amount: price.unitAmount,
            recurring: { ...template.items.data[0].price.recurring, interval: price.interval },
          },
        },
      ],
    },
  };
  return { user, customerId, subscription, periodEnd };
}

async function subscriptionRow(stripeSubscriptionId: string) {
  const [row] = await t.db.db
    .select()
    .from(schema.subscriptions)
    .where(eq(schema.subscriptions.stripeSubscriptionId, stripeSubscriptionId));
  return row;
}

describe("subscription and invoice events", () => {
  it("an upgrade recorded at once: updated carries the new plan and price", async () => {
    const { user, subscription } = await customerWithSubscription(PRICES.STRIPE_PRICE_STARTER_MONTHLY);
    t.standIn.put(subscription);
    await deliver(t, t.standIn.event("customer.subscription.created", subscription));
    expect(await subscriptionRow(subscription.id)).toMatchObject({
      accountId: user.accountId,
      planName: "Starter",
      monthlyFeeCents: 2499,
    });

    const upgraded = structuredClone(subscription);
    upgraded.items.data[0].price = {
      ...upgraded.items.data[0].price,
      id: "price_professional_monthly",
      unit_amount: 5999,
    };
    t.standIn.put(upgraded);
    await deliver(t, t.standIn.event("customer.subscription.updated", upgraded));
    expect(await subscriptionRow(subscription.id)).toMatchObject({
      planName: "Professional",
      stripePriceId: "price_professional_monthly",
      monthlyFeeCents: 5999,
      nextBillingDate: "2027-01-15",
    });
  });

  it("events out of order end in Stripe's current state (the object is fetched again)", async () => {
    const { subscription, periodEnd } = await customerWithSubscription(PRICES.STRIPE_PRICE_ENTERPRISE_ANNUAL);
    const cancelling = { ...structuredClone(subscription), cancel_at_period_end: true };
    const canceled = { ...structuredClone(subscription), status: "canceled", cancel_at_period_end: false };
    // Stripe has it canceled; the deliveries arrive newest first.
    t.standIn.put(canceled);
    await deliver(t, t.standIn.event("customer.subscription.deleted", canceled, { created: periodEnd }));
    await deliver(
      t,
      t.standIn.event("customer.subscription.updated", cancelling, { created: periodEnd - 30 * DAY }),
    );
    await deliver(
      t,
      t.standIn.event("customer.subscription.created", subscription, { created: periodEnd - 300 * DAY }),
    );
    expect(await subscriptionRow(subscription.id)).toMatchObject({
      status: "canceled",
      planName: "Enterprise",
      monthlyFeeCents: 9999,
      nextBillingDate: null,
      currentPeriodEnd: new Date(periodEnd * 1000),
    });
  });

  it("cancellation at the end of the period keeps the plan until then", async () => {
    const { subscription, periodEnd } = await customerWithSubscription(PRICES.STRIPE_PRICE_STARTER_ANNUAL);
    const cancelling = { ...structuredClone(subscription), cancel_at_period_end: true };
    t.standIn.put(cancelling);
    await deliver(t, t.standIn.event("customer.subscription.updated", cancelling));
    expect(await subscriptionRow(subscription.id)).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(periodEnd * 1000),
      monthlyFeeCents: 1999,
    });
  });

  it("a failed invoice is unpaid with Stripe's pay page and the subscription past due; paid settles both", async () => {
    const { user, customerId, subscription } = await customerWithSubscription(
      PRICES.STRIPE_PRICE_PROFESSIONAL_MONTHLY,
    );
    const invoice = t.standIn.fixture("invoice", {
      id: `in_test_${crypto.randomUUID().slice(0, 12)}`,
      number: `INV-${crypto.randomUUID().slice(0, 6)}`,
      customer: customerId,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { metadata: null, subscription: subscription.id },
      },
      status: "open",
      attempted: true,
      total: 5999,
      currency: "usd",
      created: 1_790_000_000,
      due_date: 1_790_000_000 + 7 * DAY,
      hosted_invoice_url: "https://invoice.stripe.test/i/1",
    });
    t.standIn.put(invoice);
    t.standIn.put({ ...subscription, status: "past_due" });
    await deliver(t, t.standIn.event("invoice.payment_failed", invoice));

    const [failed] = await t.db.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.stripeInvoiceId, invoice.id));
    expect(failed).toMatchObject({
      accountId: user.accountId,
      status: "unpaid",
      totalAmountCents: 5999,
      hostedInvoiceUrl: "https://invoice.stripe.test/i/1",
      invoiceNumber: invoice.number,
    });
    expect((await subscriptionRow(subscription.id))?.status).toBe("past_due");

    const paid = {
      ...invoice,
      status: "paid",
      status_transitions: { ...invoice.status_transitions, paid_at: 1_790_100_000 },
    };
    t.standIn.put(paid);
    t.standIn.put({ ...subscription, status: "active" });
    // The older failure delivered again after the payment changes nothing.
    await deliver(t, t.standIn.event("invoice.paid", paid));
    await deliver(t, t.standIn.event("invoice.payment_failed", invoice));
    const rows = await t.db.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.stripeInvoiceId, invoice.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "paid", paidAt: new Date(1_790_100_000 * 1000) });
    expect((await subscriptionRow(subscription.id))?.status).toBe("active");
  });
});
