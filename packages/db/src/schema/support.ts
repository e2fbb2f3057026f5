import { relations, sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { accounts, users } from "./auth";
import { createdAt, idColumn, instant, oneOf, timestamps } from "./columns";
import { ticketPriorities, ticketStatuses } from "./enums";

export const supportTickets = pgTable(
  "support_tickets",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Who opened it; kept as null when that user is deleted so the account keeps its history. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    description: text("description").notNull(),
    priority: text("priority", { enum: ticketPriorities }).notNull().default("medium"),
    status: text("status", { enum: ticketStatuses }).notNull().default("open"),
    closedAt: instant("closed_at"),
    ...timestamps,
  },
  (t) => [
    // Ascending: read backwards for newest first (drizzle's .desc() is DESC NULLS LAST, which ORDER BY ... DESC cannot use).
    index("support_tickets_account_updated_idx").on(t.accountId, t.updatedAt),
    index("support_tickets_user_idx").on(t.userId),
    // Ascending: read backwards for newest first (drizzle's .desc() is DESC NULLS LAST, which ORDER BY ... DESC cannot use).
    index("support_tickets_status_idx").on(t.status, t.updatedAt),
    check("support_tickets_subject_check", sql`length(trim(${t.subject})) > 0`),
    check("support_tickets_description_check", sql`length(trim(${t.description})) > 0`),
    check("support_tickets_priority_check", oneOf(t.priority, ticketPriorities)),
    check("support_tickets_status_check", oneOf(t.status, ticketStatuses)),
    check("support_tickets_closed_at_check", sql`${t.status} <> 'closed' or ${t.closedAt} is not null`),
  ],
);

export const supportTicketReplies = pgTable(
  "support_ticket_replies",
  {
    id: idColumn(),
    ticketId: text("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    isAdminReply: boolean("is_admin_reply").notNull().default(false),
    /** When the ticket's owner read this reply (support's replies); null while unread. */
    readAt: instant("read_at"),
    ...createdAt,
  },
  (t) => [
    index("support_ticket_replies_ticket_idx").on(t.ticketId, t.createdAt),
    check("support_ticket_replies_message_check", sql`length(trim(${t.message})) > 0`),
  ],
);

/** A file (an image or a PDF) either side attached to a ticket; the bytes live in the file storage (storage_key). */
export const supportTicketAttachments = pgTable(
  "support_ticket_attachments",
  {
    id: idColumn(),
    ticketId: text("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Uploaded through the admin side (support), not by the ticket's owner. */
    fromSupport: boolean("from_support").notNull().default(false),
    /** The name the person gave the file: shown and offered on download, never a storage path. */
    fileName: text("file_name").notNull(),
    /** The type decided from the file's first bytes, not the one the browser declared. */
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    storageKey: text("storage_key").notNull(),
    ...createdAt,
  },
  (t) => [
    index("support_ticket_attachments_ticket_idx").on(t.ticketId, t.createdAt),
    check("support_ticket_attachments_size_check", sql`${t.sizeBytes} > 0`),
  ],
);

export const supportTicketsRelations = relations(supportTickets, ({ one, many }) => ({
  account: one(accounts, { fields: [supportTickets.accountId], references: [accounts.id] }),
  user: one(users, { fields: [supportTickets.userId], references: [users.id] }),
  replies: many(supportTicketReplies),
  attachments: many(supportTicketAttachments),
}));
export const supportTicketRepliesRelations = relations(supportTicketReplies, ({ one }) => ({
  ticket: one(supportTickets, { fields: [supportTicketReplies.ticketId], references: [supportTickets.id] }),
  user: one(users, { fields: [supportTicketReplies.userId], references: [users.id] }),
}));
