import { applyCredit } from "@poundline/db";
import type { Stripe } from "@poundline/platform/stripe";
import { AUTO_RECHARGE_PURPOSE, paymentIdempotencyKey } from "../jobs";
import type { StripeEventHandler } from "./stripe-events";
import { accountOfCustomer } from "./subscription-rows";

/**
 * `payment_intent.succeeded` of an auto-recharge (packages/modules/src/billing/jobs/spend-guard.ts): credits the
 * wallet under the PaymentIntent's key, the one the worker uses when the confirmation answers
 * first, so the credit lands once whichever comes first (and lands even if the worker stopped
 * between charging the card and crediting). Other PaymentIntents (Checkout's) are the checkout
 * handlers' business.
 */
export const autoRechargeSucceeded: StripeEventHandler<Stripe.PaymentIntentSucceededEvent> = {
  async apply(tx, event, _loaded, ctx) {
    const intent = event.data.object;
    if (intent.metadata?.purpose !== AUTO_RECHARGE_PURPOSE) return;
    const accountId = await accountOfCustomer(tx, intent.customer, intent.metadata?.account_id);
    const amount = intent.amount_received || intent.amount;
    if (!accountId || intent.currency.toLowerCase() !== "usd" || amount <= 0) {
      ctx.log.warn({ paymentIntent: intent.id }, "auto-recharge payment of no known account: not credited");
      return;
    }
    const result = await applyCredit(tx, {
      accountId,
      type: "top_up",
      amountCents: amount,
      idempotencyKey: paymentIdempotencyKey(intent.id),
      reference: intent.id,
      description: "Auto-recharge",
      now: ctx.now,
    });
    if (result.status === "applied" && result.balanceAfterCents - amount <= 0)
      ctx.afterCommit(() => ctx.routing.changed());
  },
};
