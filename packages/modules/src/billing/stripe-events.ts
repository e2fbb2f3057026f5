import { type Database, schema } from "@poundline/db";
import type { Config } from "@poundline/platform/api-config";
import type { OutboxTransaction, OutboxWriter } from "@poundline/platform/outbox";
import { type Stripe, stripeId } from "@poundline/platform/stripe";
import { and, eq, or } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { checkoutAsyncPaymentFailed, checkoutCompleted } from "./checkout-events";
import { autoRechargeSucceeded } from "./recharge-events";
import { chargeRefunded, disputeClosed, disputeCreated } from "./reversal-events";
import {
  invoicePaid,
  invoicePaymentFailed,
  subscriptionChanged,
  subscriptionCreated,
} from "./subscription-events";

/**
 * Stripe's webhook events and what each does. `POST /stripe/webhook` verifies the delivery,
 * then `processStripeEvent` runs the event's handler: `load` first, outside any transaction
 * (calls to Stripe's API, e.g. the current subscription where delivery order matters), then
 * `apply` in ONE transaction that also records the event id in processed_webhook_events, so a
 * redelivery (or a concurrent copy) finds the id and changes nothing. Events without a handler
 * are acknowledged and not recorded.
 *
 * Refused (recorded, logged, nothing applied, answered 200 so Stripe does not retry it): an event
 * carrying an amount above Stripe's ceiling, or whose customer is not the account it names.
 *
 * To handle another event type, add an entry to `stripeEventHandlers` below.
 */

export interface StripeEventContext {
  /** Stripe's API (null without STRIPE_SECRET_KEY: `load` must then make do with the event). */
  stripe: Stripe | null;
  config: Config;
  /** Jobs (owner notices) go out through the outbox, in the event's transaction. */
  outbox: OutboxWriter;
  now: Date;
  log: FastifyBaseLogger;
  /** The routing tables: a wallet lifted above zero reopens calls and texts once they recompile. */
  routing: { changed(): Promise<void> };
  /** Runs once the transaction has committed (e.g. recompiling the routing tables). */
  afterCommit(effect: () => Promise<void>): void;
}

