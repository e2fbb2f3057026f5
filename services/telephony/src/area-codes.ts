import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import table from "./data/area-codes.json";
import type { AreaCodeTable, CountryCodeLookup } from "./location";

/**
 * NANP area code → US state / Canadian province, generated from Google's libphonenumber
 * geocoding data by scripts/build-area-codes.ts (a test keeps it in step with the package).
 */
export const nanpAreaCodes: AreaCodeTable = new Map(
  Object.entries(table as unknown as Record<string, [string, string]>).map(([code, [country, region]]) => [
    code,
    { country, region },
  ]),
);

/** Country of an E.164 number from its calling code and, for +1, its area code. */
export const countryOfNumber: CountryCodeLookup = (e164) => parsePhoneNumberFromString(e164)?.country ?? null;
