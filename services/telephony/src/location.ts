/** Where a caller is, as far as the carrier's fields and the number itself tell. */
export interface CallerLocation {
  /** ISO 3166-1 alpha-2, upper case (US, CA, GB…). */
  country: string | null;
  /** US state or Canadian province code (FL, ON…), when known. */
  region: string | null;
  /** NANP area code (3 digits) for +1 numbers. */
  areaCode: string | null;
}

/** NANP area code → country and state/province; see area-codes.ts for where it comes from. */
export type AreaCodeTable = ReadonlyMap<string, { country: string; region: string | null }>;

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

/**
 * Caller location: the carrier's FromState/FromCountry when given, else the NANP area code,
 * else the country from the E.164 prefix.
 */
export function locateCaller(
  input: LocationInput,
  areaCodes: AreaCodeTable,
  countryOf: CountryCodeLookup,
): CallerLocation {
  const from = input.from.trim();
  const areaCode = /^\+1\d{10}$/.test(from) ? from.slice(2, 5) : null;
  const known = areaCode ? areaCodes.get(areaCode) : undefined;
  const carrierCountry = input.fromCountry?.trim().toUpperCase() || null;
  const carrierState = input.fromState?.trim().toUpperCase() || null;
  const country = carrierCountry ?? known?.country ?? (from.startsWith("+") ? countryOf(from) : null);
  // A carrier state that is a two-letter code wins; a spelled-out one falls back to the area code.
  const region = carrierState && /^[A-Z]{2}$/.test(carrierState) ? carrierState : (known?.region ?? null);
  return { country, region, areaCode };
}
