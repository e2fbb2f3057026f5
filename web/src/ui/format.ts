import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * How the console writes dates, times, durations, money, numbers and phone numbers: one format on
 * every screen, in the account's time zone (see useFormat in time-zone.ts). Pure: the time zone,
 * and the clock for relative dates, are arguments; an undefined time zone is the browser's (an
 * admin, or the account's not yet loaded).
 */

const LOCALE = "en-US";

type Instant = Date | string | number;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone ?? ""}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(LOCALE, { ...options, ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, made);
  }
  return made;
}

const DATE: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };
const TIME: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit" };
const SHORT_DAY: Intl.DateTimeFormatOptions = { month: "short", day: "numeric" };
const KEY: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit" };

const toDate = (at: Instant) => (at instanceof Date ? at : new Date(at));

/** "Nov 24, 2026". */
export function formatDate(at: Instant, timeZone?: string): string {
  return formatter(timeZone, DATE).format(toDate(at));
}

/** "3:05 PM". */
export function formatTime(at: Instant, timeZone?: string): string {
  return formatter(timeZone, TIME).format(toDate(at));
}

/** "Nov 24, 2026, 3:05 PM". */
export function formatDateTime(at: Instant, timeZone?: string): string {
  return `${formatDate(at, timeZone)}, ${formatTime(at, timeZone)}`;
}

/** The calendar day of an instant in the time zone, "YYYY-MM-DD". */
export function dayOf(at: Instant, timeZone?: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone, KEY).formatToParts(toDate(at))) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The day before a calendar day ("YYYY-MM-DD"): calendar arithmetic, no time zone involved. */
export function previousDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (date ?? 1) - 1)).toISOString().slice(0, 10);
}

/** A calendar day ("YYYY-MM-DD": a follow-up date, an invoice's period) as "Nov 24, 2026". */
export function formatCalendarDay(day: string): string {
  const [year, month, date] = day.slice(0, 10).split("-").map(Number);
  return formatter("UTC", DATE).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)));
}

/** "Today", "Yesterday", or the date ("Nov 24, 2026"): the day of an instant as the account's clock reads. */
export function formatDayLabel(at: Instant, now: Date, timeZone?: string): string {
  const day = dayOf(at, timeZone);
  const today = dayOf(now, timeZone);
  if (day === today) return "Today";
  if (day === previousDay(today)) return "Yesterday";
  return formatDate(at, timeZone);
}

/**
 * Short and relative to now, for lists: the time today ("3:05 PM"), "Yesterday", the day this
 * year ("Nov 24"), else the date ("Nov 24, 2025").
 */
export function formatRelative(at: Instant, now: Date, timeZone?: string): string {
  const day = dayOf(at, timeZone);
  const today = dayOf(now, timeZone);
  if (day === today) return formatTime(at, timeZone);
  if (day === previousDay(today)) return "Yesterday";
  if (day.slice(0, 4) === today.slice(0, 4)) return formatter(timeZone, SHORT_DAY).format(toDate(at));
  return formatDate(at, timeZone);
}

/** A count with thousands separators: 12,345. */
export function formatCount(value: number): string {
  return value.toLocaleString(LOCALE);
}

/** Seed 001: a duration as Xh Ym Zs, leading zero units left out ("1m 5s", "45s", "0s"); "—" for none. */
export function formatDuration(totalSeconds: number | null): string {
  if (totalSeconds === null) return "—";
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h ${m}m ${s}s`;
  if (m > 0) return `${m}m ${s}s`;
  return `${s}s`;
}

/** A recording's length as a player shows it: 65 → "1:05", an hour → "60:00". */
export function formatClockDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

const moneyFormatters = new Map<string, Intl.NumberFormat>();

/** Integer cents in US currency format (seed 001): $1,234.50, -$0.07; another currency in its own sign. */
export function formatMoney(cents: number, currency = "USD"): string {
  let made = moneyFormatters.get(currency);
  if (!made) {
    made = new Intl.NumberFormat(LOCALE, { style: "currency", currency });
    moneyFormatters.set(currency, made);
  }
  return made.format(cents / 100);
}

/**
 * A phone number as the console writes it: (407) 555-0150 for North American numbers in E.164;
 * other numbers in E.164, and anything else (a SIP address, "Anonymous"), as they are.
 */
export function formatPhone(number: string): string {
  // A member's softphone, as the carrier names it (`client:<account>_<user>`): not a phone number.
  if (number.startsWith("client:")) return "Softphone (browser)";
  const northAmerican = /^\+1\d{10}$/.test(number) ? parsePhoneNumberFromString(number) : undefined;
  return northAmerican ? northAmerican.formatNational() : number;
}
