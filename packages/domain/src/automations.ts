import { type BusinessHours, isWithinBusinessHours, localDate, localTime } from "./business-hours";
import type { AreaCodeTable } from "./location";

/**
 * Automated texts: the template variables, the recipient's time zone, quiet hours and the
 * once-a-day key of a missed-call text-back. Pure: the clock and the tables are arguments.
 */

/** The variables a text template may use, and what each is filled with. */
export const templateVariables = {
  first_name: "The contact's first name (empty when unknown)",
  contact_name: "The contact's full name (empty when unknown)",
  business_name: "The company's name, from the company settings",
  number: "The business number the text is sent from",
  agent_name: "The name of the member sending it (empty for automated texts)",
} as const;

export type TemplateVariable = keyof typeof templateVariables;
export type TemplateValues = Partial<Record<TemplateVariable, string>>;

const VARIABLE = /\{([a-zA-Z0-9_]*)\}/g;

const isVariable = (name: string): name is TemplateVariable => Object.hasOwn(templateVariables, name);

/** The `{names}` a template uses that are not variables, in order of first use. */
export function unknownVariables(template: string): string[] {
  const unknown = [...template.matchAll(VARIABLE)].map((m) => m[1] ?? "").filter((name) => !isVariable(name));
  return [...new Set(unknown)];
}

/** The template with each variable replaced by its value (empty when not given); other text as written. */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template
    .replace(VARIABLE, (whole, name: string) => (isVariable(name) ? (values[name] ?? "") : whole))
    .replace(/ {2,}/g, " ");
}

/** The usual zone of each US state and Canadian province (the most populous part of those spanning two). */
const regionZones: Record<string, string> = {
  AL: "America/Chicago",
  AK: "America/Anchorage",
  AZ: "America/Phoenix",
  AR: "America/Chicago",
  CA: "America/Los_Angeles",
  CO: "America/Denver",
  CT: "America/New_York",
  DE: "America/New_York",
  DC: "America/New_York",
  FL: "America/New_York",
  GA: "America/New_York",
  HI: "Pacific/Honolulu",
  ID: "America/Boise",
  IL: "America/Chicago",
  IN: "America/Indiana/Indianapolis",
  IA: "America/Chicago",
  KS: "America/Chicago",
  KY: "America/New_York",
  LA: "America/Chicago",
  ME: "America/New_York",
  MD: "America/New_York",
  MA: "America/New_York",
  MI: "America/Detroit",
  MN: "America/Chicago",
  MS: "America/Chicago",
  MO: "America/Chicago",
  MT: "America/Denver",
  NE: "America/Chicago",
  NV: "America/Los_Angeles",
  NH: "America/New_York",
  NJ: "America/New_York",
  NM: "America/Denver",
  NY: "America/New_York",
  NC: "America/New_York",
  ND: "America/Chicago",
  OH: "America/New_York",
  OK: "America/Chicago",
  OR: "America/Los_Angeles",
  PA: "America/New_York",
  RI: "America/New_York",
  SC: "America/New_York",
  SD: "America/Chicago",
  TN: "America/Chicago",
  TX: "America/Chicago",
  UT: "America/Denver",
  VT: "America/New_York",
  VA: "America/New_York",
  WA: "America/Los_Angeles",
  WV: "America/New_York",
  WI: "America/Chicago",
  WY: "America/Denver",
  PR: "America/Puerto_Rico",
  VI: "America/St_Thomas",
  GU: "Pacific/Guam",
  AS: "Pacific/Pago_Pago",
  MP: "Pacific/Saipan",
  AB: "America/Edmonton",
  BC: "America/Vancouver",
  MB: "America/Winnipeg",
  NB: "America/Moncton",
  NL: "America/St_Johns",
  NS: "America/Halifax",
  NT: "America/Yellowknife",
  NU: "America/Iqaluit",
  ON: "America/Toronto",
  PE: "America/Halifax",
  QC: "America/Toronto",
  SK: "America/Regina",
  YT: "America/Whitehorse",
};

/**
 * The recipient's time zone as far as their number tells: a NANP area code's state or province,
 * else `fallback` (the business number's zone).
 */
