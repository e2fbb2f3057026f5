import { describe, expect, it } from "vitest";
import { compileGeoRules, type GeoRule, matchGeoRule } from "../src/geo-rules";
import type { CallerLocation } from "../src/location";

const rule = (
  id: string,
  locationType: GeoRule["locationType"],
  locationValue: string,
  priority: number,
): GeoRule => ({
  id,
  locationType,
  locationValue,
  priority,
  targetAccountId: `acct_${id}`,
  ivrMenuId: null,
});

const at = (
  country: string | null,
  region: string | string[] | null,
  areaCode: string | null,
): CallerLocation => ({
  country,
  regions: region === null ? [] : typeof region === "string" ? [region] : region,
  areaCode,
});

const rules = [
  rule("fl", "state", "FL", 2),
  rule("miami", "areaCode", "305, 786", 1),
  rule("on", "province", "ON", 3),
  rule("ca-country", "country", "CA", 4),
  rule("us", "country", "us", 10),
  rule("tie-a", "state", "GA", 5),
  rule("tie-b", "areaCode", "404", 5),
  rule("tie-c", "state", "GA", 5),
  rule("gb", "country", "GB", 7),
];

describe("matchGeoRule", () => {
  const compiled = compileGeoRules(rules);
  it.each([
    ["area code beats state by priority", at("US", "FL", "305"), "miami"],
    ["second area code in a list", at("US", "FL", "786"), "miami"],
    ["state when the area code has no rule", at("US", "FL", "407"), "fl"],
    ["province for a Canadian caller", at("CA", "ON", "416"), "on"],
    ["country when no province rule", at("CA", "QC", "514"), "ca-country"],
    ["country code given in lower case", at("US", "TX", "512"), "us"],
    ["a priority tie goes to the more specific rule", at("US", "GA", "404"), "tie-b"],
    ["a tie of the same specificity keeps the order given", at("US", "GA", "678"), "tie-a"],
    ["international caller by country", at("GB", null, null), "gb"],
    ["no match", at("FR", null, null), null],
    ["nothing known", at(null, null, null), null],
  ])("%s", (_name, location, expected) => {
    expect(matchGeoRule(compiled, location)?.id ?? null).toBe(expected);
  });

  describe("a caller in one of several provinces (902: NS and PE)", () => {
    const maritimes = at("CA", ["NS", "PE"], "902");
    it.each([
      ["a Prince Edward Island rule", [rule("pe", "province", "PE", 1)], "pe"],
      ["a Nova Scotia rule", [rule("ns", "province", "NS", 1)], "ns"],
      [
        "both: the first by priority",
        [rule("ns", "province", "NS", 2), rule("pe", "province", "PE", 1)],
        "pe",
      ],
      ["both, the other way", [rule("ns", "province", "NS", 1), rule("pe", "province", "PE", 2)], "ns"],
      [
        "an earlier country rule still wins",
        [rule("ca", "country", "CA", 1), rule("pe", "province", "PE", 2)],
        "ca",
      ],
      ["a state rule of the same letters does not", [rule("pe-state", "state", "PE", 1)], null],
      ["a rule for another province does not", [rule("on", "province", "ON", 1)], null],
    ])("matches %s", (_name, given, expected) => {
      expect(matchGeoRule(compileGeoRules(given), maritimes)?.id ?? null).toBe(expected);
    });

    it("matches a rule naming one of its provinces in a list", () => {
      const c = compileGeoRules([rule("island", "province", "PE, NL", 1)]);
      expect(matchGeoRule(c, maritimes)?.id).toBe("island");
    });

    it("867 matches a Nunavut rule", () => {
      const c = compileGeoRules([rule("ab", "province", "AB", 1), rule("nu", "province", "NU", 2)]);
      expect(matchGeoRule(c, at("CA", ["NT", "YT", "NU"], "867"))?.id).toBe("nu");
    });
  });

  it("a lower-priority duplicate never shadows the first rule for a value", () => {
    const c = compileGeoRules([rule("late", "state", "FL", 9), rule("early", "state", "FL", 1)]);
    expect(matchGeoRule(c, at("US", "FL", null))?.id).toBe("early");
  });

  it("routes with 100,000 rules as it does with 10", () => {
    const many: GeoRule[] = [];
    for (let i = 0; i < 100_000; i++) many.push(rule(`r${i}`, "areaCode", String(200 + (i % 800)), i + 1));
    many.push(rule("fl", "state", "FL", 0));
    const c = compileGeoRules(many);
    expect(matchGeoRule(c, at("US", "FL", "305"))?.id).toBe("fl");
    expect(matchGeoRule(c, at("US", "TX", "512"))?.id).toBe("r312");
  });
});
