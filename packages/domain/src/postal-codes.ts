import table from "./data/postal-codes.json";
import type { AreaCodeEntry, CallerLocation } from "./location";

/**
 * US ZIP prefix (3 digits) → state, and Canadian postal code first letter → province, generated
 * from the `zipcodes` package by scripts/generate-postal-codes.ts (a test keeps it in step).
 */
const zipPrefixes: ReadonlyMap<string, AreaCodeEntry> = new Map(Object.entries(table.zipPrefixes));
const postalLetters: ReadonlyMap<string, AreaCodeEntry> = new Map(Object.entries(table.postalLetters));

const US_ZIP = /^([0-9]{3})[0-9]{2}(?:-?[0-9]{4})?$/;
/** A Canadian postal code (A1A 1A1) or its first three characters; D F I O Q U never start one. */
const CA_POSTAL = /^([ABCEGHJ-NPRSTVXY])[0-9][A-Z](?: ?[0-9][A-Z][0-9])?$/;

/** Where a ZIP code (12345, 12345-6789) or a Canadian postal code (K1A 0B1, K1A) is; null when neither. */
export function locateByPostalCode(input: string): CallerLocation | null {
  const value = input.trim().toUpperCase();
  const zip = US_ZIP.exec(value);
  const entry = zip ? zipPrefixes.get(zip[1] ?? "") : postalLetters.get(CA_POSTAL.exec(value)?.[1] ?? "");
  if (!entry) return null;
  return { country: entry.country, regions: entry.regions, areaCode: null };
}
