import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  areaCodeTableFromReport,
  defaultReportPath,
  formatAreaCodeFile,
  formatNanpCountryFile,
  isGeographicInService,
  nanpCountryTableFromReport,
  parseCsv,
  readReport,
} from "../scripts/area-codes-from-report";
import { nanpAreaCodes } from "../src/area-codes";
import committed from "../src/data/area-codes.json";

// The report lives in shared/ beside the repository (CI has it); without it only its checks skip.
const reportFound = existsSync(defaultReportPath);
if (!reportFound) console.warn(`NANPA's report not found at ${defaultReportPath}: its checks are skipped`);
const report = reportFound ? readFileSync(defaultReportPath, "utf8") : "";
const withReport = it.skipIf(!reportFound);

describe("the other NANP countries' area codes, against NANPA's report", () => {
  withReport("are committed as the generator writes them", () => {
    const path = new URL("../src/data/nanp-countries.json", import.meta.url);
    expect(readFileSync(path, "utf8")).toBe(formatNanpCountryFile(nanpCountryTableFromReport(report)));
  });

  withReport("give every Caribbean country of the report its ISO code (Jamaica's two codes)", () => {
    const { areaCodes } = nanpCountryTableFromReport(report);
    expect(areaCodes["876"]).toBe("JM");
    expect(areaCodes["658"]).toBe("JM");
    expect(
      Object.keys(areaCodes).some((code) => committed.areaCodes[code as keyof typeof committed.areaCodes]),
    ).toBe(false);
  });
});

describe("the area code table, against NANPA's report", () => {
  withReport("is what the report yields today (npm run generate:area-codes -w packages/domain)", () => {
    expect(areaCodeTableFromReport(report)).toEqual(committed);
  });

  withReport("is committed as the generator writes it", () => {
    const path = new URL("../src/data/area-codes.json", import.meta.url);
    expect(readFileSync(path, "utf8")).toBe(formatAreaCodeFile(areaCodeTableFromReport(report)));
  });

  withReport("holds every in-service geographic US and Canadian code of the report", () => {
    const inService = readReport(report)
      .rows.filter((r) => r.IN_SERVICE === "Y" && r.USE === "G" && ["US", "CANADA"].includes(r.COUNTRY ?? ""))
      .map((r) => r.NPA_ID ?? "");
    expect(inService.length).toBeGreaterThan(400);
    expect(inService.filter((code) => !nanpAreaCodes.has(code))).toEqual([]);
  });

  withReport("holds no code the report has out of service, toll-free or non-geographic", () => {
    const rows = new Map(readReport(report).rows.map((r) => [r.NPA_ID, r]));
    const strays = [...nanpAreaCodes.keys()].filter((code) => {
      const row = rows.get(code);
      return !row || !isGeographicInService(row);
    });
    expect(strays).toEqual([]);
  });
});

describe("the area code table", () => {
  it.each([
    // The ten codes the libphonenumber-derived table missed.
    ["357", "US", ["CA"]],
    ["436", "US", ["OH"]],
    ["457", "US", ["LA"]],
    ["621", "US", ["TX"]],
    ["624", "US", ["NY"]],
    ["679", "US", ["MI"]],
    ["729", "US", ["TN"]],
    ["837", "US", ["CA"]],
    ["861", "US", ["IL"]],
    ["924", "US", ["MN"]],
    // Codes shared by several provinces list every one.
    ["782", "CA", ["NS", "PE"]],
    ["902", "CA", ["NS", "PE"]],
    ["867", "CA", ["NT", "YT", "NU"]],
    ["416", "CA", ["ON"]],
    ["202", "US", ["DC"]],
    ["787", "PR", ["PR"]],
    ["670", "MP", ["MP"]],
  ])("%s: %s %j", (code, country, regions) => {
    expect(nanpAreaCodes.get(code)).toEqual({ country, regions });
  });

  it.each(["800", "888", "500", "900", "710", "600", "242"])("has no entry for %s", (code) => {
    expect(nanpAreaCodes.has(code)).toBe(false);
  });

  it("covers every US state, DC and every Canadian province and territory", () => {
    const regions = new Set([...nanpAreaCodes.values()].flatMap((v) => v.regions));
    for (const region of ["AK", "HI", "WY", "VT", "DC", "NU", "YT", "NT", "PE", "NL", "QC"])
      expect(regions).toContain(region);
    expect(regions.size).toBeGreaterThanOrEqual(51 + 13);
  });
});

describe("reading the report", () => {
  it.each([
    ["plain fields", "a,b,c\n", [["a", "b", "c"]]],
    [
      "CRLF lines",
      "a,b\r\nc,d\r\n",
      [
        ["a", "b"],
        ["c", "d"],
      ],
    ],
    ["a quoted comma", 'a,"b, c",d\n', [["a", "b, c", "d"]]],
    ["a doubled quote", 'a,"say ""hi"""\n', [["a", 'say "hi"']]],
    ["a line break in quotes", 'a,"b\nc"\nd\n', [["a", "b\nc"], ["d"]]],
    ["empty fields", "a,,\n", [["a", "", ""]]],
    ["no final line break", "a,b", [["a", "b"]]],
  ])("%s", (_name, csv, expected) => {
    expect(parseCsv(csv)).toEqual(expected);
  });

  const header = "NPA_ID,USE,LOCATION,COUNTRY,IN_SERVICE,SERVICE";
  const csv = (...rows: string[]) => `File Date,01/02/2026\r\n${header}\r\n${rows.join("\r\n")}\r\n`;

  it("keeps in-service geographic codes and names the report's date", () => {
    const file = areaCodeTableFromReport(
      csv(
        "305,G,FL,US,Y,",
        "902,G,NOVA SCOTIA - PRINCE EDWARD ISLAND,CANADA,Y,",
        "867,G,NORTHWEST TERRITORIES -YUKON - NUNAVUT,CANADA,Y,",
        "465,G,NY,US,N,",
        "800,N,NANP AREA,,Y,Toll-Free",
        "600,N,,CANADA,Y,Canadian Non-Geographic Tariffed Services",
        "242,G,BAHAMAS,BAHAMAS,Y,",
      ),
    );
    expect(file).toEqual({
      source: "NANPA npa_report.csv, file date 01/02/2026",
      areaCodes: {
        "305": { country: "US", regions: ["FL"] },
        "867": { country: "CA", regions: ["NT", "YT", "NU"] },
        "902": { country: "CA", regions: ["NS", "PE"] },
      },
    });
  });

  it.each([
    ["an unknown state", "999,G,ZZ,US,Y,"],
    ["an unknown province", "999,G,ATLANTIS,CANADA,Y,"],
    ["one unknown province of several", "999,G,NOVA SCOTIA - ATLANTIS,CANADA,Y,"],
    ["an empty location", "999,G,,US,Y,"],
  ])("refuses %s rather than drop the code", (_name, row) => {
    expect(() => areaCodeTableFromReport(csv(row))).toThrow(/area code 999/);
  });

  it("refuses a file that is not the report", () => {
    expect(() => areaCodeTableFromReport("a,b\n1,2\n")).toThrow(/npa_report/);
  });
});
