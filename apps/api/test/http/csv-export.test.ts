import { describe, expect, it } from "vitest";
import { csvLines, neutraliseCell } from "../../src/http/csv-export";

describe("neutraliseCell (OWASP CSV injection)", () => {
  it.each([
    // Formulas and what a spreadsheet runs as one: an apostrophe first.
    ["=1+1", "'=1+1"],
    ['=HYPERLINK("http://evil.example","Click")', `'=HYPERLINK("http://evil.example","Click")`],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3", "'-2+3"],
    ["+1+1", "'+1+1"],
    ["-1)*cmd", "'-1)*cmd"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["+1 415 555 0100", "'+1 415 555 0100"],
    ["-", "'-"],
    // Plain numbers and E.164 numbers stay numbers.
    ["+14155550100", "+14155550100"],
    ["-12", "-12"],
    ["3.5", "3.5"],
    ["-0.25", "-0.25"],
    [42, "42"],
    // The rest is untouched, a formula sign inside the text included.
    ["Ada Lovelace", "Ada Lovelace"],
    ["a=b", "a=b"],
    [" =1", " =1"],
    ["", ""],
    [null, ""],
    [undefined, ""],
  ] as const)("%j → %j", (cell, written) => {
    expect(neutraliseCell(cell)).toBe(written);
  });
});

describe("csvLines", () => {
  it.each([
    { rows: [["plain", 12, null]], csv: '"plain","12",""\r\n' },
    {
      rows: [["with, comma", 'with "quote"', "two\nlines", "semi;colon"]],
      csv: '"with, comma","with ""quote""","two\nlines","semi;colon"\r\n',
    },
    { rows: [['=HYPERLINK("x")'], ["+14155550100"]], csv: `"'=HYPERLINK(""x"")"\r\n"+14155550100"\r\n` },
    { rows: [], csv: "" },
  ])("$rows", ({ rows, csv }) => {
    expect(csvLines(rows)).toBe(csv);
  });
});
