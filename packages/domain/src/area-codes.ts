import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import table from "./data/area-codes.json";
import type { AreaCodeEntry, AreaCodeTable, CountryCodeLookup } from "./location";

/**
 * NANP area code → country and the states/provinces it serves, generated from NANPA's report of
 * every area code by scripts/generate-area-codes.ts (a test keeps it in step with the report).
 */
export const nanpAreaCodes: AreaCodeTable = new Map<string, AreaCodeEntry>(
  Object.entries(table.areaCodes).map(([code, { country, regions }]) => [
    code,
    { country, regions: Object.freeze([...regions]) },
  ]),
);

/** Country of an E.164 number from its calling code and, for +1, its area code. */
export const countryOfNumber: CountryCodeLookup = (e164) => parsePhoneNumberFromString(e164)?.country ?? null;
