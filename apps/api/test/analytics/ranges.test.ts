import {
  addDays,
  dayIn,
  daysBetween,
  isCalendarDay,
  type RangeRequest,
  resolveRange,
  startOfDay,
} from "@poundline/domain/calendar-ranges";
import { describe, expect, it } from "vitest";

const NY = "America/New_York";

describe("resolveRange: [start, end) of the range's days in the time zone", () => {
  it.each<{
    now: string;
    tz: string;
    request: RangeRequest;
    from: string;
    to: string;
    start: string;
    end: string;
  }>([
    // Ordinary winter day in New York (UTC-5).
    {
      now: "2026-01-15T12:00:00Z",
      tz: NY,
      request: { range: "today" },
      from: "2026-01-15",
      to: "2026-01-15",
      start: "2026-01-15T05:00:00.000Z",
      end: "2026-01-16T05:00:00.000Z",
    },
    // 01:00 UTC is still the evening before in New York.
    {
      now: "2026-01-15T01:00:00Z",
      tz: NY,
      request: { range: "today" },
      from: "2026-01-14",
      to: "2026-01-14",
      start: "2026-01-14T05:00:00.000Z",
      end: "2026-01-15T05:00:00.000Z",
    },
    {
      now: "2026-01-15T12:00:00Z",
      tz: NY,
      request: { range: "yesterday" },
      from: "2026-01-14",
      to: "2026-01-14",
      start: "2026-01-14T05:00:00.000Z",
      end: "2026-01-15T05:00:00.000Z",
    },
    // Spring forward (8 March 2026): a 23-hour day.
    {
      now: "2026-03-08T16:00:00Z",
      tz: NY,
      request: { range: "today" },
      from: "2026-03-08",
      to: "2026-03-08",
      start: "2026-03-08T05:00:00.000Z",
      end: "2026-03-09T04:00:00.000Z",
    },
    {
      now: "2026-03-09T16:00:00Z",
      tz: NY,
      request: { range: "yesterday" },
      from: "2026-03-08",
      to: "2026-03-08",
      start: "2026-03-08T05:00:00.000Z",
      end: "2026-03-09T04:00:00.000Z",
    },
    // Fall back (1 November 2026): a 25-hour day.
    {
      now: "2026-11-01T16:00:00Z",
      tz: NY,
      request: { range: "today" },
      from: "2026-11-01",
      to: "2026-11-01",
      start: "2026-11-01T04:00:00.000Z",
      end: "2026-11-02T05:00:00.000Z",
    },
    // Seven days across spring forward: 7 × 24 − 1 hours.
    {
      now: "2026-03-10T15:00:00Z",
      tz: NY,
      request: { range: "last7days" },
      from: "2026-03-04",
      to: "2026-03-10",
      start: "2026-03-04T05:00:00.000Z",
      end: "2026-03-11T04:00:00.000Z",
    },
    {
      now: "2026-03-10T15:00:00Z",
      tz: NY,
      request: { range: "last30days" },
      from: "2026-02-09",
      to: "2026-03-10",
      start: "2026-02-09T05:00:00.000Z",
      end: "2026-03-11T04:00:00.000Z",
    },
    {
      now: "2026-03-10T15:00:00Z",
      tz: NY,
      request: { range: "thismonth" },
      from: "2026-03-01",
      to: "2026-03-10",
      start: "2026-03-01T05:00:00.000Z",
      end: "2026-03-11T04:00:00.000Z",
    },
    // This month on the first, just after midnight local (still the last day of February in UTC+0 terms? no: March 1 05:30Z).
    {
      now: "2026-03-01T05:30:00Z",
      tz: NY,
      request: { range: "thismonth" },
      from: "2026-03-01",
      to: "2026-03-01",
      start: "2026-03-01T05:00:00.000Z",
      end: "2026-03-02T05:00:00.000Z",
    },
    // …and half an hour earlier it is still February there.
    {
      now: "2026-03-01T04:30:00Z",
      tz: NY,
      request: { range: "thismonth" },
      from: "2026-02-01",
      to: "2026-02-28",
      start: "2026-02-01T05:00:00.000Z",
      end: "2026-03-01T05:00:00.000Z",
    },
    // Last 30 days over a year's end.
    {
      now: "2026-01-05T12:00:00Z",
      tz: NY,
      request: { range: "last30days" },
      from: "2025-12-07",
      to: "2026-01-05",
      start: "2025-12-07T05:00:00.000Z",
      end: "2026-01-06T05:00:00.000Z",
    },
    // Custom days, both included, across fall back.
    {
      now: "2026-12-01T12:00:00Z",
      tz: NY,
      request: { range: "custom", from: "2026-10-31", to: "2026-11-02" },
      from: "2026-10-31",
      to: "2026-11-02",
      start: "2026-10-31T04:00:00.000Z",
      end: "2026-11-03T05:00:00.000Z",
    },
    // Other zones: UTC, east of Greenwich, a half-hour offset.
    {
      now: "2026-06-15T23:30:00Z",
      tz: "UTC",
      request: { range: "today" },
      from: "2026-06-15",
      to: "2026-06-15",
      start: "2026-06-15T00:00:00.000Z",
      end: "2026-06-16T00:00:00.000Z",
    },
    {
      now: "2026-06-15T23:30:00Z",
      tz: "Europe/Berlin",
      request: { range: "today" },
      from: "2026-06-16",
      to: "2026-06-16",
      start: "2026-06-15T22:00:00.000Z",
      end: "2026-06-16T22:00:00.000Z",
    },
    {
      now: "2026-03-29T12:00:00Z",
      tz: "Europe/Berlin",
      request: { range: "today" },
      from: "2026-03-29",
      to: "2026-03-29",
      start: "2026-03-28T23:00:00.000Z",
      end: "2026-03-29T22:00:00.000Z",
    },
    {
      now: "2026-06-15T12:00:00Z",
      tz: "Asia/Kolkata",
      request: { range: "today" },
      from: "2026-06-15",
      to: "2026-06-15",
      start: "2026-06-14T18:30:00.000Z",
      end: "2026-06-15T18:30:00.000Z",
    },
    // Phoenix keeps no daylight saving: 24 hours on New York's short day.
    {
      now: "2026-03-08T16:00:00Z",
      tz: "America/Phoenix",
      request: { range: "today" },
      from: "2026-03-08",
      to: "2026-03-08",
      start: "2026-03-08T07:00:00.000Z",
      end: "2026-03-09T07:00:00.000Z",
    },
    // Leap day.
    {
      now: "2028-03-01T12:00:00Z",
      tz: NY,
      request: { range: "yesterday" },
      from: "2028-02-29",
      to: "2028-02-29",
      start: "2028-02-29T05:00:00.000Z",
      end: "2028-03-01T05:00:00.000Z",
    },
  ])("$request.range at $now in $tz", ({ now, tz, request, from, to, start, end }) => {
    const range = resolveRange(request, new Date(now), tz);
    expect({
      from: range.from,
      to: range.to,
      start: range.start.toISOString(),
      end: range.end.toISOString(),
    }).toEqual({
      from,
      to,
      start,
      end,
    });
  });
});

