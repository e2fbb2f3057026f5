import { billingMessages, type checkoutReturnSchema } from "@poundline/contracts/billing/schemas";
import { AppError } from "@poundline/contracts/errors";
import { type Database, schema } from "@poundline/db";
import type { Config } from "@poundline/platform/api-config";
import type { BillingInterval, StripePlan } from "@poundline/platform/config";
import { Stripe } from "@poundline/platform/stripe";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { checkoutPurposes, rememberCustomer } from "./checkout-events";
import { changePlan, runningSubscriptionId } from "./plan-change";
import { planNames, planPriceId } from "./plans";

const { billingCustomers } = schema;

/** Who is paying: the account and the signed-in user's e-mail (Stripe's receipts go there). */
export interface Payer {
  accountId: string;
  companyName: string;
  email: string | null;
}

export interface CheckoutPorts {
  db: Database;
  stripe: Stripe | null;
  config: Config;
  now: Date;
  /** A plan change recompiles the routing tables (plan limits live there). */
  routing: { changed(): Promise<void> };
}

/** "Stripe Not Configured" on the screen: no secret key, or no valid price id for the plan. */
const notConfigured = () => new AppError("NOT_CONFIGURED", billingMessages.notConfigured);

export function requireStripe(stripe: Stripe | null): Stripe {
  if (!stripe) throw notConfigured();
  return stripe;
}

/**
 * Stripe refused the request (4xx: a price it does not know, a card it declined): 400 with
 * Stripe's message, the screen's "Checkout Error". Its outages stay 5xx.
 */
export async function atStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError && (err.statusCode ?? 500) < 500)
      throw new AppError("BAD_REQUEST", err.message);
    throw err;
  }
}

export async function storedCustomerId(db: Database, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.accountId, accountId));
  return row?.id ?? null;
}

/**
 * The account's one Stripe customer, created on its first checkout with the payer's e-mail.
 * The idempotency key is the account's, so two checkouts at once get the same customer.
 */
export async function ensureCustomer(ports: CheckoutPorts, stripe: Stripe, payer: Payer): Promise<string> {
  const stored = await storedCustomerId(ports.db, payer.accountId);
  if (stored) return stored;
  const customer = await atStripe(() =>
    stripe.customers.create(
      { email: payer.email ?? undefined, name: payer.companyName, metadata: { account_id: payer.accountId } },
      { idempotencyKey: `poundline-customer-${payer.accountId}` },
    ),
  );
  await rememberCustomer(ports.db, payer.accountId, customer.id, ports.now);
  return (await storedCustomerId(ports.db, payer.accountId)) ?? customer.id;
}

function requireEmail(payer: Payer): string {
  if (!payer.email)
    throw new AppError("BAD_REQUEST", billingMessages.emailMissing, {
      email: [billingMessages.emailMissing],
    });
  return payer.email;
}

/** Seed 001: back to the billing screen with the session id and status success. */
function successUrl(config: Config, plan?: string): string {
  const planPart = plan ? `&plan=${encodeURIComponent(plan)}` : "";
  return `${config.PUBLIC_BASE_URL}/dashboard/billing?session_id={CHECKOUT_SESSION_ID}&status=success${planPart}`;
}

/** A Checkout in payment mode for exactly this amount, back to the billing screen either way. */
async function paymentCheckout(
  ports: CheckoutPorts,
  payer: Payer,
  payment: {
    amountCents: number;
    currency: string;
    productName: string;
    metadata: Record<string, string>;
    /** Keep the card on the customer for later off-session charges (auto-recharge). */
    saveCard: boolean;
  },
) {
  const stripe = requireStripe(ports.stripe);
  requireEmail(payer);
  const customer = await ensureCustomer(ports, stripe, payer);
  const metadata = { ...payment.metadata, account_id: payer.accountId };
  const session = await atStripe(() =>
    stripe.checkout.sessions.create({
      mode: "payment",
      customer,
      client_reference_id: payer.accountId,
      line_items: [
        {
          price_data: {
            currency: payment.currency.toLowerCase(),
            unit_amount: payment.amountCents,
            product_data: { name: payment.productName },
          },
          quantity: 1,
        },
      ],
      payment_intent_data: payment.saveCard ? { setup_future_usage: "off_session", metadata } : { metadata },
      metadata,
      success_url: successUrl(ports.config),
      cancel_url: `${ports.config.PUBLIC_BASE_URL}/dashboard/billing?status=cancel`,
    }),
  );
  return checkoutRedirect(session);
}

/** Add Funds: Checkout in payment mode for exactly this amount; the card is kept for later charges. */
export function createTopUpCheckout(ports: CheckoutPorts, payer: Payer, amountCents: number) {
  return paymentCheckout(ports, payer, {
    amountCents,
    currency: "usd",
    productName: "Poundline wallet top-up",
    metadata: { purpose: checkoutPurposes.walletTopUp },
    saveCard: true,
  });
}

