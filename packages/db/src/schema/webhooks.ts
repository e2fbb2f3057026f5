import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { accounts } from "./auth";
import { createdAt, idColumn, instant, oneOf, timestamps } from "./columns";

/** Where a delivery stands: waiting (for its first attempt, a retry, or an earlier event), done, or given up. */
export const webhookDeliveryStatuses = ["pending", "delivered", "failed"] as const;

/**
 * An account's outgoing webhook: the endpoint, the events it chose, and the secret its
 * deliveries are signed with (Standard Webhooks: `whsec_` and base64 of random bytes). Turned off
 * by hand or after sustained failure, with the reason and time; `failing_since` is the first
 * failed attempt since the last success.
 */
export const webhookSubscriptions = pgTable(
  "webhook_subscriptions",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    eventTypes: text("event_types").array().notNull(),
    secret: text("secret").notNull(),
    disabledAt: instant("disabled_at"),
    disabledReason: text("disabled_reason"),
    failingSince: instant("failing_since"),
    ...timestamps,
  },
  (t) => [
    index("webhook_subscriptions_account_idx").on(t.accountId, t.createdAt),
    check("webhook_subscriptions_secret_check", sql`${t.secret} like 'whsec_%'`),
    check(
      "webhook_subscriptions_disabled_check",
      sql`(${t.disabledAt} is null) = (${t.disabledReason} is null)`,
    ),
  ],
);

/** One fact an account's webhooks hear of: written in the transaction of the row that records it. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** The body sent: `{ type, timestamp, data }`. */
    payload: jsonb("payload").notNull(),
    ...createdAt,
  },
  (t) => [index("webhook_events_account_idx").on(t.accountId, t.createdAt)],
);

/**
 * One event for one subscription. `seq` orders deliveries; `order_key` (a call's sid, a text's
 * id) names the events that must arrive in order: a delivery waits while an earlier one of the
 * same subscription and key is pending. `next_attempt_at` is null while a job holds it.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: idColumn(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    orderKey: text("order_key"),
    status: text("status", { enum: webhookDeliveryStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: instant("delivered_at"),
    ...timestamps,
  },
  (t) => [
    index("webhook_deliveries_subscription_idx").on(t.subscriptionId, t.seq),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_order_idx")
      .on(t.subscriptionId, t.orderKey, t.seq)
      .where(sql`${t.status} = 'pending' and ${t.orderKey} is not null`),
    check("webhook_deliveries_status_check", oneOf(t.status, webhookDeliveryStatuses)),
    check("webhook_deliveries_attempts_check", sql`${t.attempts} >= 0`),
  ],
);

/** Each HTTP request made for a delivery: what was sent (the secret never is) and what came back. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    /** A replay asked for in the console. */
    manual: boolean("manual").notNull().default(false),
    requestHeaders: jsonb("request_headers").$type<Record<string, string>>().notNull(),
    requestBody: text("request_body").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    /** The start of the response body, capped (webhooks/deliver.ts). */
    responseExcerpt: text("response_excerpt").notNull().default(""),
    attemptedAt: instant("attempted_at").notNull(),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attemptedAt)],
);
