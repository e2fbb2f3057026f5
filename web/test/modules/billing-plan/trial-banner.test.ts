import { describe, expect, it } from "vitest";
import type { AccountPlan } from "../../../src/api/billing-plan";
import { pausedNoticeOf } from "../../../src/modules/billing-plan/PausedBanner";
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
  used: {
    numbers: 1,
    users: 1,
    admins: 1,
    textsThisMonth: 0,
    recordingHoursThisMonth: 0,
    recordingWarning: null,
    recordingNotice: null,
  },
  subscription: null,
  trial: { endsAt: "2026-12-20T00:00:00.000Z", daysLeft: 25, ended: false },
  gate: "open",
  allowance: { minutesIncluded: 100, minutesLeft: 100, textsIncluded: 100, textsLeft: 100 },
  ...overrides,
});

const subscription = {
  id: "sub_a",
  status: "active",
  nextBillingDate: "2026-12-20",
  cancelAtPeriodEnd: false,
  scheduledPlanName: null,
};

/** What the layout's banner says: paused telephony first, else the trial's last week. */
const bannerOf = (account: AccountPlan) => {
  const paused = pausedNoticeOf(account);
  if (paused) return { text: paused.text, action: paused.action };
  const notice = noticeOf(account);
  return notice ? { text: notice.text, action: notice.link } : null;
};

describe("the console's billing banner", () => {
  it.each([
    ["a trial with weeks left", plan({}), null, null],
    [
      "a trial's last week",
      plan({ trial: { endsAt: null, daysLeft: 7, ended: false } }),
      "Your free trial ends in 7 days.",
      "Choose a plan",
    ],
    [
      "a trial's last day",
      plan({ trial: { endsAt: null, daysLeft: 1, ended: false } }),
      "Your free trial ends within a day.",
      "Choose a plan",
    ],
    [
      "a subscribed account",
      plan({ subscription, trial: { endsAt: null, daysLeft: 2, ended: false } }),
      null,
      null,
    ],
    [
      "a trial that ended",
      plan({ gate: "trial_ended", trial: { endsAt: null, daysLeft: 0, ended: true } }),
      "your free trial has ended",
      "Choose a plan",
    ],
    ["the spend cap", plan({ subscription, gate: "spend_cap" }), "monthly spending limit", "Raise spend cap"],
    ["an empty wallet", plan({ subscription, gate: "wallet_empty" }), "prepaid wallet is empty", "Add funds"],
    [
      "a trial's minutes used, wallet empty",
      plan({ gate: "trial_allowance_used" }),
      "trial's included minutes are used",
      "Add funds",
    ],
    ["a suspended account", plan({ subscription, gate: "suspended" }), "suspended", "Contact support"],
  ] as const)("%s", (_label, account, text, action) => {
    const banner = bannerOf(account);
    if (text === null) expect(banner).toBeNull();
    else expect(banner).toMatchObject({ text: expect.stringContaining(text), action });
  });
});
