import { z } from "zod";

/**
 * The rules every string and every date the API takes goes through, so that odd but legal input
 * is a 400 with the field's message and never reaches the database (PostgreSQL refuses a NUL
 * byte and the year 0, and a refused statement is a 500). Zod only, no server imports: the web
 * bundles the schemas that use it. Re-exported by ./schemas.
 */

export const CONTROL_CHARACTERS_MESSAGE = "Must not contain control characters.";
export const MALFORMED_TEXT_MESSAGE = "Must be valid Unicode text.";

/** C0 and C1 control characters and DEL (Unicode category Cc), NUL among them. */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** The same but line feed, carriage return and tab, which multi-line text keeps. */
const CONTROL_CHARACTER_BUT_LINE_BREAKS = /[^\P{Cc}\n\r\t]/u;
/** Half of a surrogate pair on its own: the driver would silently store U+FFFD instead. */
const LONE_SURROGATE = /\p{Cs}/u;

const singleLineRule = z.refine<string>((value) => !CONTROL_CHARACTER.test(value), {
  message: CONTROL_CHARACTERS_MESSAGE,
});
const multilineRule = z.refine<string>((value) => !CONTROL_CHARACTER_BUT_LINE_BREAKS.test(value), {
  message: CONTROL_CHARACTERS_MESSAGE,
});
const wellFormedRule = z.refine<string>((value) => !LONE_SURROGATE.test(value), {
  message: MALFORMED_TEXT_MESSAGE,
});

export interface TextOptions {
  /** The message when the value is absent or not a string. */
  error?: string;
  /** Keeps line breaks and tabs: message bodies, notes, descriptions. */
  multiline?: boolean;
  /** Trims surrounding white space first (the default); passwords and message bodies stay as typed. */
  trim?: boolean;
}

/**
 * A string the API takes: no NUL nor any other control character (line breaks and tabs only in
 * multi-line text), no lone surrogate, trimmed unless told otherwise. Chain `.min()`, `.max()`,
 * `.regex()` and the like on it as on `z.string()`.
 */
export function text(options: TextOptions = {}) {
  const base = options.error === undefined ? z.string() : z.string({ error: options.error });
  const trimmed = options.trim === false ? base : base.trim();
  return trimmed.check(options.multiline ? multilineRule : singleLineRule, wellFormedRule);
}

/** One line of text, trimmed: names, e-mail addresses, search terms. */
export const line = (error?: string) => text(error === undefined ? {} : { error });

/** Text that may span lines, trimmed: notes, descriptions, form messages. */
export const multilineText = (error?: string) =>
  text(error === undefined ? { multiline: true } : { error, multiline: true });

/** True when a string schema was built by `text()` (the audit test walks every route's schemas). */
export function followsTextRule(schema: z.ZodString): boolean {
  const checks = schema._zod.def.checks ?? [];
  return (
    (checks.includes(singleLineRule) || checks.includes(multilineRule)) && checks.includes(wellFormedRule)
  );
}

/**
 * A header value we keep (a user agent): control characters dropped rather than refused, since
 * the browser, not the person, chose it; cut to `max` characters; null when nothing is left.
 */
export function storableHeader(value: string | undefined, max: number): string | null {
  const cleaned = value
    ?.replace(new RegExp(CONTROL_CHARACTER.source, "gu"), "")
    .replace(new RegExp(LONE_SURROGATE.source, "gu"), "\uFFFD")
    .slice(0, max)
    .trim();
  return cleaned || null;
}

/** Years of a calendar date people enter: follow-ups, last contact, dates of birth. */
export const CALENDAR_YEARS = { min: 1900, max: 2100 } as const;
/** Years every stored instant lies within: PostgreSQL has no year 0, ISO 8601 four digits. */
export const INSTANT_YEARS = { min: 1, max: 9999 } as const;

export interface DateOptions {
  /** The message of a value that is not a date in one of the accepted forms. */
  error: string;
  /** Years allowed, in UTC, both included; CALENDAR_YEARS unless told otherwise. */
  years?: { min: number; max: number };
  /** Also take a calendar date (YYYY-MM-DD), as midnight UTC. */
  dateOnly?: boolean;
}

const yearsMessage = (years: { min: number; max: number }) =>
  `Must be a date between the years ${years.min} and ${years.max}.`;

const withinYears = (date: Date, years: { min: number; max: number }) => {
  const year = date.getUTCFullYear();
  return year >= years.min && year <= years.max;
};

/**
 * A date the API takes: an ISO 8601 date-time with an offset (or, with `dateOnly`, a calendar
 * date), a real one (no 2023-02-30, no hour 24), whose instant falls within the years allowed.
 * The string on the wire, a Date in the handler.
 */
export function dateInput(options: DateOptions) {
  const years = options.years ?? CALENDAR_YEARS;
  const forms = options.dateOnly
    ? z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: options.error })
    : z.iso.datetime({ offset: true, error: options.error });
  return forms
    .transform((value) => new Date(value))
    .refine((date) => withinYears(date, years), { message: yearsMessage(years), abort: true });
}

/**
 * An instant both ways: an ISO 8601 string on the wire, a Date in the handler. Decoding refuses a
 * year the database cannot hold (0000, or 0001 with an offset that moves it back to year 0).
 */
export const instantSchema = z.codec(
  z.iso.datetime({ offset: true }).refine((value) => withinYears(new Date(value), INSTANT_YEARS), {
    message: yearsMessage(INSTANT_YEARS),
  }),
  z.date(),
  {
    decode: (value) => new Date(value),
    encode: (date) => date.toISOString(),
  },
);
