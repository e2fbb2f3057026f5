import { describe, expect, it } from "vitest";
import type { AccountPlan } from "../../../src/api/billing-plan";
import { recordingUseOf } from "../../../src/modules/billing-plan/UsageCard";

const planWith = (included: number | null, used: number): AccountPlan => ({
  plan: "Professional",
  limits: {
    maxNumbers: 5,
    tollFree: true,
    maxUsers: 15,
    maxAdmins: null,
    textsPerMonth: 2500,
    recordingHoursPerMonth: included,
  },
  used: {
    numbers: 1,
    users: 1,
    admins: 1,
    textsThisMonth: 0,
    recordingHoursThisMonth: used,
    recordingWarning: null,
    recordingNotice: null,
  },
  subscription: null,
  trial: { endsAt: null, daysLeft: null, ended: false },
  gate: "open",
  allowance: null,
});

describe("the billing page's recording hours", () => {
  it.each([
    [0, 0, null],
    [100, 82.5, "82.5 of 100 recording hours included in your plan used this month"],
    [null, 12, "12 hours of calls recorded this month (no limit)"],
  ] as const)("%s hours included, %s used: %s", (included, used, expected) => {
    expect(recordingUseOf(planWith(included, used))).toBe(expected);
  });
});
