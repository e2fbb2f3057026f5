import { E164_PATTERN } from "@poundline/domain/phone";
import {
  type PortInNumberStatus,
  type PortInRequestStatus,
  portInNumberStatuses,
  portInRequestStatuses,
} from "@poundline/domain/porting";
import { sql } from "drizzle-orm";
import { check, foreignKey, index, jsonb, pgTable, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts, users } from "./auth";
import { createdAt, idColumn, instant, oneOf, timestamps } from "./columns";
import { phoneNumbers } from "./telephony";

/** The service address the losing carrier has on file. */
export interface PortInAddress {
  street: string;
  street2?: string | undefined;
  city: string;
  state: string;
  zip: string;
  country: string;
}

const e164 = (column: { name: string }) => sql.raw(`"${column.name}" ~ '${E164_PATTERN}'`);

/**
 * A request to bring numbers in from another carrier: the losing carrier's account, the person
 * authorised to move them, the signed letter of authorisation (a PDF in storage), and the
 * carrier's request once submitted. A temporary number, when chosen, answers meanwhile; its
 * routing moves to the ported number on completion.
 */
export const portInRequests = pgTable(
  "port_in_requests",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: portInRequestStatuses }).$type<PortInRequestStatus>().notNull(),
    /** The carrier's port-in request (KW…), once submitted. */
    carrierSid: text("carrier_sid"),
    customerName: text("customer_name").notNull(),
    customerType: text("customer_type", { enum: ["Business", "Individual"] }).notNull(),
    carrierAccountNumber: text("carrier_account_number").notNull(),
    authorizedName: text("authorized_name").notNull(),
    authorizedEmail: text("authorized_email").notNull(),
    serviceAddress: jsonb("service_address").$type<PortInAddress>().notNull(),
    /** YYYY-MM-DD. */
    targetDate: text("target_date").notNull(),
    /** The signed letter of authorisation's key in storage. */
    loaKey: text("loa_key").notNull(),
    signerName: text("signer_name").notNull(),
    signedAt: instant("signed_at").notNull(),
    temporaryNumberId: text("temporary_number_id"),
    routingMovedAt: instant("routing_moved_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("port_in_requests_carrier_sid_key").on(t.carrierSid),
    unique("port_in_requests_id_account_key").on(t.id, t.accountId),
    index("port_in_requests_account_idx").on(t.accountId, t.createdAt),
    foreignKey({
      name: "port_in_requests_temporary_number_fk",
      columns: [t.temporaryNumberId],
      foreignColumns: [phoneNumbers.id],
    }).onDelete("set null"),
    check("port_in_requests_status_check", oneOf(t.status, portInRequestStatuses)),
    check("port_in_requests_customer_type_check", oneOf(t.customerType, ["Business", "Individual"])),
    check("port_in_requests_target_date_check", sql`${t.targetDate} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
    check("port_in_requests_address_check", sql`jsonb_typeof(${t.serviceAddress}) = 'object'`),
  ],
);

/** One number of a request, with the carrier's state of it, and the number it became once ported. */
export const portInNumbers = pgTable(
  "port_in_numbers",
  {
    id: idColumn(),
    requestId: text("request_id").notNull(),
    accountId: text("account_id").notNull(),
    e164: text("e164").notNull(),
    /** The carrier's phone number of the request (PU…). */
    carrierSid: text("carrier_sid"),
    status: text("status", { enum: portInNumberStatuses }).$type<PortInNumberStatus>().notNull(),
    rejectionReason: text("rejection_reason"),
    portDate: instant("port_date"),
    phoneNumberId: text("phone_number_id").references(() => phoneNumbers.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: "port_in_numbers_request_fk",
      columns: [t.requestId, t.accountId],
      foreignColumns: [portInRequests.id, portInRequests.accountId],
    }).onDelete("cascade"),
    uniqueIndex("port_in_numbers_request_e164_key").on(t.requestId, t.e164),
    uniqueIndex("port_in_numbers_carrier_sid_key").on(t.carrierSid),
    check("port_in_numbers_e164_check", e164(t.e164)),
    check("port_in_numbers_status_check", oneOf(t.status, portInNumberStatuses)),
  ],
);

/**
 * A request's history: what we did and each carrier event, once. `carrier_key` is the carrier's
 * idempotency token of a webhook, so a duplicate delivery adds nothing.
 */
export const portInEvents = pgTable(
  "port_in_events",
  {
    id: idColumn(),
    requestId: text("request_id").notNull(),
    accountId: text("account_id").notNull(),
    kind: text("kind").notNull(),
    detail: text("detail").notNull().default(""),
    carrierKey: text("carrier_key"),
    ...createdAt,
  },
  (t) => [
    foreignKey({
      name: "port_in_events_request_fk",
      columns: [t.requestId, t.accountId],
      foreignColumns: [portInRequests.id, portInRequests.accountId],
    }).onDelete("cascade"),
    uniqueIndex("port_in_events_carrier_key").on(t.carrierKey),
    index("port_in_events_request_idx").on(t.requestId, t.createdAt),
  ],
);
