import { type ParsedUrlQuery, unescape as percentDecode } from "node:querystring";
import { AppError } from "@poundline/contracts/errors";
import type { LocationInput } from "@poundline/domain";

/**
 * The most fields one webhook's form may have. The carrier sends under 100 (a text with ten media
 * has about 45); every field costs the signature check and the reader a pass, so a body of many
 * thousand tiny fields is refused while it is read, before any of that.
 */
export const MAX_FORM_FIELDS = 200;
/** The most media one message carries: the carrier sends at most 10. */
export const MAX_MEDIA = 10;
/** The longest call or recording stored: a day, longer than the carrier lets a call last. */
export const MAX_DURATION_SECONDS = 86_400;
/** The ceiling of an integer column. */
export const MAX_INT32 = 2_147_483_647;
/**
 * Years of a carrier timestamp; one outside them is not the carrier's, and is not read. The
 * carrier did not exist before 2008, and a JavaScript date reads RFC 2822 years 0–99 as 1950–2049
 * (year 0 as 2000), so the floor keeps those out too.
 */
export const TIMESTAMP_YEARS = { min: 2008, max: 2100 } as const;

export interface IntegerRange {
  min: number;
  max: number;
}

const WHOLE_NUMBER = /^-?\d+$/;

/**
 * The carrier's parameters of one webhook, read with their types: its form body
 * (`carrierParams`), or the query string of a URL we gave it (`carrierQuery`). Reading them
 * refuses a repeated name with 400, the one answer the carrier does not retry forever; every
 * value read has its control characters dropped (the database refuses a NUL, TwiML every C0
 * control). Every read is total: an absent or unreadable value is `undefined` (or the default the
 * method names), and a number out of its range is clamped to it, so a handler never sees a value
 * it cannot store. Values are cleaned as they are read, not all at once: the incoming call reads
 * five of the carrier's twenty-odd parameters.
 */
export class CarrierParams {
  private constructor(private readonly source: object) {}

  /** Checked once, when the request is read; see `carrierParams`. */
  static of(source: unknown, where: "body" | "query"): CarrierParams {
    if (typeof source !== "object" || source === null) return EMPTY;
    // The form parser makes an array of a repeated name: which one the carrier meant is unknown.
    // (A plain loop: no array nor closure per webhook; the incoming call's answer pays for it.)
    let repeated: string | undefined;
    for (const name in source) {
      if (typeof Reflect.get(source, name) !== "string") {
        repeated = name;
        break;
      }
    }
    if (repeated === undefined) return new CarrierParams(source);
    throw new AppError("BAD_REQUEST", `Carrier parameter ${repeated} was given more than once`, {
      [where === "body" ? repeated : `query.${repeated}`]: ["Must be given once."],
    });
  }

  /** The value as sent, control characters dropped (see `storableText`); "" when absent. */
  text(name: string): string {
    const value: unknown = Reflect.get(this.source, name);
    return typeof value === "string" ? storableText(value) : "";
  }

  /** The value; undefined when absent or empty. */
  optional(name: string): string | undefined {
    return this.text(name) || undefined;
  }

  /** The first of these names with a value (the carrier's older names for the same thing). */
  firstOf(...names: string[]): string | undefined {
    for (const name of names) {
      const value = this.text(name);
      if (value) return value;
    }
    return undefined;
  }

  /** A whole number clamped into `range`; undefined when absent or not a whole number. */
  integer(name: string, range: IntegerRange): number | undefined {
    const value = this.text(name);
    if (!WHOLE_NUMBER.test(value)) return undefined;
    return Math.min(range.max, Math.max(range.min, Number(value)));
  }

  /** A duration in whole seconds, clamped to [0, MAX_DURATION_SECONDS]; 0 when absent. */
  seconds(name: string): number {
    return this.integer(name, { min: 0, max: MAX_DURATION_SECONDS }) ?? 0;
  }

  /** An instant within TIMESTAMP_YEARS (RFC 2822, as the carrier writes them, or ISO 8601). */
  instant(name: string): Date | undefined {
    const value = this.text(name);
    if (!value) return undefined;
    const at = new Date(value);
    const year = at.getUTCFullYear(); // NaN for an unreadable date: outside any range
    return year >= TIMESTAMP_YEARS.min && year <= TIMESTAMP_YEARS.max ? at : undefined;
  }

  /** The value when it is one of `values`; undefined otherwise. */
  oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    const value = this.text(name);
    return values.find((v) => v === value);
  }

  /** Every parameter, for the readers of whole records (our URLs' query, see telephony's twiml.ts). */
  record(): Record<string, string> {
    const copy: Record<string, string> = {};
    for (const name in this.source) copy[name] = this.text(name);
    return copy;
  }
}

const EMPTY = CarrierParams.of({}, "body");

