import {
  isUpgrade,
  memberLimitRefusal,
  numberLimitRefusal,
  type PlanLimits,
  planLimits,
  recordingLimitRefusal,
  recordingWarning,
  recordsCalls,
  textLimitRefusal,
} from "@poundline/contracts/billing/plan-limits";
import { describe, expect, it } from "vitest";

describe("plan limits (seed 000, section 9)", () => {
  it.each([
    [null, "Free Trial", 1, false, 3, 1, 1000, 0],
    ["Free Trial", "Free Trial", 1, false, 3, 1, 1000, 0],
    ["Starter", "Starter", 2, true, 5, null, 1000, 0],
    ["Professional", "Professional", 5, true, 15, null, 2500, 100],
    ["Enterprise", "Enterprise", null, true, null, null, null, null],
    ["Gold", "Free Trial", 1, false, 3, 1, 1000, 0],
  ])("%s → %s", (name, plan, maxNumbers, tollFree, maxUsers, maxAdmins, textsPerMonth, recordingHours) => {
    expect(planLimits(name)).toEqual({
      plan,
      maxNumbers,
      tollFree,
      maxUsers,
      maxAdmins,
      textsPerMonth,
      recordingHoursPerMonth: recordingHours,
    });
  });

  it.each([
    [null, "Starter", true],
    ["Starter", "Professional", true],
    ["Professional", "Enterprise", true],
    ["Enterprise", "Starter", false],
    ["Professional", "Starter", false],
    ["Starter", "Starter", false],
  ])("%s → %s is an upgrade: %s", (from, to, expected) => {
    expect(isUpgrade(from, to)).toBe(expected);
  });
});

describe("numbers", () => {
  it.each([
    [null, 0, "local", null],
    [
      null,
      1,
      "local",
      "Your Free Trial plan includes 1 local number and this account has 1. Release a number or upgrade to Starter to add another.",
    ],
    [
      null,
      0,
      "toll-free",
      "Your Free Trial plan includes 1 local number only: toll-free numbers need a paid plan. Upgrade to Starter to lift it.",
    ],
    ["Starter", 1, "toll-free", null],
    [
      "Starter",
      2,
      "local",
      "Your Starter plan includes up to 2 numbers and this account has 2. Release a number or upgrade to Professional to add another.",
    ],
    ["Professional", 4, "local", null],
    [
      "Professional",
      5,
      "toll-free",
      "Your Professional plan includes up to 5 numbers and this account has 5. Release a number or upgrade to Enterprise to add another.",
    ],
    ["Enterprise", 500, "local", null],
  ] as const)("%s holding %i, one more %s", (plan, held, type, expected) => {
    expect(numberLimitRefusal(planLimits(plan), held, type)).toBe(expected);
  });
});

describe("users", () => {
  it.each([
    // The trial: 1 admin and 2 users.
    [null, 1, 1, "member", null],
    [null, 2, 1, "member", null],
    [
      null,
      3,
      1,
      "member",
      "Your Free Trial plan includes 1 admin and 2 users and this account has 3. Upgrade to Starter to lift it.",
    ],
    [
      null,
      1,
      1,
      "admin",
      "Your Free Trial plan includes 1 admin and this account has 1. Upgrade to Starter to lift it.",
    ],
    ["Starter", 4, 1, "admin", null],
    [
      "Starter",
      5,
      1,
      "member",
      "Your Starter plan includes up to 5 users and this account has 5. Upgrade to Professional to lift it.",
    ],
    [
      "Professional",
      15,
      3,
      "member",
      "Your Professional plan includes up to 15 users and this account has 15. Upgrade to Enterprise to lift it.",
    ],
    ["Enterprise", 400, 40, "admin", null],
  ] as const)("%s with %i members (%i admins), one more %s", (plan, members, admins, role, expected) => {
    expect(memberLimitRefusal(planLimits(plan), { members, admins }, role)).toBe(expected);
  });
});

describe("texts a month", () => {
  it.each([
    [null, 999, null],
    [
      null,
      1000,
      "Your Free Trial plan includes 1000 texts a month and this account has sent 1000 this month. Upgrade to Professional to lift it.",
    ],
    [
      "Starter",
      1000,
      "Your Starter plan includes 1000 texts a month and this account has sent 1000 this month. Upgrade to Professional to lift it.",
    ],
    ["Professional", 2499, null],
    [
      "Professional",
      2500,
      "Your Professional plan includes 2500 texts a month and this account has sent 2500 this month. Upgrade to Enterprise to lift it.",
    ],
    ["Enterprise", 1_000_000, null],
  ] as const)("%s having sent %i", (plan, sent, expected) => {
    expect(textLimitRefusal(planLimits(plan), sent)).toBe(expected);
  });
});

describe("call recording", () => {
  it.each([
    [null, 0, "Call recording is not included in your Free Trial plan. Upgrade to Professional to lift it."],
    [
      "Starter",
      0,
      "Call recording is not included in your Starter plan. Upgrade to Professional to lift it.",
    ],
    ["Professional", 99 * 3600, null],
    [
      "Professional",
      100 * 3600,
      "Your Professional plan includes 100 hours of call recording a month, all used this month. Upgrade to Enterprise to lift it.",
    ],
    ["Enterprise", 10_000 * 3600, null],
  ] as const)("%s having recorded %i s", (plan, seconds, expected) => {
    expect(recordingLimitRefusal(planLimits(plan), seconds)).toBe(expected);
  });
});

describe("recording stops at the plan's hours, with a warning from 80%", () => {
  const withHours = (hours: number | null): PlanLimits => ({
    ...planLimits("Professional"),
    recordingHoursPerMonth: hours,
  });
  it.each([
    [0, 0, false, null],
    [1, 0, true, null],
    [1, 2879, true, null],
    [1, 2880, true, "near_limit"],
    [1, 3599, true, "near_limit"],
    [1, 3600, false, "at_limit"],
    [1, 5000, false, "at_limit"],
    [100, 80 * 3600, true, "near_limit"],
    [null, 1_000_000 * 3600, true, null],
  ] as const)(
    "%s hours a month, %i s recorded: records %s, warning %s",
    (hours, seconds, records, warning) => {
      expect(recordsCalls(withHours(hours), seconds)).toBe(records);
      expect(recordingWarning(withHours(hours), seconds)).toBe(warning);
    },
  );
});
