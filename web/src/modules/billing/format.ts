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

/** A calendar date (YYYY-MM-DD) or an instant, shown as the browser's locale writes dates. */
export function formatDate(value: string | null): string {
  if (!value) return "—";
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  return date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}
