import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idColumn, instant, oneOf } from "./columns";
import { emailStatuses } from "./enums";

/**
 * Every e-mail the system sends. With SMTP configured the row records the delivery;
 * without it the row is the delivery (admins read it, links included).
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: idColumn(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** What the message is about (confirm_email, reset_password, contact_form, …). */
    template: text("template").notNull(),
    status: text("status", { enum: emailStatuses }).notNull().default("pending"),
    error: text("error"),
    sentAt: instant("sent_at"),
    ...createdAt,
  },
  (t) => [
    index("email_outbox_created_idx").on(t.createdAt),
    index("email_outbox_to_idx").on(t.toAddress),
    check("email_outbox_status_check", oneOf(t.status, emailStatuses)),
  ],
);

/** Webhook deliveries already processed (Stripe event ids and the like): a duplicate is a no-op. */
export const processedWebhookEvents = pgTable(
  "processed_webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    receivedAt: instant("received_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Jobs to enqueue, written in the same transaction as the row they belong to and relayed
 * to the queue afterwards, so a hand-off survives a Redis outage.
 */
export const jobOutbox = pgTable(
  "job_outbox",
  {
    id: idColumn(),
    queue: text("queue").notNull(),
    jobName: text("job_name").notNull(),
    /** Queue-level id (the carrier id where there is one): enqueuing twice is a no-op. */
    jobId: text("job_id").notNull(),
    payload: jsonb("payload").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    relayedAt: instant("relayed_at"),
    /**
     * When a worker finished the job (done, skipped, or failed for good). A row relayed long ago
     * and still unsettled is relayed again: its job may have died with a Redis that lost it.
     */
    settledAt: instant("settled_at"),
    ...createdAt,
  },
  (t) => [
    index("job_outbox_pending_idx").on(t.createdAt).where(sql`${t.relayedAt} is null`),
    index("job_outbox_job_idx").on(t.queue, t.jobId),
    index("job_outbox_unsettled_idx")
      .on(t.relayedAt)
      .where(sql`${t.relayedAt} is not null and ${t.settledAt} is null`),
  ],
);

/**
 * Jobs that failed for good (their last attempt threw), kept for admins to read and retry. A retry
 * hands the job back through the outbox and stamps `retried_at`; one open record per job.
 */
export const failedJobs = pgTable(
  "failed_jobs",
  {
    id: idColumn(),
    queue: text("queue").notNull(),
    jobName: text("job_name").notNull(),
    jobId: text("job_id").notNull(),
    payload: jsonb("payload").notNull(),
    error: text("error").notNull(),
    attempts: integer("attempts").notNull(),
    failedAt: instant("failed_at").notNull().defaultNow(),
    retriedAt: instant("retried_at"),
    /** The admin who asked for the retry. */
    retriedBy: text("retried_by"),
  },
  (t) => [
    index("failed_jobs_failed_idx").on(t.failedAt),
    uniqueIndex("failed_jobs_open_idx").on(t.queue, t.jobId).where(sql`${t.retriedAt} is null`),
    check("failed_jobs_attempts_check", sql`${t.attempts} >= 1`),
  ],
);

/**
 * Secrets the system draws once and every process shares (the API instances and the workers),
 * when the environment does not give them: the Web Push VAPID key pair of the embedded default.
 */
export const platformSecrets = pgTable("platform_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  ...createdAt,
});
