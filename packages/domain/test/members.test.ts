import { describe, expect, it } from "vitest";
import { type BusinessHours, defaultBusinessHours } from "../src/business-hours";
import { isRingable, isWorking, type MemberRoute } from "../src/members";

const nightShift: BusinessHours = {
  ...defaultBusinessHours,
  saturday: { active: true, start: "22:00", end: "06:00" },
};

const member = (overrides: Partial<MemberRoute> = {}): MemberRoute => ({
  userId: "usr_1",
  accountId: "acct_1",
  name: "Ana Diaz",
  availability: "available",
  timeZone: "America/New_York",
  workingHours: defaultBusinessHours,
  forwardingNumbers: ["+13055550201"],
  ...overrides,
});

describe("isWorking: a member's own hours in their own zone", () => {
  it.each([
    ["no hours set: any time", null, "America/New_York", "2026-11-29T03:00:00Z", true],
    ["Monday 10:00 New York", defaultBusinessHours, "America/New_York", "2026-11-23T15:00:00Z", true],
    [
      "Monday 07:00 Los Angeles (same instant)",
      defaultBusinessHours,
      "America/Los_Angeles",
      "2026-11-23T15:00:00Z",
      false,
    ],
    [
      "Monday 15:00 London (same instant)",
      defaultBusinessHours,
      "Europe/London",
      "2026-11-23T15:00:00Z",
      true,
    ],
    [
      "Monday 17:00 exactly: end exclusive",
      defaultBusinessHours,
      "America/New_York",
      "2026-11-23T22:00:00Z",
      false,
    ],
    ["Saturday: day off", defaultBusinessHours, "America/New_York", "2026-11-28T15:00:00Z", false],
    // 2026-03-08: New York moves to UTC-4 at 02:00. 09:00 local is 13:00Z after, 14:00Z before.
    [
      "DST spring: Monday 9 March 13:00Z is 09:00 EDT",
      defaultBusinessHours,
      "America/New_York",
      "2026-03-09T13:00:00Z",
      true,
    ],
    [
      "DST spring: Friday 6 March 13:00Z is 08:00 EST",
      defaultBusinessHours,
      "America/New_York",
      "2026-03-06T13:00:00Z",
      false,
    ],
    // 2026-11-01: back to UTC-5. 16:30 local on Monday 2 November is 21:30Z, on Friday 30 October 20:30Z.
    [
      "DST autumn: Monday 2 Nov 21:30Z is 16:30 EST",
      defaultBusinessHours,
      "America/New_York",
      "2026-11-02T21:30:00Z",
      true,
    ],
    [
      "DST autumn: Friday 30 Oct 21:30Z is 17:30 EDT",
      defaultBusinessHours,
      "America/New_York",
      "2026-10-30T21:30:00Z",
      false,
    ],
    // London leaves BST on 2026-10-25: 09:00 local is 08:00Z before, 09:00Z after.
    [
      "London BST: Friday 23 Oct 08:30Z is 09:30",
      defaultBusinessHours,
      "Europe/London",
      "2026-10-23T08:30:00Z",
      true,
    ],
    [
      "London GMT: Monday 26 Oct 08:30Z is 08:30",
      defaultBusinessHours,
      "Europe/London",
      "2026-10-26T08:30:00Z",
      false,
    ],
    ["night shift Saturday 23:00", nightShift, "America/New_York", "2026-11-29T04:00:00Z", true],
    ["night shift tail Sunday 05:59", nightShift, "America/New_York", "2026-11-29T10:59:00Z", true],
    ["night shift over Sunday 06:00", nightShift, "America/New_York", "2026-11-29T11:00:00Z", false],
  ] as const)("%s", (_name, workingHours, timeZone, iso, working) => {
    expect(isWorking({ workingHours, timeZone }, new Date(iso))).toBe(working);
  });
});

describe("isRingable: available, at work, with a device", () => {
  const monday10 = new Date("2026-11-23T15:00:00Z");
  it.each([
    ["available at work with a phone", member(), true],
    ["do not disturb", member({ availability: "do_not_disturb" }), false],
    ["away", member({ availability: "away" }), false],
    ["no forwarding phone", member({ forwardingNumbers: [] }), false],
    ["outside their hours", member({ timeZone: "Asia/Tokyo" }), false],
    ["no hours: any time", member({ workingHours: null, timeZone: "Asia/Tokyo" }), true],
  ])("%s", (_name, m, ringable) => {
    expect(isRingable(m, monday10)).toBe(ringable);
  });
});
