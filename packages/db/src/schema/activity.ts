import { index, pgTable, text } from "drizzle-orm/pg-core";
import { accounts, users } from "./auth";
import { createdAt, idColumn } from "./columns";

/**
 * What the people of an account changed: who invited, removed, changed roles, routing, numbers,
 * billing. The account's own log, read by its owner and admins; the platform's admin area has
 * its own (admin_audit_log). Written by the API's registrar after each successful change.
 */
export const accountActivity = pgTable(
  "account_activity",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Who did it; null once that user is deleted (the entry stays). */
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The permission-table action (e.g. `numbers.buy`). */
    action: text("action").notNull(),
    /** What was done, in the endpoint's words. */
    summary: text("summary").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    /** The id in the path, if any: the thing changed. */
    targetId: text("target_id"),
    ...createdAt,
  },
  (t) => [index("account_activity_account_idx").on(t.accountId, t.createdAt)],
);
