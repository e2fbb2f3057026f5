import { relations, sql } from "drizzle-orm";
import { check, foreignKey, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { oneOf, timestamps } from "./columns";
import { countries } from "./enums";
import { phoneNumbers } from "./telephony";

/**
 * The E911 address of one number, as registered with the carrier (its Addresses API) and linked to
 * the number there. A number without one may not place outbound calls.
 */
export const emergencyAddresses = pgTable(
  "emergency_addresses",
  {
    phoneNumberId: text("phone_number_id").primaryKey(),
    accountId: text("account_id").notNull(),
    /** The carrier's Address id (AD…). */
    carrierSid: text("carrier_sid").notNull(),
    customerName: text("customer_name").notNull(),
    street: text("street").notNull(),
    streetSecondary: text("street_secondary"),
    city: text("city").notNull(),
    /** State or province code. */
    region: text("region").notNull(),
    postalCode: text("postal_code").notNull(),
    isoCountry: text("iso_country", { enum: countries }).notNull().default("US"),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: "emergency_addresses_phone_number_fk",
      columns: [t.phoneNumberId, t.accountId],
      foreignColumns: [phoneNumbers.id, phoneNumbers.accountId],
    }).onDelete("cascade"),
    uniqueIndex("emergency_addresses_carrier_sid_key").on(t.carrierSid),
    index("emergency_addresses_account_idx").on(t.accountId),
    check("emergency_addresses_iso_country_check", oneOf(t.isoCountry, countries)),
    check("emergency_addresses_street_check", sql`length(trim(${t.street})) > 0`),
  ],
);

export const emergencyAddressesRelations = relations(emergencyAddresses, ({ one }) => ({
  phoneNumber: one(phoneNumbers, {
    fields: [emergencyAddresses.phoneNumberId],
    references: [phoneNumbers.id],
  }),
}));
