import { formatCalendarDay, formatDate as formatDay } from "../../ui/format";

/** Money and labels of the Billing & Wallet screen. */

/** Seed 001: a transaction type is shown with its underscores as spaces (top_up → top up). */
export const transactionTypeLabel = (type: string) => type.replaceAll("_", " ");

/** A status as words (past_due → past due). */
export const statusLabel = (status: string) => status.replaceAll("_", " ");

/** A calendar date (YYYY-MM-DD) as that day, or an instant's day in the account's time zone. */
export function formatDate(value: string | null, timeZone?: string): string {
  if (!value) return "—";
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatCalendarDay(value) : formatDay(value, timeZone);
}
