import { describe, expect, it } from "vitest";
import {
  type BusinessHours,
  defaultBusinessHours,
  isTimeZone,
  isWithinBusinessHours,
  localDate,
  localTime,
} from "../src/business-hours";

const overnight: BusinessHours = {
  ...defaultBusinessHours,
  friday: { active: true, start: "22:00", end: "06:00" },
};

describe("isWithinBusinessHours", () => {
  it.each([
    ["Monday 09:00 New York opens", defaultBusinessHours, "America/New_York", "2026-11-23T14:00:00Z", true],
    ["Monday 08:59 New York closed", defaultBusinessHours, "America/New_York", "2026-11-23T13:59:00Z", false],
    ["Monday 16:59 open", defaultBusinessHours, "America/New_York", "2026-11-23T21:59:00Z", true],
    [
      "Monday 17:00 closed (end exclusive)",
      defaultBusinessHours,
      "America/New_York",
      "2026-11-23T22:00:00Z",
      false,
    ],
    ["Saturday noon closed", defaultBusinessHours, "America/New_York", "2026-11-28T17:00:00Z", false],
    ["summer time shifts UTC", defaultBusinessHours, "America/New_York", "2026-07-06T13:00:00Z", true],
    [
      "Los Angeles is still closed",
      defaultBusinessHours,
      "America/Los_Angeles",
      "2026-11-23T14:00:00Z",
      false,
    ],
    ["overnight shift, Friday 23:00", overnight, "America/New_York", "2026-11-28T04:00:00Z", true],
    ["overnight shift tail, Saturday 05:00", overnight, "America/New_York", "2026-11-28T10:00:00Z", true],
    ["overnight shift over, Saturday 06:00", overnight, "America/New_York", "2026-11-28T11:00:00Z", false],
  ])("%s", (_name, hours, tz, iso, open) => {
    expect(isWithinBusinessHours(hours, tz, new Date(iso))).toBe(open);
  });
});

describe("localDate", () => {
  it.each([
    ["New York evening is still that day", "2026-11-27T04:30:00Z", "America/New_York", "2026-11-26"],
    ["UTC has moved on", "2026-11-27T04:30:00Z", "UTC", "2026-11-27"],
    ["Honolulu is a day behind Auckland", "2026-12-25T09:00:00Z", "Pacific/Honolulu", "2026-12-24"],
    ["Auckland", "2026-12-25T09:00:00Z", "Pacific/Auckland", "2026-12-25"],
  ])("%s", (_name, at, zone, expected) => {
    expect(localDate(new Date(at), zone)).toBe(expected);
  });
});

describe("isTimeZone", () => {
  it.each([
    ["America/New_York", true],
    ["UTC", true],
    ["Mars/Olympus", false],
    ["", false],
  ])("%s: %s", (zone, expected) => {
    expect(isTimeZone(zone)).toBe(expected);
  });
});

describe("localTime through a UTC minute", () => {
  it.each([
    ["the same minute, New York", "America/New_York", "2026-11-23T15:00:00Z", "2026-11-23T15:00:59Z", true],
    ["the next minute", "America/New_York", "2026-11-23T15:00:59Z", "2026-11-23T15:01:00Z", false],
    // The zone's clock jumps back an hour: 01:59 EDT then 01:00 EST, a minute apart in UTC.
    [
      "across New York's autumn change",
      "America/New_York",
      "2026-11-01T05:59:00Z",
      "2026-11-01T06:00:00Z",
      false,
    ],
    ["India's half-hour offset", "Asia/Kolkata", "2026-11-23T15:29:30Z", "2026-11-23T15:29:59Z", true],
  ])("%s", (_name, zone, first, second, same) => {
    const a = localTime(new Date(first), zone);
    const b = localTime(new Date(second), zone);
    expect(a === b || (a.day === b.day && a.minutes === b.minutes)).toBe(same);
  });

  it("reads each instant's own local time, whatever was read before", () => {
    expect(localTime(new Date("2026-11-01T05:59:00Z"), "America/New_York")).toEqual({
      day: "sunday",
      minutes: 119,
    });
    expect(localTime(new Date("2026-11-01T06:00:00Z"), "America/New_York")).toEqual({
      day: "sunday",
      minutes: 60,
    });
    expect(localTime(new Date("2026-11-01T05:59:30Z"), "America/New_York")).toEqual({
      day: "sunday",
      minutes: 119,
    });
  });
});
