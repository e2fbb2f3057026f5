import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./auth";
import { idColumn, oneOf, timestamps } from "./columns";
import { textingRegistrationStages } from "./enums";

/** The business as registered: legal name, EIN, address, type, website and the contact person. */
export interface RegisteredBusiness {
  legalName: string;
  ein: string;
  businessType: string;
  industry: string;
  website: string;
  street: string;
  city: string;
  region: string;
  postalCode: string;
  contact: { firstName: string; lastName: string; email: string; phone: string; title: string };
}

/** The campaign as registered: its use case, what it sends, and how people opt in. */
export interface RegisteredCampaign {
  useCase: string;
  description: string;
  messageSamples: string[];
  messageFlow: string;
  hasEmbeddedLinks: boolean;
  hasEmbeddedPhone: boolean;
}

/**
 * An account's texting registration (A2P 10DLC): its customer profile, trust product, brand, messaging service
 * and campaign at the carrier, with the carrier's last word on each. One per account; its local
 * US numbers text only once `stage` is approved.
 */
export const textingRegistrations = pgTable(
  "texting_registrations",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    stage: text("stage", { enum: textingRegistrationStages }).notNull(),
    business: jsonb("business").$type<RegisteredBusiness>().notNull(),
    campaign: jsonb("campaign").$type<RegisteredCampaign>().notNull(),
    profileSid: text("profile_sid"),
    /** The A2P trust product (messaging profile) the brand names beside the profile. */
    trustProductSid: text("trust_product_sid"),
    brandSid: text("brand_sid"),
    messagingServiceSid: text("messaging_service_sid"),
    campaignSid: text("campaign_sid"),
    profileStatus: text("profile_status"),
    trustProductStatus: text("trust_product_status"),
    brandStatus: text("brand_status"),
    campaignStatus: text("campaign_status"),
    /** The carrier's reason, once rejected. */
    failureReason: text("failure_reason"),
    /** The numbers (E.164) that joined the messaging service. */
    joinedNumbers: text("joined_numbers").array().notNull().default(sql`'{}'::text[]`),
    feeCents: integer("fee_cents").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("texting_registrations_account_key").on(t.accountId),
    check("texting_registrations_stage_check", oneOf(t.stage, textingRegistrationStages)),
    check("texting_registrations_fee_check", sql`${t.feeCents} >= 0`),
    check(
      "texting_registrations_rejected_check",
      sql`(${t.stage} = 'rejected') = (${t.failureReason} is not null)`,
    ),
  ],
);