export function recipientTimeZone(e164: string, areaCodes: AreaCodeTable, fallback: string): string {
  if (!e164.startsWith("+1") || e164.length !== 12) return fallback;
  const region = areaCodes.get(e164.slice(2, 5))?.regions[0];
  return (region && regionZones[region]) || fallback;
}

/**
 * The zone a text to a recipient is timed in: the contact's own when they have one, else their
 * number's (recipientTimeZone).
 */
export function textTimeZone(input: {
  contactZone: string | null;
  e164: string;
  areaCodes: AreaCodeTable;
  fallback: string;
}): string {
  return input.contactZone ?? recipientTimeZone(input.e164, input.areaCodes, input.fallback);
}

/**
 * Whether the business is open for the after-hours replies: a holiday (a date of the number's
 * zone) is after hours all day, as it is for calls (call-flow.ts); without hours, always open.
 */
export function isOpenForReplies(input: {
  businessHours: BusinessHours | null;
  holidays: readonly string[];
  timeZone: string;
  at: Date;
}): boolean {
  if (input.holidays.includes(localDate(input.at, input.timeZone))) return false;
  return input.businessHours ? isWithinBusinessHours(input.businessHours, input.timeZone, input.at) : true;
}

/** Quiet hours: no automated text from `startMinute` to `endMinute` (minutes since local midnight). */
export interface QuietHours {
  enabled: boolean;
  startMinute: number;
  endMinute: number;
}

export const DEFAULT_QUIET_HOURS: QuietHours = { enabled: true, startMinute: 21 * 60, endMinute: 8 * 60 };

/** Whether a local minute of the day falls in the window (an end before the start spans midnight). */
export function inQuietHours(minute: number, quiet: QuietHours): boolean {
  if (!quiet.enabled || quiet.startMinute === quiet.endMinute) return false;
  return quiet.startMinute < quiet.endMinute
    ? minute >= quiet.startMinute && minute < quiet.endMinute
    : minute >= quiet.startMinute || minute < quiet.endMinute;
}

export type SendDecision = { send: "now" } | { send: "later"; at: Date } | { send: "never"; reason: string };

/**
 * When an automated text may go: now outside quiet hours; in them, deferred to the window's end
 * (the recipient's zone). A missed-call text-back (`sameDayOnly`) is not deferred past the local day
 * of the call: a call at 22:00 gets none, one at 06:30 gets its text at 08:00.
 */
export function quietHoursDecision(input: {
  now: Date;
  timeZone: string;
  quiet: QuietHours;
  sameDayOnly: boolean;
}): SendDecision {
  const { now, timeZone, quiet } = input;
  if (!inQuietHours(localTime(now, timeZone).minutes, quiet)) return { send: "now" };
  const at = nextLocalMinute(now, timeZone, quiet.endMinute);
  if (input.sameDayOnly && localDate(at, timeZone) !== localDate(now, timeZone))
    return { send: "never", reason: "The call came in quiet hours, too late to text back the same day." };
  return { send: "later", at };
}

/** The first instant after `now` (to the minute) at which the zone's clock reads `minute`. */
export function nextLocalMinute(now: Date, timeZone: string, minute: number): Date {
  const startOfMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  const current = localTime(now, timeZone).minutes;
  const ahead = (minute - current + 1440) % 1440 || 1440;
  let at = new Date(startOfMinute + ahead * 60_000);
  // A daylight-saving change in between moves the wall clock: correct by what it reads then.
  const drift = ((((localTime(at, timeZone).minutes - minute) % 1440) + 1440 + 720) % 1440) - 720;
  if (drift !== 0) at = new Date(at.getTime() - drift * 60_000);
  return at;
}

/** The key that lets one automated text of a kind through per number, caller and local day. */
export function textBackKey(input: {
  kind: string;
  phoneNumberId: string;
  caller: string;
  now: Date;
  timeZone: string;
}): string {
  return `${input.kind}:${input.phoneNumberId}:${input.caller}:${localDate(input.now, input.timeZone)}`;
}

/** The instant a wall-clock time ("YYYY-MM-DDTHH:MM") names in a zone (the later one in a DST overlap's doubt). */
export function zonedTimeToInstant(local: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  let guess = asUtc - offsetMinutes(new Date(asUtc), timeZone) * 60_000;
  guess = asUtc - offsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
}

/** The zone's offset from UTC at an instant, in minutes (east positive). */
function offsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}
