import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "../../src/voicemails/csv";

describe("csvField", () => {
  it.each([
    ["plain", '"plain"'],
    ['say "hi"', '"say ""hi"""'],
    ["a,b", '"a,b"'],
    ["line\nbreak", '"line\nbreak"'],
    [null, '""'],
    [42, '"42"'],
    ["+15551234567", '"+15551234567"'],
    ["-12", '"-12"'],
    ["=SUM(A1:A2)", `"'=SUM(A1:A2)"`],
    ["@cmd", `"'@cmd"`],
    ["+cmd|' /C calc'!A0", `"'+cmd|' /C calc'!A0"`],
    ["-2+3", `"'-2+3"`],
    ["\t=1", `"'\t=1"`],
  ] as const)("%j → %s", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe("toCsv", () => {
  it("writes a header and rows ended by CRLF", () => {
    expect(toCsv(["A", "B"], [["1", null]])).toBe('"A","B"\r\n"1",""\r\n');
  });
});
