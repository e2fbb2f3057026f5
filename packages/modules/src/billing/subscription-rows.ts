import { type Database, newId, schema } from "@poundline/db";
import { subscriptionStatuses } from "@poundline/db/enums";
import { type Stripe, stripeId } from "@poundline/platform/stripe";
import { eq } from "drizzle-orm";
import { planColumnsAfterChange } from "./current-plan";
import { planMonthlyCents, planNames, planOfPrice } from "./plans";
import type { StripeEventContext } from "./stripe-events";

/** Our rows of Stripe's customers and subscriptions, written from Stripe's current objects. */

const { accounts, billingCustomers, subscriptions } = schema;

/** What the subscriptions table calls the service every plan is of. */
export const SERVICE_NAME = "Poundline Phone System";

type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Stripe's subscription statuses are ours; one Stripe adds later counts as incomplete until we know it. */
const subscriptionStatusOf = (status: string): SubscriptionStatus =>
  (subscriptionStatuses as readonly string[]).includes(status)
    ? (status as SubscriptionStatus)
    : "incomplete";

/** A Stripe timestamp (seconds) as an ISO date. */
export const dateOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** Where the billing period ends: on the item since Stripe's 2025 API versions, on the subscription before. */
function periodEndOf(subscription: Stripe.Subscription): number | null {
  const item = subscription.items.data[0];
  return (
    item?.current_period_end ?? (subscription as { current_period_end?: number }).current_period_end ?? null
  );
}

/** The account a Stripe customer belongs to (our billing_customers row), or the one the metadata names. */
export async function accountOfCustomer(
  tx: Database,
  customer: string | { id: string } | null,
  metadataAccountId?: string | null,
): Promise<string | null> {
  const customerId = stripeId(customer);
  if (customerId) {
    const [row] = await tx
      .select({ accountId: billingCustomers.accountId })
      .from(billingCustomers)
      .where(eq(billingCustomers.stripeCustomerId, customerId));
    if (row) return row.accountId;
  }
  return metadataAccountId ? accountThatExists(tx, metadataAccountId) : null;
}

/** The id when such an account exists (a client_reference_id or metadata comes from Stripe's copy). */
export async function accountThatExists(tx: Database, accountId: string | null | undefined) {
  if (!accountId) return null;
  const [row] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  return row?.id ?? null;
}

/**
 * Records Stripe's subscription as it is now: plan (from the configured price ids), status, the
 * end of the paid period, whether it cancels then. Written from the current object, so events
 * arriving out of order still end in Stripe's latest state.
 */
export async function recordSubscription(
  tx: Database,
  accountId: string,
  subscription: Stripe.Subscription,
  ctx: Pick<StripeEventContext, "config" | "now" | "routing" | "afterCommit">,
): Promise<string> {
  const price = subscription.items.data[0]?.price;
  const priced = planOfPrice(ctx.config, price?.id);
  const planName = priced
    ? planNames[priced.plan]
    : (subscription.metadata?.plan ?? price?.nickname ?? "Subscription");
  const perMonth = price?.unit_amount
    ? price.recurring?.interval === "year"
      ? Math.round(price.unit_amount / 12)
      : price.unit_amount
    : priced
      ? planMonthlyCents[priced.plan][priced.interval]
      : 0;
  const periodEnd = periodEndOf(subscription);
  // Upgrades at once, downgrades at the next billing cycle (billing/current-plan.ts).
  const plan = await planColumnsAfterChange(tx, subscription.id, planName, ctx.now);
  const values = {
    status: subscriptionStatusOf(subscription.status),
    ...plan,
    stripePriceId: price?.id ?? null,
    monthlyFeeCents: perMonth,
    currency: (subscription.currency ?? "usd").toUpperCase(),
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    nextBillingDate: periodEnd && subscription.status !== "canceled" ? dateOf(periodEnd) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    updatedAt: ctx.now,
  };
  const [row] = await tx
    .insert(subscriptions)
    .values({
      ...values,
      id: newId("subscription"),
      accountId,
      serviceName: SERVICE_NAME,
      stripeSubscriptionId: subscription.id,
      createdAt: ctx.now,
    })
    .onConflictDoUpdate({ target: subscriptions.stripeSubscriptionId, set: values })
    .returning({ id: subscriptions.id });
  if (!row) throw new Error(`subscription ${subscription.id} not recorded`);
  // A subscription starting or ending opens or closes the trial gate: recompile routing.
  ctx.afterCommit(() => ctx.routing.changed());
  return row.id;
}
