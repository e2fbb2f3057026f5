import { type Database, schema } from "@poundline/db";
import { type Stripe, stripeId } from "@poundline/platform/stripe";
import { eq } from "drizzle-orm";
import type { CardChargeResult, CardCharger } from "./spend-guard";

/** What the PaymentIntent's metadata says it is for: the webhook handler credits these the same way. */
export const AUTO_RECHARGE_PURPOSE = "auto_recharge";

/** Stripe's error as the console and the e-mail say it. */
function failureOf(err: unknown): CardChargeResult {
  const e = err as { type?: string; message?: string; raw?: { payment_intent?: { id?: string } } };
  if (e?.type === "StripeCardError" || e?.type === "card_error")
    return {
      status: "failed",
      message: e.message ?? "Your card was declined.",
      paymentIntentId: e.raw?.payment_intent?.id ?? null,
    };
  throw err;
}

/**
 * Auto-recharge through Stripe: an off-session PaymentIntent on the account's Stripe customer
 * (billing_customers) and its default card, confirmed at once. Card errors (declined, expired,
 * authentication required) are failures to report; Stripe's own failures are thrown.
 */
export function stripeCardCharger(db: Database, stripe: Stripe): CardCharger {
  return {
    async chargeSavedCard({ accountId, amountCents, idempotencyKey }) {
      const [customer] = await db
        .select({ id: schema.billingCustomers.stripeCustomerId })
        .from(schema.billingCustomers)
        .where(eq(schema.billingCustomers.accountId, accountId));
      if (!customer)
        return { status: "failed", message: "No card is saved for this account.", paymentIntentId: null };
      const found = await stripe.customers.retrieve(customer.id);
      let paymentMethod =
        "deleted" in found && found.deleted
          ? null
          : stripeId(found.invoice_settings?.default_payment_method ?? null);
      if (!paymentMethod) {
        const cards = await stripe.customers.listPaymentMethods(customer.id, { type: "card", limit: 1 });
        paymentMethod = cards.data[0]?.id ?? null;
      }
      if (!paymentMethod)
        return { status: "failed", message: "No card is saved for this account.", paymentIntentId: null };
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: "usd",
            customer: customer.id,
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            description: "Poundline wallet auto-recharge",
            metadata: { account_id: accountId, purpose: AUTO_RECHARGE_PURPOSE },
          },
          { idempotencyKey },
        );
        if (intent.status !== "succeeded")
          return {
            status: "failed",
            message: `The payment is ${intent.status.replaceAll("_", " ")}.`,
            paymentIntentId: intent.id,
          };
        return {
          status: "succeeded",
          paymentIntentId: intent.id,
          amountCents: intent.amount_received || intent.amount,
        };
      } catch (err) {
        return failureOf(err);
      }
    },
  };
}
