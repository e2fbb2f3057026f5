import { relations, sql } from "drizzle-orm";
import { check, foreignKey, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./auth";
import { idColumn, oneOf, timestamps } from "./columns";
import { bundleEndUserTypes, bundleStates, countries, phoneNumberTypes } from "./enums";
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

/**
 * What the carrier's regulation of a country and number type asked before a number there is
 * sold (a regulatory bundle): who holds it, their address in the country and an identity
 * document (kept in object storage), as submitted, and where its review stands.
 */
export const numberBundles = pgTable(
  "number_bundles",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    isoCountry: text("iso_country").notNull(),
    numberType: text("number_type", { enum: phoneNumberTypes }).notNull(),
    endUserType: text("end_user_type", { enum: bundleEndUserTypes }).notNull(),
    /** The end user's fields the regulation named (first_name, business_name…). */
    endUser: jsonb("end_user").$type<Record<string, string>>().notNull(),
    street: text("street"),
    city: text("city"),
    postalCode: text("postal_code"),
    /** The storage key and name of the identity document, when one was asked for. */
    documentKey: text("document_key"),
    documentName: text("document_name"),
    /** The carrier's Bundle (BU…) and Address (AD…) ids. */
    carrierSid: text("carrier_sid").notNull(),
    carrierAddressSid: text("carrier_address_sid"),
    state: text("state", { enum: bundleStates }).notNull().default("in_review"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("number_bundles_carrier_sid_key").on(t.carrierSid),
    index("number_bundles_account_idx").on(t.accountId, t.isoCountry, t.numberType),
    check("number_bundles_iso_country_check", sql`${t.isoCountry} ~ '^[A-Z]{2}$'`),
    check("number_bundles_number_type_check", oneOf(t.numberType, phoneNumberTypes)),
    check("number_bundles_end_user_type_check", oneOf(t.endUserType, bundleEndUserTypes)),
    check("number_bundles_state_check", oneOf(t.state, bundleStates)),
  ],
);
