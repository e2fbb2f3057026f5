import { nanpAreaCodes } from "./area-codes";
import { destinationRefusal } from "./destination-policy";
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

/** A website callback reaches the US and Canada only, whatever the account may dial itself. */
const VISITOR_POLICY = { allowedCountries: ["US", "CA"] } as const;

/**
 * The number a widget visitor typed, checked before anything rings or is texted: the destination
 * policy with the US and Canada allowed (so not pay-per-call, not a Caribbean NANP country), a
 * possible NANP number whose area code NANPA assigns to the US or Canada (so no toll-free,
 * personal or other non-geographic codes), and not one of the business's own numbers (a callback
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
  const refused = destinationRefusal(e164, VISITOR_POLICY);
  if (refused?.code === "premium" || refused?.code === "satellite") return refuse("premium");
  const country = nanpAreaCodes.get(areaCode)?.country;
  if (country !== "US" && country !== "CA") return refuse("not_us_ca");
  if (businessNumbers.includes(e164)) return refuse("own_number");
  return { ok: true, e164 };
}
