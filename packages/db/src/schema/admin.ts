import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn, instant } from "./columns";

/**
 * Every action an administrator took (who, what, when, before and after). Append-only: a trigger
 * (migration `admin_audit_log_append_only`) refuses UPDATE, DELETE and TRUNCATE. No foreign keys on
 * purpose: deleting a user must neither rewrite nor remove the entries about them or by them, so the
 * actor's e-mail is copied at the time of the action.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: idColumn(),
    actorUserId: text("actor_user_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    /** `<target type>.<verb>`, e.g. `user.disable`, `content.update` (see packages/modules/src/admin/audit.ts). */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    /** The target as it was before the action (null for a creation). */
    before: jsonb("before"),
    /** The target as the action left it (null for a deletion). */
    after: jsonb("after"),
    ...createdAt,
  },
  (t) => [
    // Ascending: read backwards for newest first.
    index("admin_audit_log_created_idx").on(t.createdAt),
    index("admin_audit_log_actor_idx").on(t.actorUserId, t.createdAt),
    index("admin_audit_log_action_idx").on(t.action, t.createdAt),
    check("admin_audit_log_action_check", sql`length(${t.action}) > 0`),
  ],
);

/**
 * What the carrier's webhooks were answered, counted per minute and source by each API instance
 * and added here every few seconds (packages/modules/src/admin/webhook-stats.ts): the admin dashboard's
 * webhook error rate over the last 24 hours.
 */
export const webhookStats = pgTable(
  "webhook_stats",
  {
    source: text("source").notNull(),
    minute: instant("minute").notNull(),
    received: integer("received").notNull().default(0),
    /** Answers of 500 or more: our failures. */
    serverErrors: integer("server_errors").notNull().default(0),
    /** Requests refused for a missing or wrong signature (403). */
    signatureFailures: integer("signature_failures").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.source, t.minute] }), index("webhook_stats_minute_idx").on(t.minute)],
);
