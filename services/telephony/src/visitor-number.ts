import { nanpAreaCodes } from "./area-codes";
import { toE164 } from "./phone";

/** Why a website visitor's number is refused, with the message the widget shows. */
export const VISITOR_NUMBER_MESSAGES = {
  invalid: "Enter a valid phone number.",
  not_us_ca: "Enter a US or Canadian phone number.",
  premium: "Premium-rate numbers are not accepted.",
  own_number: "Enter your own number, not the business's.",
} as const;

export type VisitorNumberRefusal = keyof typeof VISITOR_NUMBER_MESSAGES;

export type VisitorNumberCheck =
  | { ok: true; e164: string }
  | { ok: false; reason: VisitorNumberRefusal; message: string };

const refuse = (reason: VisitorNumberRefusal): VisitorNumberCheck => ({
  ok: false,
  reason,
  message: VISITOR_NUMBER_MESSAGES[reason],
});

/** 900 area code and 976 exchanges are the NANP's pay-per-call numbers. */
const PREMIUM_AREA_CODES = new Set(["900"]);
const PREMIUM_EXCHANGES = new Set(["976"]);

/**
 * The number a widget visitor typed, checked before anything rings or is texted: a possible NANP
 * number whose area code NANPA assigns to the US or Canada (so no toll-free, personal or other
 * non-geographic codes), not pay-per-call, and not one of the business's own numbers (a callback
 * between the business and itself would be a free loop).
 */
export function checkVisitorNumber(typed: string, businessNumbers: readonly string[]): VisitorNumberCheck {
  const e164 = toE164(typed);
  if (!e164) return refuse("invalid");
  if (!/^\+1\d{10}$/.test(e164)) return refuse("not_us_ca");
  const areaCode = e164.slice(2, 5);
  const exchange = e164.slice(5, 8);
  // NXX rules: an area code or exchange starts 2-9; an exchange is not an N11 service code.
  if (!/^[2-9]/.test(areaCode) || !/^[2-9]/.test(exchange) || exchange.slice(1) === "11")
    return refuse("invalid");
  if (PREMIUM_AREA_CODES.has(areaCode) || PREMIUM_EXCHANGES.has(exchange)) return refuse("premium");
  const country = nanpAreaCodes.get(areaCode)?.country;
  if (country !== "US" && country !== "CA") return refuse("not_us_ca");
  if (businessNumbers.includes(e164)) return refuse("own_number");
  return { ok: true, e164 };
}
