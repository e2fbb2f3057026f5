import { sql } from "drizzle-orm";
import { boolean, check, foreignKey, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts, users } from "./auth";
import { idColumn, instant, oneOf, timestamps } from "./columns";
import { messageAutomations, scheduledTextStatuses } from "./enums";
import { messages, phoneNumbers } from "./telephony";

/**
 * What one number answers by itself: a text back to a missed caller, an after-hours auto-reply
 * (to texts, and to calls when asked), a reply to a new sender's first text; and the quiet hours
 * no automated text is sent in (minutes since midnight, the recipient's zone). No row: all off.
 */
export const numberAutomations = pgTable(
  "number_automations",
  {
    phoneNumberId: text("phone_number_id").primaryKey(),
    accountId: text("account_id").notNull(),
    missedCallEnabled: boolean("missed_call_enabled").notNull().default(false),
    missedCallTemplate: text("missed_call_template").notNull(),
    afterHoursEnabled: boolean("after_hours_enabled").notNull().default(false),
    /** After hours, a caller is texted the after-hours reply too (instead of the missed-call one). */
    afterHoursCallsEnabled: boolean("after_hours_calls_enabled").notNull().default(false),
    afterHoursTemplate: text("after_hours_template").notNull(),
    firstContactEnabled: boolean("first_contact_enabled").notNull().default(false),
    firstContactTemplate: text("first_contact_template").notNull(),
    quietHoursEnabled: boolean("quiet_hours_enabled").notNull().default(true),
    quietStartMinute: integer("quiet_start_minute")
      .notNull()
      .default(21 * 60),
    quietEndMinute: integer("quiet_end_minute")
      .notNull()
      .default(8 * 60),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: "number_automations_phone_number_fk",
      columns: [t.phoneNumberId, t.accountId],
      foreignColumns: [phoneNumbers.id, phoneNumbers.accountId],
    }).onDelete("cascade"),
    index("number_automations_account_idx").on(t.accountId),
    check(
      "number_automations_quiet_check",
      sql`${t.quietStartMinute} between 0 and 1439 and ${t.quietEndMinute} between 0 and 1439`,
    ),
  ],
);

/** An account's saved texts (snippets), with {variables} filled in when used. */
export const textTemplates = pgTable(
  "text_templates",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    body: text("body").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("text_templates_account_name_key").on(t.accountId, t.name)],
);

/**
 * Texts to send later: a member's scheduled text, or an automated one (text-back, auto-reply)
 * waiting for its time (quiet hours) or for its job. `dedupeKey` is claimed first, so a trigger
 * seen twice (a carrier retry, a job run twice) plans one text; `status` moves pending -> sending
 * in one conditional update, so a text is handed to the carrier once whatever runs it.
 */
export const scheduledTexts = pgTable(
  "scheduled_texts",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    phoneNumberId: text("phone_number_id").notNull(),
    /** The member who scheduled it; null for an automated text. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    automation: text("automation", { enum: messageAutomations }).notNull(),
    dedupeKey: text("dedupe_key"),
    fromNumber: text("from_number").notNull(),
    toNumber: text("to_number").notNull(),
    body: text("body").notNull(),
    sendAt: instant("send_at").notNull(),
    /** The zone the send time was given or decided in (shown with it). */
    timeZone: text("time_zone").notNull(),
    status: text("status", { enum: scheduledTextStatuses }).notNull().default("pending"),
    /** Why it was not sent (failed or skipped), in words a member reads. */
    outcome: text("outcome"),
    messageId: text("message_id").references(() => messages.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: "scheduled_texts_phone_number_fk",
      columns: [t.phoneNumberId, t.accountId],
      foreignColumns: [phoneNumbers.id, phoneNumbers.accountId],
    }).onDelete("cascade"),
    uniqueIndex("scheduled_texts_dedupe_key").on(t.dedupeKey),
    // The due-scan: pending texts by their time.
    index("scheduled_texts_due_idx").on(t.sendAt).where(sql.raw("status = 'pending'")),
    index("scheduled_texts_conversation_idx").on(t.accountId, t.fromNumber, t.toNumber),
    // The Scheduled texts view: the account's texts of a status by their time.
    index("scheduled_texts_account_status_send_idx").on(t.accountId, t.status, t.sendAt, t.id),
    check("scheduled_texts_status_check", oneOf(t.status, scheduledTextStatuses)),
    check("scheduled_texts_automation_check", oneOf(t.automation, messageAutomations)),
  ],
);
