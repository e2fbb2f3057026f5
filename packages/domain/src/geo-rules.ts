import type { CallerLocation } from "./location";

export type LocationType = "state" | "province" | "areaCode" | "country";

export interface GeoRule {
  id: string;
  locationType: LocationType;
  /** A state/province/country code, or a comma-separated list of area codes. */
  locationValue: string;
  /** The licensee (client) the call goes to. */
  targetAccountId: string;
  ivrMenuId: string | null;
  /** Lowest first; the first match wins. */
  priority: number;
}

/** Rules of one shared number compiled into lookup tables: routing costs a few map lookups. */
export interface CompiledGeoRules {
  readonly byState: ReadonlyMap<string, RankedRule>;
  readonly byProvince: ReadonlyMap<string, RankedRule>;
  readonly byAreaCode: ReadonlyMap<string, RankedRule>;
  readonly byCountry: ReadonlyMap<string, RankedRule>;
  readonly size: number;
}

interface RankedRule {
  rule: GeoRule;
  /** Position in priority order (priority, then the order given): smaller wins. */
  rank: number;
}

function splitValues(rule: GeoRule): string[] {
  const values = rule.locationValue.split(",").map((v) => v.trim().toUpperCase());
  return values.filter((v) => v.length > 0);
}

/** Among rules of equal priority the more specific location wins: area code, then state or province, then country. */
const specificity: Record<LocationType, number> = { areaCode: 0, state: 1, province: 1, country: 2 };

/**
 * Compiles rules for evaluation. Equal priorities are broken by specificity, then by the order the
 * rules were given in, so compiling is deterministic.
 */
export function compileGeoRules(rules: readonly GeoRule[]): CompiledGeoRules {
  const ordered = rules
    .map((rule, index) => ({ rule, index }))
    .sort(
      (a, b) =>
        a.rule.priority - b.rule.priority ||
        specificity[a.rule.locationType] - specificity[b.rule.locationType] ||
        a.index - b.index,
    );
  const tables = {
    state: new Map<string, RankedRule>(),
    province: new Map<string, RankedRule>(),
    areaCode: new Map<string, RankedRule>(),
    country: new Map<string, RankedRule>(),
  };
  ordered.forEach(({ rule }, rank) => {
    const table = tables[rule.locationType];
    for (const value of splitValues(rule)) {
      // Rules come in rank order: the first one to claim a value keeps it.
      if (!table.has(value)) table.set(value, { rule, rank });
    }
  });
  return {
    byState: tables.state,
    byProvince: tables.province,
    byAreaCode: tables.areaCode,
    byCountry: tables.country,
    size: rules.length,
  };
}

/**
 * The first rule (by priority) that matches the caller, or null for the number's default routing.
 * A caller whose area code serves several provinces (902: NS and PE) matches a rule for any of them.
 */
export function matchGeoRule(compiled: CompiledGeoRules, location: CallerLocation): GeoRule | null {
  // A lookup per region (one to three), then two more; the best rank wins (no closures: this runs
  // for every pound-code call).
  let best: RankedRule | undefined;
  const byRegion = location.country === "CA" ? compiled.byProvince : compiled.byState;
  for (const region of location.regions) best = better(best, byRegion.get(region));
  if (location.areaCode) best = better(best, compiled.byAreaCode.get(location.areaCode));
  if (location.country) best = better(best, compiled.byCountry.get(location.country));
  return best?.rule ?? null;
}

function better(current: RankedRule | undefined, candidate: RankedRule | undefined): RankedRule | undefined {
  return candidate && (!current || candidate.rank < current.rank) ? candidate : current;
}
