import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";

/**
 * E.164: "+", a country code that does not start with 0, seven to fifteen digits in all. The
 * text of the pattern is shared: the database's CHECKs on phone columns are built from it, the
 * API's schemas, the SMS webhook and the workers test with it.
 */
export const E164_PATTERN = "^\\+[1-9][0-9]{6,14}$";
export const E164 = new RegExp(E164_PATTERN);

export function isE164(value: string): boolean {
  return E164.test(value);
}

export const E164_MESSAGE = "Enter a phone number in E.164 format, e.g. +15551234567.";

/** A number that must already be E.164 (one of ours, a filter): surrounding spaces trimmed. */
export const e164Schema = z.string({ error: E164_MESSAGE }).trim().regex(E164, E164_MESSAGE);

/** Numbers people type are read as numbers of this country unless they start with + or 011. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = "US";

/**
 * A number as a person types it ("(555) 123-4567", "1-555-123-4567", "+44 20 7946 0958",
 * "011 44 20 7946 0958") in E.164, or null when it is not a possible phone number: too short or
 * too long for its country, letters (vanity numbers), or an extension ("x12", "ext. 12"), which
 * a text or a call to the number could not reach. Possible, not valid: fictional 555 numbers
 * are kept, as the carrier and the demo use them.
 */
export function toE164(typed: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const parsed = parsePhoneNumberFromString(typed.trim(), { defaultCountry, extract: false });
  if (!parsed || parsed.ext || !parsed.isPossible()) return null;
  return isE164(parsed.number) ? parsed.number : null;
}
