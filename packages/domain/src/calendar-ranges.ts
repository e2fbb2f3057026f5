/**
 * Analytics ranges as instants: a range names calendar days in the account's time zone, and the
 * queries want the half-open interval [start, end) of instants those days cover. Pure: the clock
 * and the time zone are arguments. Days are civil dates ("YYYY-MM-DD"); day arithmetic is done on
 * them in UTC, where every day has 24 hours, and only midnights are placed in the time zone, so a
 * range over a daylight saving change is 23 or 25 hours longer or shorter, as the wall clock says.
 */

export type CalendarDay = string;

export interface DayRange {
  /** First day of the range, in the time zone. */
  from: CalendarDay;
  /** Last day of the range (included). */
  to: CalendarDay;
  /** Midnight starting `from`, in the time zone. */
  start: Date;
  /** Midnight after `to`, in the time zone (excluded). */
  end: Date;
}

const DAY_MS = 86_400_000;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(day: CalendarDay): number {
  const match = CALENDAR_DAY.exec(day);
  if (!match) throw new RangeError(`Not a calendar day: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

const formatDay = (utcMidnight: number): CalendarDay => new Date(utcMidnight).toISOString().slice(0, 10);

/** True for a real calendar day written YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!CALENDAR_DAY.test(value)) return false;
  return formatDay(parseDay(value)) === value;
}

/** The day `days` after (or before, when negative) `day`. */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  return formatDay(parseDay(day) + days * DAY_MS);
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function daysBetween(from: CalendarDay, to: CalendarDay): number {
  return Math.round((parseDay(to) - parseDay(from)) / DAY_MS) + 1;
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: CalendarDay, to: CalendarDay): CalendarDay[] {
  const days: CalendarDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `instant` in the time zone, read as if it were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant))
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** True when the runtime knows the IANA time zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day `instant` falls on in the time zone. */
export function dayIn(instant: Date, timeZone: string): CalendarDay {
  return formatDay(Math.floor(wallClock(instant.getTime(), timeZone) / DAY_MS) * DAY_MS);
}

/**
 * The instant the day starts in the time zone: its midnight, or, where the clocks skip midnight
 * (a change at 00:00), the first instant of the day that exists.
 */
export function startOfDay(day: CalendarDay, timeZone: string): Date {
  const midnight = parseDay(day);
  // The offset at a guess, then at the instant it gives: two steps settle it, across a change too.
  let instant = midnight - (wallClock(midnight, timeZone) - midnight);
  instant = midnight - (wallClock(instant, timeZone) - instant);
  // Midnight skipped: the guess lands on the day before; the day starts when the clocks jump.
  if (wallClock(instant, timeZone) < midnight) {
    let low = instant;
    let high = instant + DAY_MS;
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      if (wallClock(mid, timeZone) < midnight) low = mid;
      else high = mid;
    }
    instant = high;
  }
  return new Date(instant);
}

/** The instants the days `from` to `to` (both included) cover in the time zone. */
export function dayRange(from: CalendarDay, to: CalendarDay, timeZone: string): DayRange {
  return { from, to, start: startOfDay(from, timeZone), end: startOfDay(addDays(to, 1), timeZone) };
}

/** The analytics ranges of seed 001, in its order. */
export const ANALYTICS_RANGES = [
  "today",
  "yesterday",
  "last7days",
  "last30days",
  "thismonth",
  "custom",
] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
/** The range the screen opens with. */
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = "last30days";
/** The longest custom range, in days (a leap year). */
export const MAX_CUSTOM_RANGE_DAYS = 366;

export type RangeRequest =
  | { range: Exclude<AnalyticsRange, "custom"> }
  | { range: "custom"; from: CalendarDay; to: CalendarDay };

/**
 * The days a range covers as the account's clock reads `now`: today, yesterday, the last 7 or 30
 * days up to and including today, this month up to today, or the custom days given.
 */
export function resolveRange(request: RangeRequest, now: Date, timeZone: string): DayRange {
  const today = dayIn(now, timeZone);
  switch (request.range) {
    case "today":
      return dayRange(today, today, timeZone);
    case "yesterday": {
      const yesterday = addDays(today, -1);
      return dayRange(yesterday, yesterday, timeZone);
    }
    case "last7days":
      return dayRange(addDays(today, -6), today, timeZone);
    case "last30days":
      return lastDays(LAST_DAYS_WINDOW, now, timeZone).current;
    case "thismonth":
      return dayRange(`${today.slice(0, 8)}01`, today, timeZone);
    case "custom":
      return dayRange(request.from, request.to, timeZone);
  }
}

/** The days of the dashboard's stat cards and of the analytics' "last 30 days". */
export const LAST_DAYS_WINDOW = 30;

/**
 * The one definition of "the last N days", for the dashboard's stat cards and the analytics alike:
 * the N calendar days up to and including today in the account's time zone, from its midnight
 * N - 1 days ago to the midnight after today, and the N days before them (the cards' comparison).
 */
export function lastDays(
  days: number,
  now: Date,
  timeZone: string,
): { current: DayRange; previous: DayRange } {
  const today = dayIn(now, timeZone);
  const first = addDays(today, 1 - days);
  return {
    current: dayRange(first, today, timeZone),
    previous: dayRange(addDays(first, -days), addDays(first, -1), timeZone),
  };
}
