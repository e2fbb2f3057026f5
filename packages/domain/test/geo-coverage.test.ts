import { describe, expect, it } from "vitest";
import { nanpAreaCodes } from "../src/area-codes";
import { geoCoverage } from "../src/geo-coverage";
import type { GeoRule } from "../src/geo-rules";
import type { AreaCodeEntry, AreaCodeTable } from "../src/location";

const rule = (id: string, locationType: GeoRule["locationType"], locationValue: string, priority: number) =>
  ({ id, locationType, locationValue, priority, targetAccountId: `acct_${id}`, ivrMenuId: null }) as GeoRule;

/** A small world: Florida (305, 407), Georgia (404), Ontario (416), Nova Scotia and PEI sharing 902. */
const areaCodes: AreaCodeTable = new Map<string, AreaCodeEntry>([
  ["305", { country: "US", regions: ["FL"] }],
  ["407", { country: "US", regions: ["FL"] }],
  ["404", { country: "US", regions: ["GA"] }],
  ["416", { country: "CA", regions: ["ON"] }],
  ["902", { country: "CA", regions: ["NS", "PE"] }],
  ["787", { country: "PR", regions: ["PR"] }],
]);
const scope = { areaCodes, states: ["FL", "GA"], provinces: ["ON", "NS", "PE"] };

describe("geoCoverage: what no rule covers", () => {
  it.each<[string, GeoRule[], { states: string[]; provinces: string[]; areaCodes: string[] }]>([
    [
      "no rules",
      [],
      { states: ["FL", "GA"], provinces: ["ON", "NS", "PE"], areaCodes: ["305", "404", "407", "416", "902"] },
    ],
    [
      "a state covers its area codes",
      [rule("fl", "state", "FL", 1)],
      { states: ["GA"], provinces: ["ON", "NS", "PE"], areaCodes: ["404", "416", "902"] },
    ],
    [
      "an area code covers no state",
      [rule("a", "areaCode", "305, 407", 1)],
      { states: ["FL", "GA"], provinces: ["ON", "NS", "PE"], areaCodes: ["404", "416", "902"] },
    ],
    [
      "a country covers its states and codes",
      [rule("us", "country", "US", 1)],
      { states: [], provinces: ["ON", "NS", "PE"], areaCodes: ["416", "902"] },
    ],
    [
      "a shared code is covered by either province",
      [rule("pe", "province", "PE", 1)],
      { states: ["FL", "GA"], provinces: ["ON", "NS"], areaCodes: ["305", "404", "407", "416"] },
    ],
    [
      "CA covers the provinces",
      [rule("ca", "country", "CA", 1), rule("ga", "state", "GA", 2)],
      { states: ["FL"], provinces: [], areaCodes: ["305", "407"] },
    ],
  ])("%s", (_, rules, expected) => {
    const { shadowed: _s, ...uncovered } = geoCoverage(rules, scope);
    expect(uncovered).toEqual(expected);
  });
});

describe("geoCoverage: rules that can never match", () => {
  it.each<[string, GeoRule[], { ruleId: string; takenBy: string[] }[]]>([
    [
      "none when each rule has callers of its own",
      [rule("a", "areaCode", "305", 1), rule("fl", "state", "FL", 2)],
      [],
    ],
    [
      "an area code after its state",
      [rule("fl", "state", "FL", 1), rule("a", "areaCode", "407", 2)],
      [{ ruleId: "a", takenBy: ["fl"] }],
    ],
    [
      "a state after its country",
      [rule("us", "country", "US", 1), rule("ga", "state", "GA", 2)],
      [{ ruleId: "ga", takenBy: ["us"] }],
    ],
    [
      "a repeated state",
      [rule("fl1", "state", "FL", 1), rule("fl2", "state", "FL", 2)],
      [{ ruleId: "fl2", takenBy: ["fl1"] }],
    ],
    [
      "area codes taken by two earlier rules",
      [
        rule("a", "areaCode", "305", 1),
        rule("b", "areaCode", "407", 2),
        rule("c", "areaCode", "407, 305", 3),
      ],
      [{ ruleId: "c", takenBy: ["a", "b"] }],
    ],
    [
      "a state with one area code still free",
      [rule("a", "areaCode", "305", 1), rule("fl", "state", "FL", 2)],
      [],
    ],
    [
      "a province of a shared code is not taken by the other",
      [rule("ns", "province", "NS", 1), rule("pe", "province", "PE", 2)],
      [],
    ],
    [
      "the shared code itself is taken by its first province",
      [rule("ns", "province", "NS", 1), rule("c", "areaCode", "902", 2)],
      [{ ruleId: "c", takenBy: ["ns"] }],
    ],
    [
      "a country after every one of its places is still reached by callers known only by country",
      [rule("fl", "state", "FL", 1), rule("ga", "state", "GA", 2), rule("us", "country", "US", 3)],
      [],
    ],
    [
      "a country after itself",
      [rule("gb", "country", "GB", 1), rule("gb2", "country", "gb", 2)],
      [{ ruleId: "gb2", takenBy: ["gb"] }],
    ],
    [
      "equal priority: the more specific wins",
      [rule("fl", "state", "FL", 1), rule("a", "areaCode", "407", 1)],
      [],
    ],
  ])("%s", (_, rules, expected) => {
    expect(geoCoverage(rules, scope).shadowed).toEqual(expected);
  });
});

describe("geoCoverage over the NANPA table", () => {
  it("the 50 states less the ones ruled, every Canadian code of the table uncovered", () => {
    const result = geoCoverage([rule("tx", "state", "TX", 1)], {
      areaCodes: nanpAreaCodes,
      states: ["TX", "FL"],
      provinces: ["ON"],
    });
    expect(result.states).toEqual(["FL"]);
    expect(result.areaCodes).toContain("416");
    expect(result.areaCodes).not.toContain("713");
  });

  it("checks 10,000 rules within a second", () => {
    const rules = Array.from({ length: 10_000 }, (_, i) =>
      rule(`r${i}`, i % 2 ? "state" : "areaCode", i % 2 ? "TX" : String(200 + (i % 800)), i + 1),
    );
    const started = performance.now();
    const result = geoCoverage(rules, { areaCodes: nanpAreaCodes, states: ["TX"], provinces: [] });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.shadowed.length).toBeGreaterThan(9000);
  });
});
