import { isE164 } from "./phone";

/**
 * What the carrier's From says about who is calling or texting. Only a real E.164 number is a
 * caller we can call back, keep as a contact, or locate; everything else (a withheld number, a
 * SIP or client address, an alphanumeric sender, a short code) is answered and logged as it came.
 */
export type CallerId =
  | { kind: "number"; e164: string }
  | { kind: "withheld"; raw: string }
  | { kind: "address"; raw: string }
  | { kind: "alphanumeric"; raw: string }
  | { kind: "short-code"; raw: string };

/**
 * The carrier's stand-ins for a withheld caller ID: the words, and the same words spelled on a
 * phone keypad that some networks deliver as digits (ANONYMOUS, RESTRICTED, UNKNOWN, BLOCKED,
 * UNAVAILABLE). Any other "+" and digits that is no possible number (PRIVATE's seven digits, a +1
 * number of the wrong length) is withheld too.
 */
const WITHHELD_WORDS = new Set(["anonymous", "restricted", "unknown", "private", "blocked", "unavailable"]);
const WITHHELD_NUMBERS = new Set(["+266696687", "+7378742833", "+8656696", "+2562533", "+86282452253"]);

/** E.164 (phone.ts) allows seven digits; a caller has at least eight (PRIVATE on a keypad has seven). */
const MIN_CALLER_DIGITS = 8;
/** A +1 number has a three-digit area code that starts with 2-9 and seven more digits. */
const NANP = /^\+1[2-9]\d{9}$/;
const SHORT_CODE = /^\d{3,8}$/;

export function classifyCaller(from: string | null | undefined): CallerId {
  const raw = (from ?? "").trim();
  // Numbers first: this runs for every call and text.
  if (raw.startsWith("+")) {
    if (!/^\+\d+$/.test(raw)) return { kind: "alphanumeric", raw };
    const real =
      isE164(raw) &&
      raw.length > MIN_CALLER_DIGITS &&
      !WITHHELD_NUMBERS.has(raw) &&
      (!raw.startsWith("+1") || NANP.test(raw));
    return real ? { kind: "number", e164: raw } : { kind: "withheld", raw };
  }
  if (raw === "" || WITHHELD_WORDS.has(raw.toLowerCase())) return { kind: "withheld", raw };
  if (/^(sips?|client):/i.test(raw)) return { kind: "address", raw };
  if (SHORT_CODE.test(raw)) return { kind: "short-code", raw };
  return { kind: "alphanumeric", raw };
}

/** The caller's E.164 number when it is one we may keep as a contact and locate; else null. */
export function contactableNumber(from: string | null | undefined): string | null {
  const id = classifyCaller(from);
  return id.kind === "number" ? id.e164 : null;
}
