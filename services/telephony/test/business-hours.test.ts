import { describe, expect, it } from "vitest";
import {
  type BusinessHours,
  defaultBusinessHours,
  isTimeZone,
  isWithinBusinessHours,
  localDate,
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