/**
 * The fields of a parsed form: an object whose prototype chain holds nothing (no
 * Object.prototype, so a field named `__proto__` or `constructor` is a field like any other) and
 * that keeps V8's fast properties, where querystring's `{ __proto__: null }` object is a hash
 * table from its first key (twice the cost of the whole parse for the carrier's twenty-odd fields).
 */
const FIELDS: object = Object.freeze(Object.create(null));

const PLUS = /\+/g;
const ESCAPE = /%[0-9A-Fa-f]{2}/;

/** `+` as a space, and percent-decoded (UTF-8, lenient) when querystring would decode it. */
function formText(raw: string, encoded: boolean): string {
  const spaced = raw.includes("+") ? raw.replace(PLUS, " ") : raw;
  return encoded ? percentDecode(spaced) : spaced;
}

/** Whether the text holds a valid %XX escape, `+` signs left out (they do not break one in a value). */
const hasEscapeAcrossPlus = (text: string) =>
  text.includes("%") && ESCAPE.test(text.includes("+") ? text.replace(PLUS, "") : text);

/**
 * A form body as the carrier posts it (application/x-www-form-urlencoded), by both ways in: the
 * carrier scope's content-type parser and the incoming call's fast path, so they read a body
 * alike. Read as node:querystring's `parse` reads it, quirks included (a test holds them to the
 * same result over random bodies): `&` between pairs, the first `=` between name and value, a
 * pair without `=` has the value "", empty pairs are skipped, `+` is a space, and a name or value
 * is percent-decoded when querystring sees a valid escape for it (which, for a value, may be in
 * its name after the name's own first escape). A repeated name is an array (refused by
 * `CarrierParams.of`). More than MAX_FORM_FIELDS pairs (empty ones counted) is 413, thrown as soon
 * as the pair past the limit is reached: nothing after it is read.
 */
export function parseCarrierForm(body: Buffer): ParsedUrlQuery {
  const text = body.toString();
  const fields = Object.create(FIELDS) as Record<string, string | string[] | undefined>;
  const end = text.length;
  let at = 0;
  let pairs = 0;
  while (at < end) {
    if (++pairs > MAX_FORM_FIELDS) throw tooManyFields();
    let next = text.indexOf("&", at);
    if (next === -1) next = end;
    if (next > at) {
      const eq = text.indexOf("=", at);
      const split = eq !== -1 && eq < next;
      const rawName = text.slice(at, split ? eq : next);
      const nameEscape = rawName.includes("%") ? ESCAPE.exec(rawName) : null;
      const name = formText(rawName, nameEscape !== null);
      let value = "";
      if (split && eq + 1 < next) {
        const rawValue = text.slice(eq + 1, next);
        const encoded =
          hasEscapeAcrossPlus(rawValue) ||
          (nameEscape !== null && hasEscapeAcrossPlus(rawName.slice(nameEscape.index + 3)));
        value = formText(rawValue, encoded);
      }
      const previous = fields[name];
      if (previous === undefined) fields[name] = value;
      else if (typeof previous === "string") fields[name] = [previous, value];
      else previous.push(value);
    }
    at = next + 1;
  }
  return fields as ParsedUrlQuery;
}

const tooManyFields = () =>
  new AppError("PAYLOAD_TOO_LARGE", `A carrier webhook has at most ${MAX_FORM_FIELDS} form fields.`);

/** The webhook's form body (only form-encoded bodies reach a handler: see plugin.ts). */
export function carrierParams(request: { body: unknown }): CarrierParams {
  return CarrierParams.of(request.body, "body");
}

/** The query string of a URL we gave the carrier (the call's context, the IVR position...). */
export function carrierQuery(request: { query: unknown }): CarrierParams {
  return CarrierParams.of(request.query, "query");
}

/** Control characters other than tab, line feed and carriage return, C1 included (Unicode Cc). */
const CONTROL_BUT_LINE_BREAKS = /[^\P{Cc}\t\n\r]/gu;
/** Half of a surrogate pair on its own. */
const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * The text without control characters (tab and line breaks kept: they are part of a message) and
 * with U+FFFD for a lone surrogate; the same string, unexamined further, when there is nothing to
 * change. A character scan first: the regular expressions run only for the rare value that needs them.
 */
export function storableText(value: string): string {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const suspect =
      c < 0x20
        ? c !== 0x09 && c !== 0x0a && c !== 0x0d
        : c >= 0x7f && (c <= 0x9f || (c >= 0xd800 && c <= 0xdfff));
    if (suspect) return value.replace(CONTROL_BUT_LINE_BREAKS, "").replace(LONE_SURROGATE, "\uFFFD");
  }
  return value;
}

/** Who is calling or texting, as the carrier located them. */
export function callerOf(params: CarrierParams): LocationInput {
  return {
    from: params.text("From"),
    fromState: params.optional("FromState"),
    fromCountry: params.optional("FromCountry"),
  };
}
