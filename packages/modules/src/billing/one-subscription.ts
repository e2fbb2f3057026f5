import { enqueue, type OutboxTransaction } from "@poundline/platform/outbox";
import type { Stripe } from "@poundline/platform/stripe";
import { planOfPrice } from "./plans";
import type { StripeEventContext } from "./stripe-events";
import { recordSubscription } from "./subscription-rows";

/**
 * One subscription per account, the safety net: opening a plan Checkout expires the others
 * (billing/checkout.ts), but two opened at the same moment can both be paid. When a subscription
 * arrives (checkout.session.completed, customer.subscription.created) and the customer has
 * another one still billing at Stripe, the newest stands and the older ones are cancelled at once,
 * their unused time credited (`prorate` + `invoice_now`). Decided from Stripe's own list, so a
 * duplicate or late delivery finds a single subscription running and changes nothing.
 */

/** Statuses Stripe bills (or is about to): a second one of these is a double subscription. */
const BILLING_STATUSES: readonly Stripe.Subscription.Status[] = ["active", "trialing", "past_due"];

export interface Replacement {
  kept: Stripe.Subscription;
  /** The older subscriptions as Stripe answered their cancellation. */
  cancelled: Stripe.Subscription[];
}

/** One of ours: a plan's price, or the metadata our plan Checkouts give their subscription. */
function isPlanSubscription(ctx: StripeEventContext, subscription: Stripe.Subscription): boolean {
  return (
    Boolean(planOfPrice(ctx.config, subscription.items.data[0]?.price.id)) ||
    Boolean(subscription.metadata?.account_id)
  );
}

/**
 * In `load` (Stripe's API, before the event's transaction): cancels all but the newest of the
 * customer's billing subscriptions. Within the same second, the one the event brings stands.
 */
export async function keepNewestSubscription(
  ctx: StripeEventContext,
  customerId: string | null,
  arrivedId: string | null,
): Promise<Replacement | null> {
  if (!ctx.stripe || !customerId) return null;
  const stripe = ctx.stripe;
  const billing: Stripe.Subscription[] = [];
  for await (const subscription of stripe.subscriptions.list({
    customer: customerId,
    status: "all",
    limit: 100,
  }))
    if (BILLING_STATUSES.includes(subscription.status) && isPlanSubscription(ctx, subscription))
      billing.push(subscription);
  if (billing.length < 2) return null;
  billing.sort((a, b) => b.created - a.created || Number(b.id === arrivedId) - Number(a.id === arrivedId));
  const [kept, ...older] = billing as [Stripe.Subscription, ...Stripe.Subscription[]];
  const cancelled: Stripe.Subscription[] = [];
  for (const subscription of older)
    cancelled.push(
      await stripe.subscriptions.cancel(
        subscription.id,
        {
          prorate: true,
          invoice_now: true,
          cancellation_details: { comment: `Replaced by ${kept.id}: one subscription per account` },
        },
        { idempotencyKey: `poundline-replaced-${subscription.id}` },
      ),
    );
  return { kept, cancelled };
}

/**
 * In `apply`: the cancellations in our subscription rows, logged, and the owners told (one job
 * per cancelled subscription, keyed by it).
 */
export async function recordReplacement(
  tx: OutboxTransaction,
  accountId: string,
  replacement: Replacement | null,
  ctx: StripeEventContext,
) {
  if (!replacement) return;
  const keptRowId = await recordSubscription(tx, accountId, replacement.kept, ctx);
  for (const cancelled of replacement.cancelled) {
    const rowId = await recordSubscription(tx, accountId, cancelled, ctx);
    ctx.log.warn(
      { accountId, cancelled: cancelled.id, kept: replacement.kept.id },
      "a second subscription was paid for: the older one is cancelled with its unused time credited",
    );
    await enqueue(
      tx,
      { queue: "notifications", name: "subscription-replaced", jobId: `subscription-replaced:${rowId}` },
      { accountId, cancelledSubscriptionId: rowId, keptSubscriptionId: keptRowId },
    );
  }
}