/**
 * A plan: Checkout in subscription mode with the plan's price for the billing period, the
 * nonprofit variant's own price ids on its site. Seed 000's URLs: success to the billing
 * screen naming the plan, cancel back to the pricing page. An account whose subscription still
 * runs changes that one instead (billing/plan-change.ts): one subscription per account.
 */
export async function createPlanCheckout(
  ports: CheckoutPorts,
  payer: Payer,
  choice: { plan: StripePlan; interval: BillingInterval; nonprofit: boolean },
) {
  const priceId = planPriceId(ports.config, choice.plan, choice.interval, choice.nonprofit);
  const stripe = requireStripe(ports.stripe);
  if (!priceId) throw notConfigured();
  const running = await runningSubscriptionId(ports.db, payer.accountId);
  if (running) return changePlan(ports, stripe, payer.accountId, running, { ...choice, priceId });
  requireEmail(payer);
  const customer = await ensureCustomer(ports, stripe, payer);
  const plan = planNames[choice.plan];
  // At most one plan Checkout can be paid: the newest opened is the customer's choice.
  await expireOpenPlanCheckouts(stripe, customer);
  const session = await atStripe(() =>
    stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: payer.accountId,
      line_items: [{ price: priceId, quantity: 1 }],
      subscription_data: { metadata: { account_id: payer.accountId, plan } },
      metadata: { purpose: PLAN_CHECKOUT_PURPOSE, account_id: payer.accountId, plan },
      success_url: successUrl(ports.config, plan),
      cancel_url: `${ports.config.PUBLIC_BASE_URL}/pricing?status=cancel`,
    }),
  );
  return checkoutRedirect(session);
}

/** `metadata.purpose` of a plan Checkout. */
export const PLAN_CHECKOUT_PURPOSE = "subscription";

/**
 * Expires the customer's plan Checkouts still open (another tab, a double click, another admin),
 * so a second subscription cannot be paid for. One completed or expired meanwhile is left as it
 * is: a second subscription that slips through is cancelled when it arrives
 * (billing/one-subscription.ts).
 */
async function expireOpenPlanCheckouts(stripe: Stripe, customer: string) {
  const open = stripe.checkout.sessions.list({ customer, status: "open", limit: 100 });
  for await (const session of open) {
    if (session.mode !== "subscription" || session.metadata?.purpose !== PLAN_CHECKOUT_PURPOSE) continue;
    try {
      await stripe.checkout.sessions.expire(session.id);
    } catch (err) {
      // Stripe refuses a session no longer open (paid a moment ago): the safety net handles it.
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
    }
  }
}

export type CheckoutReturn = z.output<typeof checkoutReturnSchema>;

/**
 * The account's Checkout session as Stripe has it, for the billing screen's return from Checkout:
 * null when Stripe knows no such session or it is another account's (the return URL is anyone's
 * to craft, so the screen claims nothing it does not get from here).
 */
export async function findCheckoutReturn(
  ports: CheckoutPorts,
  accountId: string,
  sessionId: string,
): Promise<CheckoutReturn | null> {
  const stripe = requireStripe(ports.stripe);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
    throw err;
  }
  if (session.client_reference_id !== accountId) return null;
  const isPlan = session.mode === "subscription" && session.metadata?.purpose === PLAN_CHECKOUT_PURPOSE;
  return {
    paid: session.status === "complete",
    kind: isPlan ? "plan" : session.metadata?.purpose === checkoutPurposes.invoice ? "invoice" : "top_up",
    plan: isPlan ? (session.metadata?.plan ?? null) : null,
  };
}

/** Pay Now for one of our own invoices (no Stripe-hosted page): a payment Checkout of its total. */
export function createInvoiceCheckout(
  ports: CheckoutPorts,
  payer: Payer,
  invoice: { id: string; invoiceNumber: string; totalAmountCents: number; currency: string },
) {
  return paymentCheckout(ports, payer, {
    amountCents: invoice.totalAmountCents,
    currency: invoice.currency,
    productName: `Poundline invoice ${invoice.invoiceNumber}`,
    metadata: { purpose: checkoutPurposes.invoice, invoice_id: invoice.id },
    saveCard: false,
  });
}

function checkoutRedirect(session: Stripe.Checkout.Session): { url: string } {
  if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
  return { url: session.url };
}

/**
 * Stripe's customer portal for the account's own customer (cards, invoices, the plan: its plan
 * changes reach us as customer.subscription.updated), back to the billing screen.
 */
export async function createPortalSession(ports: CheckoutPorts, accountId: string): Promise<{ url: string }> {
  const stripe = requireStripe(ports.stripe);
  const customer = await storedCustomerId(ports.db, accountId);
  if (!customer) throw new AppError("NOT_FOUND", billingMessages.noCustomer);
  const session = await atStripe(() =>
    stripe.billingPortal.sessions.create({
      customer,
      return_url: `${ports.config.PUBLIC_BASE_URL}/dashboard/billing`,
    }),
  );
  return { url: session.url };
}
