import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatPostalCodeFile, readZipcodesPackage } from "../scripts/postal-codes-from-source";
import committed from "../src/data/postal-codes.json";
import { locateByPostalCode } from "../src/postal-codes";

describe("the postal code table, against the zipcodes package", () => {
  it("is what the package yields today (npm run generate:postal-codes -w packages/domain)", () => {
    expect(readZipcodesPackage()).toEqual(committed);
  });

  it("is committed as the generator writes it", () => {
    const path = new URL("../src/data/postal-codes.json", import.meta.url);
    expect(readFileSync(path, "utf8")).toBe(formatPostalCodeFile(readZipcodesPackage()));
  });

  it("places every one of the 50 states and 13 provinces somewhere", () => {
    const regions = (table: Record<string, { regions: string[] }>) =>
      new Set(Object.values(table).flatMap((e) => e.regions));
    const states = regions(committed.zipPrefixes);
    const provinces = regions(committed.postalLetters);
    expect(states.size).toBeGreaterThanOrEqual(51);
    expect(["AK", "HI", "WY", "DC", "VT"].filter((s) => !states.has(s))).toEqual([]);
    expect(provinces).toEqual(
      new Set(["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]),
    );
  });
});

describe("locateByPostalCode", () => {
  it.each([
    ["33101", "US", ["FL"]],
    ["32801-1234", "US", ["FL"]],
    ["  10001 ", "US", ["NY"]],
    ["60601", "US", ["IL"]],
    ["99501", "US", ["AK"]],
    ["00901", "PR", ["PR"]],
    ["M5V 2T6", "CA", ["ON"]],
    ["h2x1y4", "CA", ["QC"]],
    ["V6B", "CA", ["BC"]],
    ["T2P 1J9", "CA", ["AB"]],
    ["B3H 4R2", "CA", ["NS"]],
    ["C1A 4P3", "CA", ["PE"]],
  ])("%s is in %s %j", (input, country, regions) => {
    expect(locateByPostalCode(input)).toEqual({ country, regions, areaCode: null });
  });

  it.each([[""], ["1234"], ["123456"], ["ABCDE"], ["D1A 1A1"], ["W1A 1AA"], ["00000"], ["09001"]])(
    "%j is nowhere",
    (input) => {
      expect(locateByPostalCode(input)).toBeNull();
    },
  );
});
