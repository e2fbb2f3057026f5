import { ANALYTICS_RANGES } from "@poundline/domain/calendar-ranges";
import { describe, expect, it } from "vitest";
import { formatDay, formatHour, formatRate, RANGE_LABELS } from "../../../src/modules/analytics/format";
import { formatDuration, formatPhone } from "../../../src/ui/format";

describe("analytics formatting", () => {
  it.each([
    [null, "—"],
    [0, "0s"],
    [59, "59s"],
    [61, "1m 1s"],
    [3600, "1h 0m 0s"],
    [3725, "1h 2m 5s"],
  ])("duration %s is %s (seed 001: Xh Ym Zs)", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it.each([
    [null, "—"],
    [0, "0%"],
    [2 / 3, "67%"],
    [1, "100%"],
  ])("rate %s is %s", (rate, text) => {
    expect(formatRate(rate)).toBe(text);
  });

  it("reads a calendar day without a time zone shift", () => {
    expect(formatDay("2026-03-08")).toBe("Mar 8");
    expect(formatDay("2026-01-01")).toBe("Jan 1");
  });

  it("shows North American numbers the usual way, others as given", () => {
    expect(formatPhone("+12125550101")).toBe("(212) 555-0101");
    expect(formatPhone("+442071234567")).toBe("+442071234567");
  });

  it("names the hours of the heatmap", () => {
    expect([0, 1, 11, 12, 13, 23].map(formatHour)).toEqual(["12a", "1a", "11a", "12p", "1p", "11p"]);
  });

  it("labels every one of seed 001's ranges", () => {
    expect(Object.keys(RANGE_LABELS)).toEqual([...ANALYTICS_RANGES]);
  });
});
