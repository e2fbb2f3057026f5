import { relations, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "./auth";
import { createdAt, idColumn, instant, oneOf, timestamps } from "./columns";
import {
  invoiceStatuses,
  ledgerEntryTypes,
  phoneNumberTypes,
  rateKinds,
  rateUnits,
  subscriptionStatuses,
} from "./enums";

const callRateKinds = rateKinds.filter((kind) => kind.startsWith("call_"));

const currencyCheck = (column: { name: string }) => sql.raw(`"${column.name}" ~ '^[A-Z]{3}$'`);

/**
 * The account's prepaid balance; it only moves together with a ledger entry, in one transaction.
 * Below zero when usage overdrew it, or when Stripe took back more than was left (a refund or
 * dispute of a top-up): that much is owed, and calls and texts stay shut until a top-up covers it.
 */
export const wallets = pgTable(
  "wallets",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    balanceCents: bigint("balance_cents", { mode: "number" }).notNull().default(0),
    currency: text("currency").notNull().default("USD"),
    lowBalanceThresholdCents: integer("low_balance_threshold_cents").notNull().default(500),
    /** When the low-balance warning went out; cleared by a top-up, so it is sent once per dip. */
    lowBalanceNotifiedAt: instant("low_balance_notified_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("wallets_account_key").on(t.accountId),
    // Target of the ledger's (wallet_id, account_id) foreign key.
    unique("wallets_id_account_key").on(t.id, t.accountId),
    check("wallets_currency_check", currencyCheck(t.currency)),
    check("wallets_low_balance_threshold_check", sql`${t.lowBalanceThresholdCents} >= 0`),
  ],
);

/**
 * The free trial's included minutes and texts used so far (the allowance: telephony's
 * trial-allowance.ts). Written by billing in the wallet's transaction (the wallet lock orders the
 * account's charges); no row: nothing used yet.
 */
export const trialAllowances = pgTable(
  "trial_allowances",
  {
    accountId: text("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    minutesUsed: integer("minutes_used").notNull().default(0),
    textsUsed: integer("texts_used").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("trial_allowances_minutes_used_check", sql`${t.minutesUsed} >= 0`),
    check("trial_allowances_texts_used_check", sql`${t.textsUsed} >= 0`),
  ],
);

/** Append-only movements of a wallet; the newest balance_after_cents equals the wallet balance. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: idColumn(),
    walletId: text("wallet_id").notNull(),
    accountId: text("account_id").notNull(),
    transactionType: text("transaction_type", { enum: ledgerEntryTypes }).notNull(),
    description: text("description").notNull(),
    /** Signed: credits positive, charges negative. */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    balanceAfterCents: bigint("balance_after_cents", { mode: "number" }).notNull(),
    /** One per charge or credit (e.g. `call:CA…`): applying the same event twice is a no-op. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** The carrier or Stripe id the entry came from. */
    reference: text("reference"),
    ...createdAt,
  },
  (t) => [
    foreignKey({
      name: "ledger_entries_wallet_fk",
      columns: [t.walletId, t.accountId],
      foreignColumns: [wallets.id, wallets.accountId],
    }).onDelete("cascade"),
    uniqueIndex("ledger_entries_idempotency_key").on(t.idempotencyKey),
    // Ascending: read backwards for newest first (drizzle's .desc() is DESC NULLS LAST, which ORDER BY ... DESC cannot use).
    index("ledger_entries_wallet_created_idx").on(t.walletId, t.createdAt),
    check("ledger_entries_transaction_type_check", oneOf(t.transactionType, ledgerEntryTypes)),
    check("ledger_entries_amount_check", sql`${t.amountCents} <> 0`),
    check(
      "ledger_entries_sign_check",
      sql`(${t.transactionType} in ('top_up', 'refund', 'dispute_release') and ${t.amountCents} > 0)
        or (${t.transactionType} in ('call_charge', 'sms_charge', 'number_fee', 'subscription_fee', 'registration_fee', 'top_up_refund', 'dispute_hold', 'dispute_loss') and ${t.amountCents} < 0)
        or ${t.transactionType} = 'adjustment'`,
    ),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    serviceName: text("service_name").notNull(),
    planName: text("plan_name").notNull(),
    status: text("status", { enum: subscriptionStatuses }).notNull().default("active"),
    nextBillingDate: date("next_billing_date", { mode: "string" }),
    monthlyFeeCents: integer("monthly_fee_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    /** The Stripe price the subscription bills (plan and period; see the STRIPE_PRICE_* settings). */
    stripePriceId: text("stripe_price_id"),
    /** End of the period paid for: a cancellation or a downgrade takes effect then. */
    currentPeriodEnd: instant("current_period_end"),
    /** Cancellation takes effect at the end of the billing period. */
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /**
     * A downgrade waiting for the next billing cycle (upgrades apply at once): the plan the
     * account moves to on `next_billing_date`. See packages/modules/src/billing/current-plan.ts.
     */
    scheduledPlanName: text("scheduled_plan_name"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("subscriptions_stripe_subscription_id_key").on(t.stripeSubscriptionId),
    index("subscriptions_account_idx").on(t.accountId),
    check("subscriptions_status_check", oneOf(t.status, subscriptionStatuses)),
    check("subscriptions_monthly_fee_check", sql`${t.monthlyFeeCents} >= 0`),
    check("subscriptions_currency_check", currencyCheck(t.currency)),
  ],
);

export const invoices = pgTable(
  "invoices",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    subscriptionId: text("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    invoiceNumber: text("invoice_number").notNull(),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    status: text("status", { enum: invoiceStatuses }).notNull().default("open"),
    totalAmountCents: integer("total_amount_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    stripeInvoiceId: text("stripe_invoice_id"),
    /** Stripe's hosted page where an unpaid invoice is paid ("Pay Now"). */
    hostedInvoiceUrl: text("hosted_invoice_url"),
    /** The UTC month (`YYYY-MM`) a monthly invoice covers; null for others (e.g. Stripe's). */
    period: text("period"),
    paidAt: instant("paid_at"),
    ...timestamps,
  },
  (t) => [
    // Numbered per account, without gaps (invoice_counters).
    uniqueIndex("invoices_account_number_key").on(t.accountId, t.invoiceNumber),
    // One monthly invoice per account and month, whatever the number of runs.
    uniqueIndex("invoices_account_period_key").on(t.accountId, t.period).where(sql`${t.period} is not null`),
    uniqueIndex("invoices_stripe_invoice_id_key").on(t.stripeInvoiceId),
    // Ascending: read backwards for newest first (drizzle's .desc() is DESC NULLS LAST, which ORDER BY ... DESC cannot use).
    index("invoices_account_issue_idx").on(t.accountId, t.issueDate),
    check("invoices_status_check", oneOf(t.status, invoiceStatuses)),
    // Stripe's invoice of a plan change may credit more than it charges (a negative total).
    check("invoices_total_check", sql`${t.totalAmountCents} >= 0 or ${t.stripeInvoiceId} is not null`),
    check("invoices_due_date_check", sql`${t.dueDate} >= ${t.issueDate}`),
    check("invoices_currency_check", currencyCheck(t.currency)),
  ],
);

/** The account's customer at Stripe: one per account, created at its first checkout. */
export const billingCustomers = pgTable(
  "billing_customers",
  {
    accountId: text("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    ...createdAt,
  },
  (t) => [uniqueIndex("billing_customers_stripe_customer_id_key").on(t.stripeCustomerId)],
);

/** What we charge per unit of usage, one row per kind. */
export const rates = pgTable(
  "rates",
  {
    id: idColumn(),
    kind: text("kind", { enum: rateKinds }).notNull(),
    centsPerUnit: integer("cents_per_unit").notNull(),
    unit: text("unit", { enum: rateUnits }).notNull(),
    description: text("description"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("rates_kind_key").on(t.kind),
    check("rates_kind_check", oneOf(t.kind, rateKinds)),
    check("rates_unit_check", oneOf(t.unit, rateUnits)),
    check(
      "rates_kind_unit_check",
      sql`(${oneOf(t.kind, callRateKinds)} and ${t.unit} = 'minute')
        or (${t.kind} = 'sms_segment' and ${t.unit} = 'segment')
        or (${t.kind} = 'mms_message' and ${t.unit} = 'message')`,
    ),
    check("rates_cents_per_unit_check", sql`${t.centsPerUnit} >= 0`),
  ],
);

/**
 * What one number costs a month, by country and type: rows override the defaults of
 * @poundline/domain's number prices (the home market's numbers come with the plan).
 */
export const numberPrices = pgTable(
  "number_prices",
  {
    id: idColumn(),
    isoCountry: text("iso_country").notNull(),
    numberType: text("number_type", { enum: phoneNumberTypes }).notNull(),
    monthlyCents: integer("monthly_cents").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("number_prices_country_type_key").on(t.isoCountry, t.numberType),
    check("number_prices_iso_country_check", sql`${t.isoCountry} ~ '^[A-Z]{2}$'`),
    check("number_prices_number_type_check", oneOf(t.numberType, phoneNumberTypes)),
    check("number_prices_monthly_cents_check", sql`${t.monthlyCents} >= 0`),
  ],
);

export const walletsRelations = relations(wallets, ({ one, many }) => ({
  account: one(accounts, { fields: [wallets.accountId], references: [accounts.id] }),
  entries: many(ledgerEntries),
}));
export const ledgerEntriesRelations = relations(ledgerEntries, ({ one }) => ({
  wallet: one(wallets, { fields: [ledgerEntries.walletId], references: [wallets.id] }),
}));
export const subscriptionsRelations = relations(subscriptions, ({ one, many }) => ({
  account: one(accounts, { fields: [subscriptions.accountId], references: [accounts.id] }),
  invoices: many(invoices),
}));
export const invoicesRelations = relations(invoices, ({ one }) => ({
  account: one(accounts, { fields: [invoices.accountId], references: [accounts.id] }),
  subscription: one(subscriptions, { fields: [invoices.subscriptionId], references: [subscriptions.id] }),
}));

/**
 * Completed calls waiting to be charged: the status callback's statement inserts a row beside
 * the call log it moved, and the workers' charge drain deletes a batch of one account's rows in
 * the wallet transaction that charges them (`FOR UPDATE SKIP LOCKED`: drains side by side take
 * different rows). Only a primary key, no foreign key: the cheapest hand-off a statement can
 * write. A row whose call log is gone (its account deleted) is dropped by the drain. No
 * uniqueness on the call: a call handed off twice (a re-rate) is charged once per price by the
 * biller's guard, and the insert never waits on a drain deleting an earlier row of the call.
 */
export const pendingCharges = pgTable(
  "pending_charges",
  {
    accountId: text("account_id").notNull(),
    id: bigint("id", { mode: "number" }).generatedAlwaysAsIdentity(),
    callLogId: text("call_log_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] })],
);
