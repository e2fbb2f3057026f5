import { TOLL_FREE_VERIFICATION_STATUSES } from "@poundline/domain/toll-free-verification";
import { sql } from "drizzle-orm";
import { check, foreignKey, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./auth";
import { idColumn, instant, oneOf, timestamps } from "./columns";
import { phoneNumbers } from "./telephony";

/**
 * The business profile of a toll-free verification as submitted (the console's words; the
 * carrier's names are made from them when it is sent).
 */
export interface TollFreeProfile {
  businessName: string;
  businessWebsite: string;
  notificationEmail: string;
  businessStreetAddress: string;
  businessCity: string;
  businessStateProvinceRegion: string;
  businessPostalCode: string;
  businessCountry: string;
  businessContactFirstName: string;
  businessContactLastName: string;
  businessContactEmail: string;
  businessContactPhone: string;
  useCaseCategories: string[];
  useCaseSummary: string;
  productionMessageSample: string;
  optInType: string;
  optInImageUrls: string[];
  messageVolume: string;
  additionalInformation: string;
}

/**
 * A toll-free number's verification at the carrier (one per number): what was submitted, its
 * status in the carrier's words, and the reviewer's reason when rejected. The status is
 * followed from the carrier (`status_checked_at`: when it was last asked).
 */
export const tollFreeVerifications = pgTable(
  "toll_free_verifications",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    phoneNumberId: text("phone_number_id").notNull(),
    /** The carrier's id (HH…). */
    carrierSid: text("carrier_sid").notNull(),
    status: text("status", { enum: TOLL_FREE_VERIFICATION_STATUSES }).notNull(),
    rejectionReason: text("rejection_reason"),
    profile: jsonb("profile").$type<TollFreeProfile>().notNull(),
    submittedAt: instant("submitted_at").notNull(),
    decidedAt: instant("decided_at"),
    statusCheckedAt: instant("status_checked_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("toll_free_verifications_phone_number_key").on(t.phoneNumberId),
    uniqueIndex("toll_free_verifications_carrier_sid_key").on(t.carrierSid),
    index("toll_free_verifications_account_idx").on(t.accountId),
    foreignKey({
      name: "toll_free_verifications_number_fk",
      columns: [t.phoneNumberId, t.accountId],
      foreignColumns: [phoneNumbers.id, phoneNumbers.accountId],
    }).onDelete("cascade"),
    check("toll_free_verifications_status_check", oneOf(t.status, TOLL_FREE_VERIFICATION_STATUSES)),
    check("toll_free_verifications_carrier_sid_check", sql`${t.carrierSid} ~ '^HH[0-9a-fA-F]{32}$'`),
  ],
);
