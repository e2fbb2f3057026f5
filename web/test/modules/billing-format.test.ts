import { describe, expect, it } from "vitest";
import { statusLabel, transactionTypeLabel } from "../../src/modules/billing/format";
import { formatMoney } from "../../src/ui/format";

describe("formatMoney: cents in US currency format", () => {
  it.each([
    [0, "$0.00"],
    [2500, "$25.00"],
    [123456, "$1,234.56"],
    [-7, "-$0.07"],
    [100_000_000, "$1,000,000.00"],
  ])("%i → %s", (cents, shown) => {
    expect(formatMoney(cents)).toBe(shown);
  });
});

describe("labels: underscores shown as spaces", () => {
  it.each([
    ["top_up", "top up"],
    ["call_charge", "call charge"],
    ["subscription_fee", "subscription fee"],
    ["adjustment", "adjustment"],
  ])("%s → %s", (type, label) => {
    expect(transactionTypeLabel(type)).toBe(label);
  });

  it("statuses too", () => {
    expect(statusLabel("past_due")).toBe("past due");
  });
});