export interface StripeEventHandler<E extends Stripe.Event = Stripe.Event, Loaded = unknown> {
  /** Outside the transaction: what `apply` needs from Stripe's API. */
  load?(event: E, ctx: StripeEventContext): Promise<Loaded>;
  /**
   * Inside the transaction that records the event id: the event's effect on our rows, or a
   * refusal (checked before writing anything), logged and answered "refused".
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: most handlers answer nothing; only a refusal is a value.
  apply(tx: OutboxTransaction, event: E, loaded: Loaded, ctx: StripeEventContext): Promise<void | Refusal>;
}

/** Why an event was refused (logged with it). */
export interface Refusal {
  refused: string;
}

type EventOfType<T extends Stripe.Event.Type> = Extract<Stripe.Event, { type: T }>;

export type StripeEventHandlers = {
  [T in Stripe.Event.Type]?: StripeEventHandler<EventOfType<T>>;
};

/** The registry: event type → handler. */
export const stripeEventHandlers: StripeEventHandlers = {
  "checkout.session.completed": checkoutCompleted,
  // A delayed payment method (bank debit) succeeded: the same fulfilment as a paid completion.
  "checkout.session.async_payment_succeeded": checkoutCompleted,
  "checkout.session.async_payment_failed": checkoutAsyncPaymentFailed,
  "invoice.paid": invoicePaid,
  "invoice.payment_failed": invoicePaymentFailed,
  "customer.subscription.created": subscriptionCreated,
  "customer.subscription.updated": subscriptionChanged,
  "customer.subscription.deleted": subscriptionChanged,
  "payment_intent.succeeded": autoRechargeSucceeded,
  "charge.refunded": chargeRefunded,
  "charge.dispute.created": disputeCreated,
  "charge.dispute.closed": disputeClosed,
};

export type ProcessOutcome = "applied" | "duplicate" | "ignored" | "refused";

/** Stripe's largest amount in the smallest unit of USD ($999,999.99): anything above is not a payment. */
export const STRIPE_MAX_AMOUNT_CENTS = 99_999_999;

/** The amount fields of the objects our handlers read. */
const AMOUNT_FIELDS = [
  "amount",
  "amount_total",
  "amount_subtotal",
  "amount_received",
  "amount_captured",
  "amount_refunded",
  "amount_paid",
  "amount_due",
  "total",
  "subtotal",
] as const;

/** An amount Stripe could not have sent (above its ceiling, or not an integer). */
export function amountRefusal(object: Record<string, unknown>): Refusal | null {
  for (const field of AMOUNT_FIELDS) {
    const value = object[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value > STRIPE_MAX_AMOUNT_CENTS)
      return {
        refused: `${field} ${String(value)} is beyond Stripe's ceiling of ${STRIPE_MAX_AMOUNT_CENTS}`,
      };
  }
  return null;
}

/**
 * The account an event's object names (a Checkout's client_reference_id, our metadata's
 * account_id) against its customer: each must be the other's in billing_customers, when known.
 */
async function customerRefusal(tx: Database, object: Record<string, unknown>): Promise<Refusal | null> {
  const metadata = object.metadata as Record<string, string> | null | undefined;
  const named = (object.client_reference_id as string | null | undefined) ?? metadata?.account_id ?? null;
  const customer = stripeId(object.customer as string | { id: string } | null | undefined);
  if (!named || !customer) return null;
  return customerOfAnotherAccount(tx, customer, named);
}

/** A refusal when the Stripe customer is known as another account's, or the account has another customer. */
export async function customerOfAnotherAccount(
  tx: Database,
  customerId: string,
  accountId: string,
): Promise<Refusal | null> {
  const { billingCustomers: t } = schema;
  const rows = await tx
    .select({ accountId: t.accountId, customerId: t.stripeCustomerId })
    .from(t)
    .where(or(eq(t.stripeCustomerId, customerId), eq(t.accountId, accountId)));
  const mismatch = rows.find((row) => row.accountId !== accountId || row.customerId !== customerId);
  return mismatch ? { refused: `customer ${customerId} is not account ${accountId}'s` } : null;
}

const PROVIDER = "stripe";

/** Runs a verified event's handler once, whatever the number of deliveries (see the top of the file). */
export async function processStripeEvent(
  db: Database,
  event: Stripe.Event,
  ctx: Omit<StripeEventContext, "afterCommit">,
): Promise<ProcessOutcome> {
  const handler = stripeEventHandlers[event.type] as StripeEventHandler | undefined;
  if (!handler) return "ignored";
  if (await alreadyProcessed(db, event.id)) return "duplicate";
  const effects: (() => Promise<void>)[] = [];
  const context: StripeEventContext = { ...ctx, afterCommit: (effect) => effects.push(effect) };
  const object = event.data.object as unknown as Record<string, unknown>;
  const early = amountRefusal(object);
  const loaded = handler.load && !early ? await handler.load(event, context) : undefined;
  const outcome = await ctx.outbox.transaction(async (tx) => {
    // First: a concurrent delivery of the same event waits here on the key, then finds it.
    const recorded = await tx
      .insert(schema.processedWebhookEvents)
      .values({ provider: PROVIDER, eventId: event.id, receivedAt: ctx.now })
      .onConflictDoNothing()
      .returning({ eventId: schema.processedWebhookEvents.eventId });
    if (recorded.length === 0) return "duplicate" as const;
    const refusal =
      early ?? (await customerRefusal(tx, object)) ?? (await handler.apply(tx, event, loaded, context));
    if (refusal) {
      ctx.log.warn({ event: event.id, type: event.type, reason: refusal.refused }, "Stripe event refused");
      return "refused" as const;
    }
    return "applied" as const;
  });
  if (outcome === "applied") for (const effect of effects) await effect();
  return outcome;
}

async function alreadyProcessed(db: Database, eventId: string): Promise<boolean> {
  const { processedWebhookEvents: t } = schema;
  const rows = await db
    .select({ eventId: t.eventId })
    .from(t)
    .where(and(eq(t.provider, PROVIDER), eq(t.eventId, eventId)))
    .limit(1);
  return rows.length > 0;
}
