import { describe, expect, it } from "vitest";
import {
  dayOf,
  formatCalendarDay,
  formatCount,
  formatDate,
  formatDateTime,
  formatDayLabel,
  formatPhone,
  formatRelative,
  formatTime,
  previousDay,
} from "../../src/ui/format";

describe("date and time in the account's time zone", () => {
  it.each([
    // One instant, three zones: the day changes with the zone.
    ["2026-11-24T03:30:00Z", "America/New_York", "Nov 23, 2026", "10:30 PM", "2026-11-23"],
    ["2026-11-24T03:30:00Z", "Europe/London", "Nov 24, 2026", "3:30 AM", "2026-11-24"],
    ["2026-11-24T03:30:00Z", "Asia/Kolkata", "Nov 24, 2026", "9:00 AM", "2026-11-24"],
    ["2026-11-24T03:30:00Z", "Pacific/Honolulu", "Nov 23, 2026", "5:30 PM", "2026-11-23"],
    // New York's spring change (8 March 2026, 02:00 EST → 03:00 EDT): a second either side.
    ["2026-03-08T06:59:59Z", "America/New_York", "Mar 8, 2026", "1:59 AM", "2026-03-08"],
    ["2026-03-08T07:00:00Z", "America/New_York", "Mar 8, 2026", "3:00 AM", "2026-03-08"],
    // The autumn change (1 November 2026, 02:00 EDT → 01:00 EST): 1:30 happens twice.
    ["2026-11-01T05:30:00Z", "America/New_York", "Nov 1, 2026", "1:30 AM", "2026-11-01"],
    ["2026-11-01T06:30:00Z", "America/New_York", "Nov 1, 2026", "1:30 AM", "2026-11-01"],
    // Midnight in Sydney's summer time (UTC+11).
    ["2026-01-14T13:00:00Z", "Australia/Sydney", "Jan 15, 2026", "12:00 AM", "2026-01-15"],
    ["2026-01-14T12:59:59Z", "Australia/Sydney", "Jan 14, 2026", "11:59 PM", "2026-01-14"],
  ])("%s in %s: %s, %s (%s)", (iso, timeZone, date, time, day) => {
    expect(formatDate(iso, timeZone)).toBe(date);
    expect(formatTime(iso, timeZone)).toBe(time);
    expect(formatDateTime(iso, timeZone)).toBe(`${date}, ${time}`);
    expect(dayOf(iso, timeZone)).toBe(day);
  });

  it("takes a Date, an ISO string or milliseconds alike", () => {
    const iso = "2026-11-24T15:05:00Z";
    const zone = "America/Chicago";
    expect(formatDateTime(new Date(iso), zone)).toBe("Nov 24, 2026, 9:05 AM");
    expect(formatDateTime(Date.parse(iso), zone)).toBe("Nov 24, 2026, 9:05 AM");
  });
});

describe("days relative to the account's today", () => {
  // 11:20 PM on 10 March 2026 in Los Angeles (PDT) is 2:20 AM on the 11th in New York (EDT).
  const now = new Date("2026-03-11T06:20:00Z");
  it.each([
    ["2026-03-11T05:00:00Z", "America/Los_Angeles", "Today", "10:00 PM"],
    ["2026-03-11T05:00:00Z", "America/New_York", "Today", "1:00 AM"],
    ["2026-03-10T03:00:00Z", "America/Los_Angeles", "Yesterday", "Yesterday"],
    // Yesterday in New York starts at 00:00 EDT on the 10th (04:00 UTC).
    ["2026-03-10T04:00:00Z", "America/New_York", "Yesterday", "Yesterday"],
    ["2026-03-10T03:59:59Z", "America/New_York", "Mar 9, 2026", "Mar 9"],
    ["2025-12-31T12:00:00Z", "America/New_York", "Dec 31, 2025", "Dec 31, 2025"],
  ])("%s in %s: %s / %s", (iso, timeZone, label, relative) => {
    expect(formatDayLabel(iso, now, timeZone)).toBe(label);
    expect(formatRelative(iso, now, timeZone)).toBe(relative);
  });

  it.each([
    ["2026-03-01", "2026-02-28"],
    ["2024-03-01", "2024-02-29"],
    ["2026-01-01", "2025-12-31"],
    // The day New York's clocks go forward is still one calendar day after the 7th.
    ["2026-03-08", "2026-03-07"],
  ])("the day before %s is %s", (day, before) => {
    expect(previousDay(day)).toBe(before);
  });

  it.each([
    ["2026-11-24", "Nov 24, 2026"],
    ["2026-11-24T00:00:00.000Z", "Nov 24, 2026"],
    ["2026-01-01", "Jan 1, 2026"],
  ])("the calendar day %s is %s whatever the time zone", (day, text) => {
    expect(formatCalendarDay(day)).toBe(text);
  });
});

describe("numbers and phone numbers", () => {
  it.each([
    ["+14075550150", "(407) 555-0150"],
    ["+18005550100", "(800) 555-0100"],
    // Not North American, or not a number: as given.
    ["+442079460958", "+442079460958"],
    ["+1407555015", "+1407555015"],
    ["Anonymous", "Anonymous"],
    ["sip:desk@example.com", "sip:desk@example.com"],
    ["", ""],
  ])("%s is written %s", (number, text) => {
    expect(formatPhone(number)).toBe(text);
  });

  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1,000"],
    [1234567, "1,234,567"],
  ])("the count %d is written %s", (value, text) => {
    expect(formatCount(value)).toBe(text);
  });
});
