import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { accounts, users } from "./auth";
import { createdAt, idColumn, instant, oneOf, timestamps } from "./columns";
import { memberNotificationKinds } from "./enums";
import { callLogs, phoneNumbers } from "./telephony";

/**
 * The shared inbox's side of a conversation (texts grouped by our number and the other party, not
 * stored themselves): who it is assigned to and who resolved it. A row exists once someone
 * assigned or resolved it, or round robin gave it to someone.
 */
export const inboxConversations = pgTable(
  "inbox_conversations",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    ourNumber: text("our_number").notNull(),
    peerNumber: text("peer_number").notNull(),
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    resolvedById: text("resolved_by_id").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: instant("resolved_at"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.ourNumber, t.peerNumber] }),
    // The "assigned to me" filter of the conversation list.
    index("inbox_conversations_assignee_idx").on(t.accountId, t.assigneeId),
  ],
);

/**
 * Internal notes, seen by the account's members only: on a conversation (our number and the
 * other party) or on a call, never both. `mentions` holds the ids of the members named (@Name).
 */
export const inboxNotes = pgTable(
  "inbox_notes",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    ourNumber: text("our_number"),
    peerNumber: text("peer_number"),
    callLogId: text("call_log_id").references(() => callLogs.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    mentions: text("mentions").array().notNull().default(sql`'{}'::text[]`),
    ...createdAt,
  },
  (t) => [
    index("inbox_notes_conversation_idx").on(t.accountId, t.ourNumber, t.peerNumber, t.createdAt),
    index("inbox_notes_call_idx").on(t.callLogId),
    check(
      "inbox_notes_subject_check",
      sql`(${t.callLogId} is null) = (${t.ourNumber} is not null and ${t.peerNumber} is not null)`,
    ),
    check("inbox_notes_body_check", sql`length(${t.body}) between 1 and 2000`),
  ],
);

/** A member's bell: what happened for them (an assignment, a mention, a missed call, a voicemail). */
export const memberNotifications = pgTable(
  "member_notifications",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: memberNotificationKinds }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** Where the console opens it: a path under /dashboard. */
    link: text("link").notNull(),
    /** Shown in the bell; false: kept only for its e-mail (the member turned the bell off for its kind). */
    inBell: boolean("in_bell").notNull().default(true),
    readAt: instant("read_at"),
    ...createdAt,
  },
  (t) => [
    index("member_notifications_user_idx").on(t.userId, t.accountId, t.createdAt),
    index("member_notifications_unread_idx").on(t.userId, t.accountId).where(sql.raw("read_at is null")),
    check("member_notifications_kind_check", oneOf(t.kind, memberNotificationKinds)),
  ],
);

/**
 * Round robin on arrival, per number: a new conversation or voicemail on it goes to the next
 * member after `lastAssigneeId` (the cursor, moved under this row's lock).
 */
export const inboxRoundRobin = pgTable("inbox_round_robin", {
  phoneNumberId: text("phone_number_id")
    .primaryKey()
    .references(() => phoneNumbers.id, { onDelete: "cascade" }),
  accountId: text("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  lastAssigneeId: text("last_assignee_id").references(() => users.id, { onDelete: "set null" }),
  ...timestamps,
});
