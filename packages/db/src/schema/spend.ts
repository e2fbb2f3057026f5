import { relations, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "./auth";
import { invoices } from "./billing";
import { createdAt, idColumn, instant, oneOf, timestamps } from "./columns";
import { invoiceLineKinds, trialReminderKinds } from "./enums";

/**
 * An account's spend guard (issue 13, point 5): auto-recharge of the saved card and the monthly
 * spend cap. One row per account, written by its first save; no row means neither is on.
 */
export const spendGuards = pgTable(
  "spend_guards",
  {
    accountId: text("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    autoRechargeEnabled: boolean("auto_recharge_enabled").notNull().default(false),
    /** Recharge when the balance falls under this. */
    autoRechargeThresholdCents: integer("auto_recharge_threshold_cents").notNull().default(500),
    /** What one recharge adds. */
    autoRechargeAmountCents: integer("auto_recharge_amount_cents").notNull().default(2500),
    /** The last recharge claimed (tried): at most one an hour, claimed by one conditional update. */
    lastRechargeAt: instant("last_recharge_at"),
    /** The last recharge's failure, shown in the console until one succeeds. */
    lastRechargeError: text("last_recharge_error"),
    lastRechargeFailedAt: instant("last_recharge_failed_at"),
    /** Month-to-date usage (calls and texts) at which calls and texts stop; null: no cap. */
    monthlySpendCapCents: integer("monthly_spend_cap_cents"),
    /** The UTC month (YYYY-MM) in which usage reached the cap: the gate is closed for that month. */
    capReachedMonth: text("cap_reached_month"),
    ...timestamps,
  },
  (t) => [
    check("spend_guards_threshold_check", sql`${t.autoRechargeThresholdCents} >= 0`),
    check("spend_guards_amount_check", sql`${t.autoRechargeAmountCents} > 0`),
    check("spend_guards_cap_check", sql`${t.monthlySpendCapCents} is null or ${t.monthlySpendCapCents} > 0`),
    check("spend_guards_cap_month_check", sql`${t.capReachedMonth} ~ '^[0-9]{4}-[0-9]{2}$'`),
  ],
);

/** The next invoice number of each account, taken in the transaction that writes the invoice. */
export const invoiceCounters = pgTable("invoice_counters", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  lastNumber: integer("last_number").notNull().default(0),
});

/**
 * What an invoice is made of: the subscription's fee, and usage summed from the ledger (our
 * monthly invoices), or the lines of Stripe's invoice (its subscription and prorations).
 */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: idColumn(),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind", { enum: invoiceLineKinds }).notNull(),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    /** Before tax. */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** The tax on this line (Stripe's line taxes; our own lines carry none). */
    taxCents: bigint("tax_cents", { mode: "number" }).notNull().default(0),
    /** The service period the line covers, when it has one (Stripe's lines do). */
    periodStart: date("period_start", { mode: "string" }),
    periodEnd: date("period_end", { mode: "string" }),
    ...createdAt,
  },
  (t) => [
    uniqueIndex("invoice_lines_invoice_position_key").on(t.invoiceId, t.position),
    check("invoice_lines_kind_check", oneOf(t.kind, invoiceLineKinds)),
    // Only a proration credits (the unused time of the plan left).
    check("invoice_lines_amount_check", sql`${t.amountCents} >= 0 or ${t.kind} = 'proration'`),
    check("invoice_lines_tax_check", sql`${t.taxCents} >= 0`),
  ],
);

/** The trial-ending reminders sent: one row per account and kind, so each goes out once. */
export const trialReminders = pgTable(
  "trial_reminders",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: trialReminderKinds }).notNull(),
    ...createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.kind] }),
    index("trial_reminders_account_idx").on(t.accountId),
    check("trial_reminders_kind_check", oneOf(t.kind, trialReminderKinds)),
  ],
);

export const invoiceLinesRelations = relations(invoiceLines, ({ one }) => ({
  invoice: one(invoices, { fields: [invoiceLines.invoiceId], references: [invoices.id] }),
}));
