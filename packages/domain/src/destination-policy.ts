import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { nanpAreaCodes } from "./area-codes";
import nanpCountries from "./data/nanp-countries.json";
import { isE164 } from "./phone";

/**
 * Where the account may call and text: every number a customer names that we dial or text
 * (click-to-call's two legs, console texts, extension and ring-group forwarding, IVR and routing
 * forwards, try-it calls, website callbacks) goes through `destinationRefusal` before the carrier
 * is asked, so a free account cannot be used to reach premium, satellite or foreign numbers.
 */
export interface DestinationPolicy {
  /** ISO 3166 alpha-2 countries the account may reach (default: its own country). */
  allowedCountries: readonly string[];
  /**
   * Non-null: the account is an unpaid trial, and only the numbers (E.164) of this set may be
   * dialled or texted, whatever the countries allow.
   */
  trialDialable?: ReadonlySet<string> | null;
}

export type DestinationRefusalCode = "invalid" | "premium" | "satellite" | "country" | "trial";

export interface DestinationRefusal {
  code: DestinationRefusalCode;
  /** What the console shows next to the number. */
  message: string;
}

/** Countries in English, for the refusals and the console's list ("Jamaica", "Canada"). */
const countryNames = new Intl.DisplayNames(["en"], { type: "region" });
export const countryName = (iso: string) => countryNames.of(iso) ?? iso;

export const DESTINATION_MESSAGES = {
  invalid: "Enter a phone number in E.164 format, e.g. +15551234567.",
  premium: "Premium-rate numbers cannot be called or texted.",
  satellite: "Satellite and international premium-rate numbers cannot be called or texted.",
  country: (iso: string) =>
    `Calls and texts to ${countryName(iso)} are not allowed for this account. An owner or admin can allow the country in Settings.`,
  trial: "During the free trial, calls and texts can only go to your own verified numbers.",
} as const;

/**
 * ITU shared country codes no customer of a business phone system needs and fraud favours:
 * +870 Inmarsat, +881 global mobile satellite systems, +882 and +883 international networks,
 * +979 the international premium rate service.
 */
const REFUSED_CALLING_CODES = ["870", "881", "882", "883", "979"] as const;

/** NANP pay-per-call: the 900 area code, and 976 exchanges in any area code. */
const NANP_PREMIUM_AREA_CODES = new Set(["900"]);
const NANP_PREMIUM_EXCHANGES = new Set(["976"]);

/** US territories have their own ISO codes but are domestic US numbers. */
const US_TERRITORIES = new Set(["PR", "VI", "GU", "AS", "MP"]);

const otherNanpCountries: ReadonlyMap<string, string> = new Map(Object.entries(nanpCountries.areaCodes));

export type DestinationType = "mobile" | "fixed" | "toll_free" | "premium" | "other";

export interface Destination {
  /** ISO country the number belongs to (a territory of the US counts as US); null when unknown. */
  country: string | null;
  type: DestinationType;
  /** An ITU satellite or international premium range. */
  satellite: boolean;
}

/**
 * What a number is, as far as the published numbering plans say: its country (for +1, from
 * NANPA's report of area codes, so a Caribbean number is foreign), and whether it is mobile,
 * fixed, toll-free or premium (libphonenumber's metadata; NANP numbers do not say mobile or fixed).
 */
export function describeDestination(e164: string): Destination {
  const digits = e164.slice(1);
  if (REFUSED_CALLING_CODES.some((code) => digits.startsWith(code)))
    return { country: null, type: "premium", satellite: true };
  const parsed = parsePhoneNumberFromString(e164);
  const numberType = parsed?.getType();
  if (digits.startsWith("1")) return describeNanp(digits.slice(1), numberType);
  return { country: parsed?.country ?? null, type: typeOf(numberType), satellite: false };
}

function describeNanp(national: string, numberType: string | undefined): Destination {
  const areaCode = national.slice(0, 3);
  const exchange = national.slice(3, 6);
  const premium = NANP_PREMIUM_AREA_CODES.has(areaCode) || NANP_PREMIUM_EXCHANGES.has(exchange);
  const type = premium ? "premium" : numberType === "TOLL_FREE" ? "toll_free" : typeOf(numberType);
  const other = otherNanpCountries.get(areaCode);
  if (other) return { country: other, type, satellite: false };
  const country = nanpAreaCodes.get(areaCode)?.country;
  // Codes with no place (toll-free, the fictional 555 of the demo and the simulator) are the US's.
  if (!country || US_TERRITORIES.has(country)) return { country: "US", type, satellite: false };
  return { country, type, satellite: false };
}

function typeOf(numberType: string | undefined): DestinationType {
  switch (numberType) {
    case "MOBILE":
      return "mobile";
    case "FIXED_LINE":
    case "FIXED_LINE_OR_MOBILE":
      return "fixed";
    case "TOLL_FREE":
      return "toll_free";
    case "PREMIUM_RATE":
    case "SHARED_COST":
      return "premium";
    default:
      return "other";
  }
}

const refusal = (code: Exclude<DestinationRefusalCode, "country">): DestinationRefusal => ({
  code,
  message: DESTINATION_MESSAGES[code],
});

/**
 * Why this account may not call or text this number, or null when it may. Premium and satellite
 * ranges are refused always; a number outside the allowed countries (a Caribbean NANP number
 * included, unless its country is allowed) is refused with the country's name; an unpaid trial
 * reaches only its own verified numbers.
 */
export function destinationRefusal(e164: string, policy: DestinationPolicy): DestinationRefusal | null {
  if (!isE164(e164)) return refusal("invalid");
  const destination = describeDestination(e164);
  if (destination.satellite) return refusal("satellite");
  if (destination.type === "premium") return refusal("premium");
  if (!destination.country) return refusal("invalid");
  if (!policy.allowedCountries.includes(destination.country))
    return { code: "country", message: DESTINATION_MESSAGES.country(destination.country) };
  if (policy.trialDialable && !policy.trialDialable.has(e164)) return refusal("trial");
  return null;
}

/**
 * The policy with the countries of the account's own numbers allowed too: a business with a
 * number in a country calls and texts that country's numbers, and no other country opens.
 */
export function withOwnNumberCountries(
  policy: DestinationPolicy,
  ownNumbers: readonly string[],
): DestinationPolicy {
  const countries = new Set(policy.allowedCountries);
  for (const e164 of ownNumbers) {
    const { country, satellite, type } = describeDestination(e164);
    if (country && !satellite && type !== "premium") countries.add(country);
  }
  if (countries.size === policy.allowedCountries.length) return policy;
  return { ...policy, allowedCountries: [...countries] };
}

/** The first refusal among several numbers (an extension's forwarding list), with the number refused. */
export function firstDestinationRefusal(
  numbers: readonly string[],
  policy: DestinationPolicy,
): (DestinationRefusal & { number: string }) | null {
  for (const number of numbers) {
    const refused = destinationRefusal(number, policy);
    if (refused) return { ...refused, number };
  }
  return null;
}
