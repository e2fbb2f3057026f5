import { relations, sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts, users } from "./auth";
import { createdAt, idColumn, oneOf, timestamps } from "./columns";
import {
  contentTypes,
  numberTypes,
  requestStatuses,
  submissionStatuses,
  WIDGET_DAILY_CAP,
  widgetAttemptKinds,
  widgetAttemptOutcomes,
  widgetPositions,
  widgetTypes,
} from "./enums";
import { phoneNumbers, territoryLicenses } from "./telephony";

const hexColor = (column: { name: string }) => sql.raw(`"${column.name}" ~ '^#[0-9a-fA-F]{6}$'`);

/** Texts of the public site that admins edit; the seeds name the table with the product prefix. */
export const editableContent = pgTable(
  "poundline_editable_content",
  {
    id: idColumn(),
    /** Fixed once created: pages look their texts up by it. */
    contentKey: text("content_key").notNull(),
    contentType: text("content_type", { enum: contentTypes }).notNull().default("text"),
    contentValue: text("content_value").notNull().default(""),
    pageSlug: text("page_slug"),
    description: text("description"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("poundline_editable_content_key").on(t.contentKey),
    index("poundline_editable_content_page_idx").on(t.pageSlug, t.contentKey),
    check("poundline_editable_content_key_check", sql`length(trim(${t.contentKey})) > 0`),
    check("poundline_editable_content_type_check", oneOf(t.contentType, contentTypes)),
  ],
);

export const faqItems = pgTable(
  "faq_items",
  {
    id: idColumn(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    /** admin, user and setup_guide feed the help centre; the Q&A page groups by the free-text ones. */
    category: text("category").notNull(),
    displayOrder: integer("display_order").notNull().default(0),
    isPublished: boolean("is_published").notNull().default(true),
    ...timestamps,
  },
  (t) => [index("faq_items_category_order_idx").on(t.category, t.displayOrder)],
);

/** Messages from the public contact form. */
export const formSubmissions = pgTable(
  "form_submissions_crm",
  {
    id: idColumn(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    company: text("company"),
    message: text("message").notNull(),
    formType: text("form_type").notNull().default("contact"),
    source: text("source").notNull().default("website"),
    status: text("status", { enum: submissionStatuses }).notNull().default("new"),
    userAgent: text("user_agent"),
    ...createdAt,
  },
  (t) => [
    // Ascending: read backwards for newest first (drizzle's .desc() is DESC NULLS LAST, which ORDER BY ... DESC cannot use).
    index("form_submissions_crm_created_idx").on(t.createdAt),
    check("form_submissions_crm_status_check", oneOf(t.status, submissionStatuses)),
  ],
);

export const featureRequests = pgTable(
  "feature_requests",
  {
    id: idColumn(),
    featureName: text("feature_name").notNull(),
    description: text("description").notNull(),
    email: text("email"),
    status: text("status", { enum: requestStatuses }).notNull().default("new"),
    ...createdAt,
  },
  (t) => [
    // Ascending: read backwards for newest first (drizzle's .desc() is DESC NULLS LAST, which ORDER BY ... DESC cannot use).
    index("feature_requests_created_idx").on(t.createdAt),
    check("feature_requests_status_check", oneOf(t.status, requestStatuses)),
  ],
);

export const phoneNumberRequests = pgTable(
  "phone_number_requests",
  {
    id: idColumn(),
    numberType: text("number_type", { enum: numberTypes }).notNull(),
    areaCode: text("area_code"),
    quantity: integer("quantity").notNull().default(1),
    purpose: text("purpose"),
    email: text("email"),
    /** Set when a signed-in user asked. */
    accountId: text("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: requestStatuses }).notNull().default("new"),
    ...createdAt,
  },
  (t) => [
    // Ascending: read backwards for newest first (drizzle's .desc() is DESC NULLS LAST, which ORDER BY ... DESC cannot use).
    index("phone_number_requests_created_idx").on(t.createdAt),
    check("phone_number_requests_number_type_check", oneOf(t.numberType, numberTypes)),
    check("phone_number_requests_area_code_check", sql`${t.areaCode} ~ '^[0-9]{3}$'`),
    check(
      "phone_number_requests_local_area_code_check",
      sql`${t.numberType} <> 'local' or ${t.areaCode} is not null`,
    ),
    check("phone_number_requests_quantity_check", sql`${t.quantity} >= 1`),
    check("phone_number_requests_status_check", oneOf(t.status, requestStatuses)),
  ],
);

/** Click-to-call / click-to-text buttons for the customer's website. */
export const widgetConfigurations = pgTable(
  "widget_configurations",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type", { enum: widgetTypes }).notNull().default("combined"),
    callText: text("call_text").notNull().default("Call Us Now"),
    smsText: text("sms_text").notNull().default("Text Us Now"),
    primaryColor: text("primary_color").notNull().default("#007bff"),
    textColor: text("text_color").notNull().default("#ffffff"),
    position: text("position", { enum: widgetPositions }).notNull().default("bottom-right"),
    /** The number the widget calls or texts: a licensed pound code or one of the account's numbers. */
    territoryLicenseId: text("territory_license_id"),
    phoneNumberId: text("phone_number_id").references(() => phoneNumbers.id, { onDelete: "set null" }),
    /** Identifies the widget in the public embed snippet; not a secret. */
    publicKey: text("public_key").notNull(),
    /** Website origins (scheme://host[:port]) allowed to use the widget; none allows none. */
    allowedOrigins: text("allowed_origins").array().notNull().default(sql`'{}'::text[]`),
    /** Attempts (callbacks and texts) the widget accepts per UTC day. */
    dailyCap: integer("daily_cap").notNull().default(WIDGET_DAILY_CAP.default),
    ...timestamps,
  },
  (t) => [
    // Named by hand: the generated name is longer than PostgreSQL's 63 characters.
    foreignKey({
      name: "widget_configurations_territory_license_fk",
      columns: [t.territoryLicenseId],
      foreignColumns: [territoryLicenses.id],
    }).onDelete("set null"),
    uniqueIndex("widget_configurations_public_key_key").on(t.publicKey),
    index("widget_configurations_account_idx").on(t.accountId),
    check("widget_configurations_type_check", oneOf(t.type, widgetTypes)),
    check("widget_configurations_position_check", oneOf(t.position, widgetPositions)),
    check("widget_configurations_primary_color_check", hexColor(t.primaryColor)),
    check("widget_configurations_text_color_check", hexColor(t.textColor)),
    check(
      "widget_configurations_one_number_check",
      sql`num_nonnulls(${t.territoryLicenseId}, ${t.phoneNumberId}) <= 1`,
    ),
    check(
      "widget_configurations_daily_cap_check",
      sql`${t.dailyCap} between ${sql.raw(`${WIDGET_DAILY_CAP.min} and ${WIDGET_DAILY_CAP.max}`)}`,
    ),
  ],
);

/** Every callback or text a website visitor asked of a widget, accepted or refused (shown in the console). */
export const widgetAttempts = pgTable(
  "widget_attempts",
  {
    id: idColumn(),
    widgetId: text("widget_id")
      .notNull()
      .references(() => widgetConfigurations.id, { onDelete: "cascade" }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: widgetAttemptKinds }).notNull(),
    outcome: text("outcome", { enum: widgetAttemptOutcomes }).notNull(),
    /** The Origin header the browser sent, as given. */
    origin: text("origin"),
    ip: text("ip"),
    /** The visitor's number as typed (refused ones too, to see abuse). */
    visitorNumber: text("visitor_number"),
    detail: text("detail"),
    ...createdAt,
  },
  (t) => [
    index("widget_attempts_widget_created_idx").on(t.widgetId, t.createdAt),
    index("widget_attempts_account_created_idx").on(t.accountId, t.createdAt),
    check("widget_attempts_kind_check", oneOf(t.kind, widgetAttemptKinds)),
    check("widget_attempts_outcome_check", oneOf(t.outcome, widgetAttemptOutcomes)),
  ],
);

/**
 * Proof-of-work challenges already spent on a callback or text: a solved challenge is good for
 * one attempt only. Rows past their expiry prove nothing any more and are swept as others arrive.
 */
export const widgetChallengeUses = pgTable(
  "widget_challenge_uses",
  {
    /** SHA-256 of the challenge (hex): the challenge itself is long and carries nothing we need. */
    challengeHash: text("challenge_hash").primaryKey(),
    widgetId: text("widget_id")
      .notNull()
      .references(() => widgetConfigurations.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("widget_challenge_uses_expires_idx").on(t.expiresAt)],
);

export const widgetConfigurationsRelations = relations(widgetConfigurations, ({ one }) => ({
  account: one(accounts, { fields: [widgetConfigurations.accountId], references: [accounts.id] }),
  territoryLicense: one(territoryLicenses, {
    fields: [widgetConfigurations.territoryLicenseId],
    references: [territoryLicenses.id],
  }),
  phoneNumber: one(phoneNumbers, {
    fields: [widgetConfigurations.phoneNumberId],
    references: [phoneNumbers.id],
  }),
}));
export const phoneNumberRequestsRelations = relations(phoneNumberRequests, ({ one }) => ({
  account: one(accounts, { fields: [phoneNumberRequests.accountId], references: [accounts.id] }),
  user: one(users, { fields: [phoneNumberRequests.userId], references: [users.id] }),
}));
