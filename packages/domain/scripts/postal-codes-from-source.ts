import { createRequire } from "node:module";

/**
 * Builds the ZIP prefix → state and postal letter → province table from the `zipcodes` package's
 * data (every US ZIP code with its state, every Canadian forward sortation area with its
 * province). Pure: the package's records in, the table out; generate-postal-codes.ts writes it,
 * and a test keeps the committed table in step with the package.
 */

/** One record of the package: a ZIP code or a Canadian FSA with its state or province. */
export interface PostalRecord {
  zip: string;
  state: string;
  country: string;
}

/** What src/data/postal-codes.json holds. */
export interface PostalCodeFile {
  source: string;
  /** First three digits of a US ZIP code → ISO country and the states it serves, most ZIP codes first. */
  zipPrefixes: Record<string, { country: string; regions: string[] }>;
  /** First letter of a Canadian postal code → the provinces it serves, most areas first. */
  postalLetters: Record<string, { country: string; regions: string[] }>;
}

/** US territories and freely associated states: their own ISO country, the same two letters. */
const OWN_COUNTRY = new Set(["PR", "VI", "GU", "AS", "MP", "FM", "PW", "MH"]);
/** Military post (APO/FPO): no place a call can be routed by. */
const MILITARY = new Set(["AA", "AE", "AP"]);

/** The package names provinces in full; records under any other name (a region) are left out. */
const PROVINCE_CODES: Record<string, string> = {
  Alberta: "AB",
  "British Columbia": "BC",
  Manitoba: "MB",
  "New Brunswick": "NB",
  "Newfoundland and Labrador": "NL",
  "Nova Scotia": "NS",
  "Northwest Territory": "NT",
  "Nunavut Territory": "NU",
  Ontario: "ON",
  "Prince Edward Island": "PE",
  Quebec: "QC",
  Saskatchewan: "SK",
  Yukon: "YT",
};

/** Keys grouped, their regions ordered by how many records name them (then alphabetically). */
function group(entries: [string, string][]): Map<string, string[]> {
  const counts = new Map<string, Map<string, number>>();
  for (const [key, region] of entries) {
    const byRegion = counts.get(key) ?? new Map<string, number>();
    byRegion.set(region, (byRegion.get(region) ?? 0) + 1);
    counts.set(key, byRegion);
  }
  const sorted = [...counts.keys()].sort();
  return new Map(
    sorted.map((key) => {
      const byRegion = [...(counts.get(key) ?? new Map<string, number>())];
      byRegion.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      return [key, byRegion.map(([region]) => region)];
    }),
  );
}

export function postalCodeTable(
  us: readonly PostalRecord[],
  canada: readonly PostalRecord[],
  source: string,
): PostalCodeFile {
  const zipEntries: [string, string][] = us
    .filter((r) => /^[0-9]{5}$/.test(r.zip) && /^[A-Z]{2}$/.test(r.state) && !MILITARY.has(r.state))
    .map((r) => [r.zip.slice(0, 3), r.state]);
  const zipPrefixes: PostalCodeFile["zipPrefixes"] = {};
  for (const [prefix, regions] of group(zipEntries)) {
    // A prefix is a territory's when its main region is; the others then are too (969: GU, PW…).
    const main = regions[0] ?? "";
    zipPrefixes[prefix] = { country: OWN_COUNTRY.has(main) ? main : "US", regions };
  }
  const letterEntries: [string, string][] = canada
    .filter((r) => /^[A-Z][0-9][A-Z]$/.test(r.zip) && PROVINCE_CODES[r.state])
    .map((r) => [r.zip[0] ?? "", PROVINCE_CODES[r.state] ?? ""]);
  const postalLetters: PostalCodeFile["postalLetters"] = {};
  for (const [letter, regions] of group(letterEntries)) postalLetters[letter] = { country: "CA", regions };
  return { source, zipPrefixes, postalLetters };
}

/** The package's own data, as installed. */
export function readZipcodesPackage(): PostalCodeFile {
  const require = createRequire(import.meta.url);
  const { version } = require("zipcodes/package.json") as { version: string };
  const us = require("zipcodes/lib/codes.js") as { codes: Record<string, PostalRecord> };
  const canada = require("zipcodes/lib/codesCanada.js") as { codes: Record<string, PostalRecord> };
  return postalCodeTable(Object.values(us.codes), Object.values(canada.codes), `zipcodes ${version} (npm)`);
}

export function formatPostalCodeFile(file: PostalCodeFile): string {
  const entries = (table: PostalCodeFile["zipPrefixes"]) =>
    Object.entries(table)
      .map(
        ([key, { country, regions }]) =>
          `    "${key}": { "country": "${country}", "regions": [${regions.map((r) => `"${r}"`).join(", ")}] }`,
      )
      .join(",\n");
  return (
    `{\n  "source": ${JSON.stringify(file.source)},\n` +
    `  "zipPrefixes": {\n${entries(file.zipPrefixes)}\n  },\n` +
    `  "postalLetters": {\n${entries(file.postalLetters)}\n  }\n}\n`
  );
}
