import { applyCredit, type Database, schema } from "@poundline/db";
import { type Stripe, stripeId } from "@poundline/platform/stripe";
import { and, eq, ne } from "drizzle-orm";
import { keepNewestSubscription, type Replacement, recordReplacement } from "./one-subscription";
import type { StripeEventContext, StripeEventHandler } from "./stripe-events";
import { accountThatExists, recordSubscription } from "./subscription-rows";

const { billingCustomers, invoices } = schema;

/** `metadata.purpose` of the payment Checkouts we create. */
export const checkoutPurposes = { walletTopUp: "wallet_top_up", invoice: "invoice" } as const;

/** A subscription Checkout's subscription as Stripe has it now, and any older one it replaced. */
interface PaidSubscription {
  subscription: Stripe.Subscription | null;
  replacement: Replacement | null;
}

type PaidCheckoutEvent =
  | Stripe.CheckoutSessionCompletedEvent
  | Stripe.CheckoutSessionAsyncPaymentSucceededEvent;

/** Keeps the account's Stripe customer (one per account; the first one recorded stays). */
export async function rememberCustomer(
  tx: Database,
  accountId: string,
  customerId: string | null,
  now: Date,
) {
  if (!customerId) return;
  await tx
    .insert(billingCustomers)
    .values({ accountId, stripeCustomerId: customerId, createdAt: now })
    .onConflictDoNothing();
}

/**
 * A paid top-up: the wallet is credited with the session's own amount_total for the account in
 * its client_reference_id, from the verified event alone (no call back to Stripe). The session id
 * is the ledger's idempotency key, so the completion and a later async_payment_succeeded of the
 * same session credit once.
 */
async function creditTopUp(
  tx: Database,
  accountId: string,
  session: Stripe.Checkout.Session,
  ctx: StripeEventContext,
) {
  const amount = session.amount_total ?? 0;
  if (session.currency?.toLowerCase() !== "usd" || amount <= 0) {
    ctx.log.warn(
      { session: session.id, currency: session.currency, amount },
      "top-up not in USD cents: not credited",
    );
    return;
  }
  const result = await applyCredit(tx, {
    accountId,
    type: "top_up",
    amountCents: amount,
    idempotencyKey: `stripe-checkout:${session.id}`,
    reference: stripeId(session.payment_intent) ?? session.id,
    description: "Wallet top-up (card payment)",
    now: ctx.now,
  });
  // An empty wallet kept calls and texts out (the telephony gate): recompile so the next one goes through.
  if (result.status === "applied" && result.balanceAfterCents - amount <= 0)
    ctx.afterCommit(() => ctx.routing.changed());
}

/** "Pay Now" on one of our own invoices through a payment Checkout. */
async function settleInvoice(
  tx: Database,
  accountId: string,
  session: Stripe.Checkout.Session,
  ctx: StripeEventContext,
) {
  const invoiceId = session.metadata?.invoice_id;
  if (!invoiceId) return;
  await tx
    .update(invoices)
    .set({ status: "paid", paidAt: ctx.now, updatedAt: ctx.now })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.accountId, accountId), ne(invoices.status, "paid")));
}

/**
 * checkout.session.completed (and async_payment_succeeded): a paid top-up credits the wallet; an
 * invoice payment settles it; a subscription is recorded as Stripe has it now. A completion
 * still unpaid (a delayed payment method) waits for async_payment_succeeded.
 */
export const checkoutCompleted: StripeEventHandler<PaidCheckoutEvent, PaidSubscription> = {
  async load(event, ctx) {
    const session = event.data.object;
    const subscriptionId = session.mode === "subscription" ? stripeId(session.subscription) : null;
    if (!subscriptionId || !ctx.stripe) return { subscription: null, replacement: null };
    // First the one-subscription rule (it may cancel this very one, when it is the older), then its state.
    const replacement = await keepNewestSubscription(ctx, stripeId(session.customer), subscriptionId);
    return { subscription: await ctx.stripe.subscriptions.retrieve(subscriptionId), replacement };
  },
  async apply(tx, event, { subscription, replacement }, ctx) {
    const session = event.data.object;
    const accountId = await accountThatExists(tx, session.client_reference_id);
    if (!accountId) {
      ctx.log.warn({ session: session.id, event: event.id }, "Stripe checkout of no known account");
      return;
    }
    await rememberCustomer(tx, accountId, stripeId(session.customer), ctx.now);
    if (session.mode === "subscription") {
      if (subscription) await recordSubscription(tx, accountId, subscription, ctx);
      await recordReplacement(tx, accountId, replacement, ctx);
      return;
    }
    if (session.mode !== "payment" || session.payment_status !== "paid") return;
    if (session.metadata?.purpose === checkoutPurposes.invoice)
      await settleInvoice(tx, accountId, session, ctx);
    else await creditTopUp(tx, accountId, session, ctx);
  },
};

/** A delayed payment failed: nothing was credited, so nothing to undo; the event is recorded. */
export const checkoutAsyncPaymentFailed: StripeEventHandler<Stripe.CheckoutSessionAsyncPaymentFailedEvent> = {
  async apply(_tx, event, _loaded, ctx) {
    ctx.log.info({ session: event.data.object.id }, "Stripe checkout's delayed payment failed");
  },
};
