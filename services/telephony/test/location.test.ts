import { describe, expect, it } from "vitest";
import { buildAreaCodeTable, regionOf } from "../scripts/area-code-source";
import { countryOfNumber, nanpAreaCodes } from "../src/area-codes";
import table from "../src/data/area-codes.json";
import { locateCaller } from "../src/location";

const locate = (from: string, fromState?: string, fromCountry?: string) =>
  locateCaller({ from, fromState, fromCountry }, nanpAreaCodes, countryOfNumber);

describe("locateCaller", () => {
  it.each([
    ["carrier fields win", ["+13055551234", "GA", "US"], { country: "US", region: "GA", areaCode: "305" }],
    [
      "empty carrier fields fall back to the area code",
      ["+13055551234", "", ""],
      { country: "US", region: "FL", areaCode: "305" },
    ],
    ["Canadian area code", ["+14165551234"], { country: "CA", region: "ON", areaCode: "416" }],
    ["city-level entry (Houston, TX)", ["+17135551234"], { country: "US", region: "TX", areaCode: "713" }],
    [
      "shared Canadian code takes its first province",
      ["+19025551234"],
      { country: "CA", region: "NS", areaCode: "902" },
    ],
    [
      "spelled-out carrier state falls back to the area code",
      ["+12125551234", "New York", "US"],
      { country: "US", region: "NY", areaCode: "212" },
    ],
    [
      "Caribbean NANP number: country from the number",
      ["+12425551234"],
      { country: "BS", region: null, areaCode: "242" },
    ],
    ["international number", ["+442071234567"], { country: "GB", region: null, areaCode: null }],
    ["anonymous caller", ["anonymous"], { country: null, region: null, areaCode: null }],
  ])("%s", (_n, [from, state, country], expected) => {
    expect(locate(from as string, state, country)).toEqual(expected);
  });
});

describe("the area code table", () => {
  it("is what the dataset package yields today", () => {
    expect(buildAreaCodeTable()).toEqual(table);
  });

  it("covers every US state and Canadian province at least once", () => {
    const regions = new Set([...nanpAreaCodes.values()].map((v) => v.region));
    expect(regions.size).toBeGreaterThanOrEqual(50 + 10);
  });

  it.each([
    ["Texas", { country: "US", region: "TX" }],
    ["Calgary, AB", { country: "CA", region: "AB" }],
    ["Washington D.C.", { country: "US", region: "DC" }],
    ["Northwest Territories/Nunavut/Yukon", { country: "CA", region: "NT" }],
    ["Cayman Islands", null],
  ])("reads %s", (description, expected) => expect(regionOf(description)).toEqual(expected));
});
