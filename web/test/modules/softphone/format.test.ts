import { describe, expect, it } from "vitest";
import { formatCallTimer } from "../../../src/modules/softphone/format";
import { renewDelay } from "../../../src/modules/softphone/hooks";

describe("the call timer", () => {
  it.each([
    [0, "00:00"],
    [7_900, "00:07"],
    [754_000, "12:34"],
    [3_723_000, "1:02:03"],
    [-5, "00:00"],
  ])("%d ms reads %s", (ms, shown) => {
    expect(formatCallTimer(ms)).toBe(shown);
  });
});

describe("the token's renewal", () => {
  const now = Date.parse("2026-11-27T12:00:00.000Z");
  it("comes a minute before the token ends, or at once when that has passed", () => {
    expect(renewDelay("2026-11-27T13:00:00.000Z", now)).toBe(59 * 60_000);
    expect(renewDelay("2026-11-27T12:00:30.000Z", now)).toBe(0);
  });
});
