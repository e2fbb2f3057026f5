import { relations, sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts, users } from "./auth";
import { idColumn, instant, oneOf, timestamps } from "./columns";
import { contactSources, contactTypes, leadStatuses } from "./enums";

/** CRM contacts; callers and texters unknown to the account are added automatically by phone. */
export const contacts = pgTable(
  "contacts",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Who created it; null for contacts made from calls and texts. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** E.164 where it could be normalised, as typed otherwise. */
    phone: text("phone").notNull(),
    email: text("email"),
    company: text("company"),
    address: text("address"),
    notes: text("notes"),
    leadStatus: text("lead_status", { enum: leadStatuses }).notNull().default("new"),
    contactType: text("contact_type", { enum: contactTypes }).notNull().default("lead"),
    lastContacted: instant("last_contacted"),
    followUpDate: instant("follow_up_date"),
    source: text("source", { enum: contactSources }).notNull().default("call"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    customFields: jsonb("custom_fields").$type<Record<string, string>>().notNull().default({}),
    /** The contact's own IANA zone (scheduled texts, quiet hours); null: read from their number. */
    timeZone: text("time_zone"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("contacts_account_phone_key").on(t.accountId, t.phone),
    // The contacts list and its export: newest first, id breaking ties (keyset of the export);
    // ascending, read backwards for ORDER BY ... DESC (see call_logs_account_start_idx).
    index("contacts_account_created_idx").on(t.accountId, t.createdAt, t.id),
    // The lead status and contact type filters: the page in index order, the count index-only.
    index("contacts_account_lead_status_created_idx").on(t.accountId, t.leadStatus, t.createdAt, t.id),
    index("contacts_account_type_created_idx").on(t.accountId, t.contactType, t.createdAt, t.id),
    // The tag filter (tags @> '{x}'): its count, and its page when the tag is rare.
    index("contacts_tags_idx").using("gin", t.tags),
    // Substring search (ILIKE '%term%') over name, phone, e-mail and company: pg_trgm.
    index("contacts_search_idx").using(
      "gin",
      t.name.op("gin_trgm_ops"),
      t.phone.op("gin_trgm_ops"),
      t.email.op("gin_trgm_ops"),
      t.company.op("gin_trgm_ops"),
    ),
    check("contacts_lead_status_check", oneOf(t.leadStatus, leadStatuses)),
    check("contacts_contact_type_check", oneOf(t.contactType, contactTypes)),
    check("contacts_source_check", oneOf(t.source, contactSources)),
  ],
);

/**
 * The tags of each contact, one row each, kept by triggers on contacts (migration
 * 0014_contact_tags_sync: whatever writes a contact's tags, this follows in the same statement).
 * The account's distinct tags are then a walk of this primary key, not a read of every contact.
 */
export const contactTags = pgTable(
  "contact_tags",
  {
    accountId: text("account_id").notNull(),
    tag: text("tag").notNull(),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ name: "contact_tags_pkey", columns: [t.accountId, t.tag, t.contactId] }),
    // The trigger replaces a contact's rows; the cascade deletes them.
    index("contact_tags_contact_idx").on(t.contactId),
  ],
);

export const contactsRelations = relations(contacts, ({ one }) => ({
  account: one(accounts, { fields: [contacts.accountId], references: [accounts.id] }),
}));
