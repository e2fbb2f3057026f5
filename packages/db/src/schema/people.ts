import type { BusinessHours } from "@poundline/domain/business-hours";
import { E164_PATTERN } from "@poundline/domain/phone";
import { DEFAULT_TIME_ZONE } from "@poundline/domain/routing-defaults";
import { relations, sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accountMemberships } from "./auth";
import { oneOf, timestamps } from "./columns";
import { availabilities } from "./enums";
import { extensions, phoneNumbers } from "./telephony";

/**
 * A member's own settings in one account, read by the routing tables: availability, working hours
 * and time zone, forwarding phone, and the direct number or extension an owner or admin gave them.
 * No row: available, any time, nothing to ring. Goes with the membership (a removed member's
 * direct number stays the account's).
 */
export const memberSettings = pgTable(
  "member_settings",
  {
    accountId: text("account_id").notNull(),
    userId: text("user_id").notNull(),
    availability: text("availability", { enum: availabilities }).notNull().default("available"),
    timeZone: text("time_zone").notNull().default(DEFAULT_TIME_ZONE),
    /** Their own working hours, in their zone; null: any time. */
    workingHours: jsonb("working_hours").$type<BusinessHours>(),
    /** E.164 number rung when a ring group rings them. */
    forwardingPhone: text("forwarding_phone"),
    /** Their calls ring the console's softphone too (a `<Client>` leg beside the phone). */
    ringBrowser: boolean("ring_browser").notNull().default(false),
    directNumberId: text("direct_number_id").references(() => phoneNumbers.id, { onDelete: "set null" }),
    extensionId: text("extension_id").references(() => extensions.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    foreignKey({
      name: "member_settings_membership_fk",
      columns: [t.accountId, t.userId],
      foreignColumns: [accountMemberships.accountId, accountMemberships.userId],
    }).onDelete("cascade"),
    check("member_settings_availability_check", oneOf(t.availability, availabilities)),
    check(
      "member_settings_forwarding_phone_check",
      sql.raw(`"forwarding_phone" is null or "forwarding_phone" ~ '${E164_PATTERN}'`),
    ),
    // One member per direct number and per extension.
    uniqueIndex("member_settings_direct_number_key")
      .on(t.directNumberId)
      .where(sql`${t.directNumberId} is not null`),
    uniqueIndex("member_settings_extension_key").on(t.extensionId).where(sql`${t.extensionId} is not null`),
  ],
);

export const memberSettingsRelations = relations(memberSettings, ({ one }) => ({
  membership: one(accountMemberships, {
    fields: [memberSettings.accountId, memberSettings.userId],
    references: [accountMemberships.accountId, accountMemberships.userId],
  }),
}));
