import {
  effectiveSubscription,
  planChange,
  type SubscriptionState,
} from "@poundline/modules/billing/current-plan";
import { describe, expect, it } from "vitest";

const now = new Date("2026-11-25T12:00:00Z");

const row = (overrides: Partial<SubscriptionState> = {}): SubscriptionState => ({
  id: "sub_a",
  planName: "Professional",
  status: "active",
  nextBillingDate: "2026-12-10",
  cancelAtPeriodEnd: false,
  scheduledPlanName: null,
  createdAt: new Date("2026-10-10T00:00:00Z"),
  ...overrides,
});

describe("the plan a subscription row gives now (Stripe statuses, seed 000's rules)", () => {
  it.each([
    ["active", row(), "Professional"],
    ["trialing", row({ status: "trialing" }), "Professional"],
    ["past_due keeps the plan while Stripe retries", row({ status: "past_due" }), "Professional"],
    ["canceled", row({ status: "canceled" }), null],
    ["unpaid", row({ status: "unpaid" }), null],
    ["incomplete", row({ status: "incomplete" }), null],
    ["cancelled at period end, period running", row({ cancelAtPeriodEnd: true }), "Professional"],
    [
      "cancelled at period end, period over",
      row({ cancelAtPeriodEnd: true, nextBillingDate: "2026-11-25" }),
      null,
    ],
    ["downgrade scheduled, period running", row({ scheduledPlanName: "Starter" }), "Professional"],
    [
      "downgrade scheduled, period over",
      row({ scheduledPlanName: "Starter", nextBillingDate: "2026-11-20" }),
      "Starter",
    ],
  ] as const)("%s → %s", (_label, subscription, plan) => {
    expect(effectiveSubscription([subscription], now)?.planName ?? null).toBe(plan);
  });

  it("the newest current row wins over an older one and over ended ones", () => {
    const rows = [
      row({ id: "old", planName: "Starter", createdAt: new Date("2026-01-01T00:00:00Z") }),
      row({ id: "new", planName: "Enterprise", createdAt: new Date("2026-11-01T00:00:00Z") }),
      row({ id: "gone", status: "canceled", createdAt: new Date("2026-11-20T00:00:00Z") }),
    ];
    expect(effectiveSubscription(rows, now)?.subscription.id).toBe("new");
  });

  it("no rows: none (the account is on the trial)", () => {
    expect(effectiveSubscription([], now)).toBeNull();
  });
});

describe("planChange: upgrades at once, downgrades at the next billing cycle", () => {
  it.each([
    ["upgrade", row({ planName: "Starter" }), "Professional", "Professional", null],
    ["downgrade waits for the period end", row(), "Starter", "Professional", "Starter"],
    ["same plan", row(), "Professional", "Professional", null],
    [
      "upgrade cancels a scheduled downgrade",
      row({ scheduledPlanName: "Starter" }),
      "Enterprise",
      "Enterprise",
      null,
    ],
    [
      "back to the paid plan drops the downgrade",
      row({ scheduledPlanName: "Starter" }),
      "Professional",
      "Professional",
      null,
    ],
    [
      "the renewal on the downgraded plan makes it the plan",
      row({ scheduledPlanName: "Starter", nextBillingDate: "2026-11-20" }),
      "Starter",
      "Starter",
      null,
    ],
    ["no billing date to wait for", row({ nextBillingDate: null }), "Starter", "Starter", null],
  ] as const)("%s", (_label, stored, newPlan, planName, scheduledPlanName) => {
    expect(planChange(stored, newPlan, now)).toEqual({ planName, scheduledPlanName });
  });
});
