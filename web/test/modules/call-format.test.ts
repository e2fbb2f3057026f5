import { describe, expect, it } from "vitest";
import { formatCallTime, pageWindow } from "../../src/modules/calls/format";
import { formatDuration } from "../../src/ui/format";

describe("formatDuration (Xh Ym Zs)", () => {
  it.each([
    [0, "0s"],
    [45, "45s"],
    [60, "1m 0s"],
    [65, "1m 5s"],
    [3600, "1h 0m 0s"],
    [3725, "1h 2m 5s"],
    [90_061, "25h 1m 1s"],
    [-3, "0s"],
    [59.9, "59s"],
  ])("%s seconds → %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe("pageWindow (5 page buttons)", () => {
  it.each([
    { current: 1, total: 0, pages: [] },
    { current: 1, total: 1, pages: [1] },
    { current: 1, total: 3, pages: [1, 2, 3] },
    { current: 1, total: 30, pages: [1, 2, 3, 4, 5] },
    { current: 2, total: 30, pages: [1, 2, 3, 4, 5] },
    { current: 3, total: 30, pages: [1, 2, 3, 4, 5] },
    { current: 4, total: 30, pages: [2, 3, 4, 5, 6] },
    { current: 29, total: 30, pages: [26, 27, 28, 29, 30] },
    { current: 30, total: 30, pages: [26, 27, 28, 29, 30] },
    { current: 99, total: 30, pages: [26, 27, 28, 29, 30] },
    { current: 0, total: 30, pages: [1, 2, 3, 4, 5] },
  ])("page $current of $total → $pages", ({ current, total, pages }) => {
    expect(pageWindow(current, total)).toEqual(pages);
  });
});

describe("formatCallTime", () => {
  it("reads the instant in the account's time zone", () => {
    expect(formatCallTime("2026-03-11T03:30:00Z", "America/New_York")).toBe("Mar 10, 2026, 11:30 PM");
    expect(formatCallTime("2026-03-11T03:30:00Z", "UTC")).toBe("Mar 11, 2026, 3:30 AM");
  });
});
