import { classifyCaller } from "./caller-id";

/** Where a caller is, as far as the carrier's fields and the number itself tell. */
export interface CallerLocation {
  /** ISO 3166-1 alpha-2, upper case (US, CA, GB…). */
  country: string | null;
  /**
   * US states or Canadian provinces (FL, ON…) the caller may be in: one for most area codes,
   * several for a code shared by provinces (902: NS and PE), none when unknown.
   */
  regions: readonly string[];
  /** NANP area code (3 digits) for +1 numbers. */
  areaCode: string | null;
}

/** What the area code table knows of one NANP area code. */
export interface AreaCodeEntry {
  country: string;
  /** Every state or province the code serves. */
  regions: readonly string[];
}

/** NANP area code → country and states/provinces; see area-codes.ts for where it comes from. */
export type AreaCodeTable = ReadonlyMap<string, AreaCodeEntry>;

/** The webhook fields location comes from; FromState / FromCountry are often empty strings. */
export interface LocationInput {
  from: string;
  fromState?: string | undefined;
  fromCountry?: string | undefined;
}

/**
 * E.164 country calling codes of one to three digits, longest first where they share a start.
 * Only the first country of a shared code is named (+1 → US unless the area code says otherwise).
 */
export type CountryCodeLookup = (e164: string) => string | null;

const NO_REGIONS: readonly string[] = Object.freeze([]);

/**
 * Caller location: the carrier's FromState/FromCountry when given, else the NANP area code,
 * else the country from the E.164 prefix. A caller without a real number (withheld, a SIP or
 * client address, an alphanumeric sender, a short code) is nowhere: the carrier locates the
 * stand-in's digits like any number's (+266696687, ANONYMOUS on a keypad, is "in" Lesotho), so
 * its FromState/FromCountry are ignored too.
 */
export function locateCaller(
  input: LocationInput,
  areaCodes: AreaCodeTable,
  countryOf: CountryCodeLookup,
): CallerLocation {
  const caller = classifyCaller(input.from);
  if (caller.kind !== "number") return { country: null, regions: NO_REGIONS, areaCode: null };
  const from = caller.e164;
  const areaCode = from.startsWith("+1") ? from.slice(2, 5) : null;
  const known = areaCode ? areaCodes.get(areaCode) : undefined;
  const carrierCountry = input.fromCountry?.trim().toUpperCase() || null;
  const carrierState = input.fromState?.trim().toUpperCase() || null;
  const country = carrierCountry ?? known?.country ?? countryOf(from);
  // A carrier state that is a two-letter code wins; a spelled-out one falls back to the area code.
  const regions =
    carrierState && /^[A-Z]{2}$/.test(carrierState) ? [carrierState] : (known?.regions ?? NO_REGIONS);
  return { country, regions, areaCode };
}
