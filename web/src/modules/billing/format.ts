import { formatCalendarDay, formatDate as formatDay } from "../../lib/format";

/** Money and labels of the Billing & Wallet screen. */

const formatters = new Map<string, Intl.NumberFormat>();

/** Cents as US currency format (seed 001): $1,234.50, -$0.07. */
export function formatMoney(cents: number, currency = "USD"): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", { style: "currency", currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(cents / 100);
}

/** Seed 001: a transaction type is shown with its underscores as spaces (top_up → top up). */
export const transactionTypeLabel = (type: string) => type.replaceAll("_", " ");

/** A status as words (past_due → past due). */
export const statusLabel = (status: string) => status.replaceAll("_", " ");

/** A calendar date (YYYY-MM-DD) as that day, or an instant's day in the account's time zone. */
export function formatDate(value: string | null, timeZone?: string): string {
  if (!value) return "—";
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatCalendarDay(value) : formatDay(value, timeZone);
}