describe("startOfDay", () => {
  it("is the first instant that exists when the clocks skip midnight", () => {
    // Santiago springs forward at 24:00 on 5 September 2026: the 6th starts at 01:00 local (04:00Z).
    expect(startOfDay("2026-09-06", "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(dayIn(startOfDay("2026-09-06", "America/Santiago"), "America/Santiago")).toBe("2026-09-06");
  });

  it("is the first midnight when the clocks repeat the hour before it", () => {
    // Santiago falls back at 24:00 on 4 April 2026: midnight of the 5th happens... once, at 03:00Z.
    const start = startOfDay("2026-04-05", "America/Santiago");
    expect(dayIn(start, "America/Santiago")).toBe("2026-04-05");
    expect(dayIn(new Date(start.getTime() - 1000), "America/Santiago")).toBe("2026-04-04");
  });
});

describe("calendar days", () => {
  it.each([
    ["2026-03-10", true],
    ["2028-02-29", true],
    ["2026-02-29", false],
    ["2026-13-01", false],
    ["2026-3-1", false],
    ["20260301", false],
    ["", false],
  ])("%s is a calendar day: %s", (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });

  it("adds and counts days across months and years", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-03-01", "2026-03-01")).toBe(1);
    expect(daysBetween("2025-01-01", "2026-01-01")).toBe(366);
  });
});
