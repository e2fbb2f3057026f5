import { contentRange, parseRange } from "@poundline/modules/voicemails/range";
import { describe, expect, it } from "vitest";

describe("parseRange", () => {
  it.each([
    [undefined, { kind: "whole" }],
    ["bytes=0-99", { kind: "partial", start: 0, end: 99 }],
    ["bytes=100-", { kind: "partial", start: 100, end: 999 }],
    ["bytes=-100", { kind: "partial", start: 900, end: 999 }],
    ["bytes=-5000", { kind: "partial", start: 0, end: 999 }],
    ["bytes=500-5000", { kind: "partial", start: 500, end: 999 }],
    [" bytes=0-0 ", { kind: "partial", start: 0, end: 0 }],
    ["bytes=1000-", { kind: "unsatisfiable" }],
    ["bytes=-0", { kind: "unsatisfiable" }],
    ["bytes=5-2", { kind: "whole" }],
    ["bytes=0-1,5-9", { kind: "whole" }],
    ["items=0-1", { kind: "whole" }],
    ["bytes=-", { kind: "whole" }],
    ["bytes=abc", { kind: "whole" }],
    ["bytes=99999999999999999999-", { kind: "unsatisfiable" }],
  ] as const)("%s of 1000 bytes", (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it("finds nothing to serve in an empty body", () => {
    expect(parseRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-1", 0)).toEqual({ kind: "unsatisfiable" });
  });
});

describe("contentRange", () => {
  it("names the bytes of a 206 and the size of a 416", () => {
    expect(contentRange({ kind: "partial", start: 0, end: 99 }, 1000)).toBe("bytes 0-99/1000");
    expect(contentRange({ kind: "unsatisfiable" }, 1000)).toBe("bytes */1000");
    expect(contentRange({ kind: "whole" }, 1000)).toBeNull();
  });
});
