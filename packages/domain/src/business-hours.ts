export const weekdays = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Weekday = (typeof weekdays)[number];

export interface DayHours {
  active: boolean;
  /** "HH:MM", 24-hour, in the number's time zone. */
  start: string;
  end: string;
}

export type BusinessHours = Record<Weekday, DayHours>;

/** Seed 001: Monday to Friday 09:00 to 17:00, Saturday and Sunday off. */
export const defaultBusinessHours: BusinessHours = {
  monday: { active: true, start: "09:00", end: "17:00" },
  tuesday: { active: true, start: "09:00", end: "17:00" },
  wednesday: { active: true, start: "09:00", end: "17:00" },
  thursday: { active: true, start: "09:00", end: "17:00" },
  friday: { active: true, start: "09:00", end: "17:00" },
  saturday: { active: false, start: "09:00", end: "17:00" },
  sunday: { active: false, start: "09:00", end: "17:00" },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "long",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The last local time read per zone, with its UTC minute: calls in the same minute share it. */
const lastLocal = new Map<string, { minute: number; local: { day: Weekday; minutes: number } }>();

/**
 * Weekday and minutes since midnight of an instant in a time zone. Zones' offsets are whole
 * minutes, so the answer is the same through a UTC minute: remembered for it per zone, since
 * reading a zone's clock (Intl) costs microseconds and a ring group reads one per member.
 */
export function localTime(now: Date, timeZone: string): { day: Weekday; minutes: number } {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastLocal.get(timeZone);
  if (last?.minute === minute) return last.local;
  const local = readLocalTime(now, timeZone);
  lastLocal.set(timeZone, { minute, local });
  return local;
}

function readLocalTime(now: Date, timeZone: string): { day: Weekday; minutes: number } {
  let day: Weekday = "monday";
  let hour = 0;
  let minute = 0;
  for (const part of formatterFor(timeZone).formatToParts(now)) {
    if (part.type === "weekday") day = part.value.toLowerCase() as Weekday;
    else if (part.type === "hour") hour = Number(part.value);
    else if (part.type === "minute") minute = Number(part.value);
  }
  return { day, minutes: hour * 60 + minute };
}

/** Minutes since midnight of "HH:MM" (read by character: every call checks hours, a ring group one per member). */
const toMinutes = (hhmm: string) => {
  if (hhmm.length === 5 && hhmm[2] === ":") {
    const digit = (i: number) => hhmm.charCodeAt(i) - 48;
    return (digit(0) * 10 + digit(1)) * 60 + digit(3) * 10 + digit(4);
  }
  const [h = "0", m = "0"] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
};

/**
 * Whether `now` falls in business hours. The start is inclusive and the end exclusive;
 * an end before the start spans midnight (22:00–06:00), counted from the start's day.
 */
export function isWithinBusinessHours(hours: BusinessHours, timeZone: string, now: Date): boolean {
  const { day, minutes } = localTime(now, timeZone);
  const today = hours[day];
  if (today.active) {
    const start = toMinutes(today.start);
    const end = toMinutes(today.end);
    if (start < end ? minutes >= start && minutes < end : minutes >= start) return true;
  }
  // The tail of yesterday's overnight shift.
  const yesterday = hours[weekdays[(weekdays.indexOf(day) + 6) % 7] as Weekday];
  if (yesterday.active) {
    const start = toMinutes(yesterday.start);
    const end = toMinutes(yesterday.end);
    if (end < start && minutes < end) return true;
  }
  return false;
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The last local date read per zone, with its UTC minute: calls in the same minute share it. */
const lastDate = new Map<string, { minute: number; date: string }>();

/** The calendar date (YYYY-MM-DD) of an instant in a time zone (formatted once per zone a minute). */
export function localDate(now: Date, timeZone: string): string {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastDate.get(timeZone);
  if (last?.minute === minute) return last.date;
  const date = readLocalDate(now, timeZone);
  lastDate.set(timeZone, { minute, date });
  return date;
}

function readLocalDate(now: Date, timeZone: string): string {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    // en-CA writes dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter.format(now);
}

/** Whether a time zone is one the runtime knows (an IANA name such as America/New_York). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}
