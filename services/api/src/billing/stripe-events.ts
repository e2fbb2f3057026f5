import { type Database, schema } from "@poundline/db";
import type { Stripe } from "@poundline/platform/stripe";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import { checkoutAsyncPaymentFailed, checkoutCompleted } from "./checkout-events";
import { autoRechargeSucceeded } from "./recharge-events";
import { invoicePaid, invoicePaymentFailed, subscriptionChanged } from "./subscription-events";

/**
 * Stripe's webhook events and what each does. `POST /stripe/webhook` verifies the delivery,
 * then `processStripeEvent` runs the event's handler: `load` first, outside any transaction
 * (calls to Stripe's API, e.g. the current subscription where delivery order matters), then
 * `apply` in ONE transaction that also records the event id in processed_webhook_events, so a
 * redelivery (or a concurrent copy) finds the id and changes nothing. Events without a handler
 * are acknowledged and not recorded.
 *
 * To handle another event type, add an entry to `stripeEventHandlers` below.
 */

export interface StripeEventContext {
  /** Stripe's API (null without STRIPE_SECRET_KEY: `load` must then make do with the event). */
  stripe: Stripe | null;
  config: Config;
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
  /** Inside the transaction that records the event id: the event's effect on our rows. */
  apply(tx: Database, event: E, loaded: Loaded, ctx: StripeEventContext): Promise<void>;
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
  "customer.subscription.created": subscriptionChanged,
  "customer.subscription.updated": subscriptionChanged,
  "customer.subscription.deleted": subscriptionChanged,
  "payment_intent.succeeded": autoRechargeSucceeded,
};

export type ProcessOutcome = "applied" | "duplicate" | "ignored";

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
  const loaded = handler.load ? await handler.load(event, context) : undefined;
  const outcome = await db.transaction(async (tx) => {
    // First: a concurrent delivery of the same event waits here on the key, then finds it.
    const recorded = await tx
      .insert(schema.processedWebhookEvents)
      .values({ provider: PROVIDER, eventId: event.id, receivedAt: ctx.now })
      .onConflictDoNothing()
      .returning({ eventId: schema.processedWebhookEvents.eventId });
    if (recorded.length === 0) return "duplicate" as const;
    await handler.apply(tx, event, loaded, context);
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
