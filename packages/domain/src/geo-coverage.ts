import { compileGeoRules, type GeoRule, matchGeoRule } from "./geo-rules";
import type { AreaCodeEntry, AreaCodeTable, CallerLocation } from "./location";

/**
 * Coverage of a shared number's rules, decided by the same compile and match the calls go
 * through: a place is covered when a caller from it matches a rule, and a rule is shadowed when
 * every caller it names is matched first by an earlier rule.
 */
export interface GeoCoverage {
  /** US states (of those asked about) whose callers no rule matches. */
  states: string[];
  /** Canadian provinces (of those asked about) whose callers no rule matches. */
  provinces: string[];
  /** NANP area codes of the US and Canada whose callers no rule matches. */
  areaCodes: string[];
  /** Rules that can never match, each with the earlier rules that take all its callers. */
  shadowed: ShadowedRule[];
}

export interface ShadowedRule {
  ruleId: string;
  takenBy: string[];
}

export interface CoverageScope {
  areaCodes: AreaCodeTable;
  /** The states and provinces the editor offers (50 US states, 13 Canadian codes). */
  states: readonly string[];
  provinces: readonly string[];
}

const NO_REGIONS: readonly string[] = Object.freeze([]);

const regionCountry = (type: "state" | "province") => (type === "state" ? "US" : "CA");

function splitValues(rule: GeoRule): string[] {
  return rule.locationValue
    .split(",")
    .map((v) => v.trim().toUpperCase())
    .filter((v) => v.length > 0);
}

/** The area code table by region and by country, built once per coverage check. */
export interface AreaCodeIndex {
  table: AreaCodeTable;
  byRegion: ReadonlyMap<string, string[]>;
  byCountry: ReadonlyMap<string, [string, AreaCodeEntry][]>;
}

export function indexAreaCodes(table: AreaCodeTable): AreaCodeIndex {
  const byRegion = new Map<string, string[]>();
  const byCountry = new Map<string, [string, AreaCodeEntry][]>();
  for (const [code, entry] of table) {
    byCountry.set(entry.country, [...(byCountry.get(entry.country) ?? []), [code, entry]]);
    for (const region of entry.regions) {
      const key = `${entry.country}:${region}`;
      byRegion.set(key, [...(byRegion.get(key) ?? []), code]);
    }
  }
  return { table, byRegion, byCountry };
}

/**
 * The callers a rule names, one per distinct way a call can be located: for an area code, the
 * caller the area code table places; for a state or province, a caller from each of its area codes
 * (the carrier naming the state) and one located by the state alone (a ZIP code, say); for a
 * country, its area codes, its regions, and a caller known only by the country.
 */
export function callersNamedBy(rule: GeoRule, index: AreaCodeIndex): CallerLocation[] {
  const callers: CallerLocation[] = [];
  for (const value of splitValues(rule)) {
    switch (rule.locationType) {
      case "areaCode": {
        const entry = index.table.get(value);
        callers.push({
          country: entry?.country ?? null,
          regions: entry?.regions ?? NO_REGIONS,
          areaCode: value,
        });
        break;
      }
      case "state":
      case "province": {
        const country = regionCountry(rule.locationType);
        for (const code of index.byRegion.get(`${country}:${value}`) ?? []) {
          callers.push({ country, regions: [value], areaCode: code });
        }
        callers.push({ country, regions: [value], areaCode: null });
        break;
      }
      case "country": {
        const regions = new Set<string>();
        for (const [code, entry] of index.byCountry.get(value) ?? []) {
          callers.push({ country: value, regions: entry.regions, areaCode: code });
          for (const region of entry.regions) regions.add(region);
        }
        for (const region of regions) callers.push({ country: value, regions: [region], areaCode: null });
        callers.push({ country: value, regions: NO_REGIONS, areaCode: null });
        break;
      }
    }
  }
  return callers;
}

/** What the rules leave uncovered, and which of them can never match. Rules in the order arranged. */
export function geoCoverage(rules: readonly GeoRule[], scope: CoverageScope): GeoCoverage {
  const compiled = compileGeoRules(rules);
  const states = scope.states.filter(
    (s) => !matchGeoRule(compiled, { country: "US", regions: [s], areaCode: null }),
  );
  const provinces = scope.provinces.filter(
    (p) => !matchGeoRule(compiled, { country: "CA", regions: [p], areaCode: null }),
  );
  const areaCodes: string[] = [];
  for (const [code, entry] of scope.areaCodes) {
    if (entry.country !== "US" && entry.country !== "CA") continue;
    if (!matchGeoRule(compiled, { country: entry.country, regions: entry.regions, areaCode: code }))
      areaCodes.push(code);
  }
  areaCodes.sort();

  const index = indexAreaCodes(scope.areaCodes);
  const position = new Map(rules.map((r, i) => [r.id, i]));
  const shadowed: ShadowedRule[] = [];
  for (const rule of rules) {
    const takenBy = new Set<string>();
    let reached = false;
    for (const caller of callersNamedBy(rule, index)) {
      const winner = matchGeoRule(compiled, caller);
      if (winner?.id === rule.id) {
        reached = true;
        break;
      }
      if (winner) takenBy.add(winner.id);
    }
    if (!reached)
      shadowed.push({
        ruleId: rule.id,
        takenBy: [...takenBy].sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0)),
      });
  }
  return { states, provinces, areaCodes, shadowed };
}
