import { describe, expect, it } from "vitest";
import type { AccountPlan } from "../../../src/api/billing-plan";
import { noticeOf } from "../../../src/modules/billing-plan/TrialBanner";

const plan = (overrides: Partial<AccountPlan>): AccountPlan => ({
  plan: "Free Trial",
  limits: {
    maxNumbers: 1,
    tollFree: false,
    maxUsers: 3,
    maxAdmins: 1,
    textsPerMonth: 1000,
    recordingHoursPerMonth: 0,
  },
  used: { numbers: 1, users: 1, admins: 1, textsThisMonth: 0, recordingHoursThisMonth: 0 },
  subscription: null,
  trial: { endsAt: "2026-12-20T00:00:00.000Z", daysLeft: 25, ended: false },
  gate: "open",
  ...overrides,
});

const subscription = {
  id: "sub_a",
  status: "active",
  nextBillingDate: "2026-12-20",
  cancelAtPeriodEnd: false,
  scheduledPlanName: null,
};

describe("the console's billing banner", () => {
  it.each([
    ["a trial with weeks left", plan({}), null],
    [
      "a trial's last week",
      plan({ trial: { endsAt: null, daysLeft: 7, ended: false } }),
      "Your free trial ends in 7 days.",
    ],
    [
      "a trial's last day",
      plan({ trial: { endsAt: null, daysLeft: 1, ended: false } }),
      "Your free trial ends within a day.",
    ],
    [
      "a subscribed account",
      plan({ subscription, trial: { endsAt: null, daysLeft: 2, ended: false } }),
      null,
    ],
    [
      "a trial that ended",
      plan({ gate: "trial_ended", trial: { endsAt: null, daysLeft: 0, ended: true } }),
      "Your free trial has ended",
    ],
    ["the spend cap", plan({ subscription, gate: "spend_cap" }), "monthly spending limit"],
    ["an empty wallet (the wallet card says so)", plan({ subscription, gate: "wallet_empty" }), null],
  ] as const)("%s", (_label, account, expected) => {
    const notice = noticeOf(account);
    if (expected === null) expect(notice).toBeNull();
    else expect(notice?.text).toContain(expected);
  });
});
