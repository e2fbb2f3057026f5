import { DEFAULT_TIME_ZONE } from "@poundline/domain/routing-defaults";

/**
 * Wall-clock times in the demo's time zone, computed from the reference date only: the demo
 * numbers keep the default routing time zone, so the calls made up in their business hours are.
 */
export const DEMO_TIME_ZONE = DEFAULT_TIME_ZONE;

const DAY_MS = 86_400_000;

interface LocalDate {
  year: number;
  month: number; // 1-12
  day: number;
}

function zonedParts(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/** Minutes to add to UTC to get the zone's wall clock at that instant (-300 for EST). */
function offsetMinutes(at: Date, timeZone: string): number {
  const p = zonedParts(at, timeZone);
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wallAsUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

export class DemoCalendar {
  private readonly today: LocalDate;

  constructor(
    readonly now: Date,
    readonly timeZone = DEMO_TIME_ZONE,
  ) {
    const p = zonedParts(now, timeZone);
    this.today = { year: p.year, month: p.month, day: p.day };
  }

  /** The local calendar date `daysAgo` days before today (negative: in the future). */
  date(daysAgo: number): LocalDate {
    const utc = new Date(Date.UTC(this.today.year, this.today.month - 1, this.today.day - daysAgo));
    return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
  }

  /** 0 = Sunday … 6 = Saturday. */
  weekday(daysAgo: number): number {
    const d = this.date(daysAgo);
    return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  }

  /** The instant of a local wall-clock time `daysAgo` days before today. */
  at(daysAgo: number, hour: number, minute = 0, second = 0): Date {
    const d = this.date(daysAgo);
    const guess = new Date(Date.UTC(d.year, d.month - 1, d.day, hour, minute, second));
    return new Date(guess.getTime() - offsetMinutes(guess, this.timeZone) * 60_000);
  }

  /** `YYYY-MM-DD` of the local date `daysAgo` days before today, for date columns. */
  isoDate(daysAgo: number): string {
    const d = this.date(daysAgo);
    return `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
  }

  daysBefore(days: number): Date {
    return new Date(this.now.getTime() - days * DAY_MS);
  }
}
