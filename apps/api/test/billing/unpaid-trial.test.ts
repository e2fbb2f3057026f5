import { isUnpaidTrial, type PaymentStanding } from "@poundline/modules/billing/unpaid-trial";
import { describe, expect, it } from "vitest";

describe("isUnpaidTrial: the free trial, neither a paid plan nor a funded wallet", () => {
  it.each<[string, PaymentStanding, boolean]>([
    ["a new trial", { onTrial: true, paidPlan: false, walletFunded: false }, true],
    ["a trial that subscribed", { onTrial: true, paidPlan: true, walletFunded: false }, false],
    ["a trial that topped up its wallet", { onTrial: true, paidPlan: false, walletFunded: true }, false],
    ["a trial that did both", { onTrial: true, paidPlan: true, walletFunded: true }, false],
    ["an account that never had a trial", { onTrial: false, paidPlan: false, walletFunded: false }, false],
    ["a subscriber that never had a trial", { onTrial: false, paidPlan: true, walletFunded: false }, false],
    [
      "a prepaid account that never had a trial",
      { onTrial: false, paidPlan: false, walletFunded: true },
      false,
    ],
  ])("%s", (_case, standing, unpaid) => {
    expect(isUnpaidTrial(standing)).toBe(unpaid);
  });
});
