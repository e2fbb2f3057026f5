import { describe, expect, it } from "vitest";
import { decideCredit, decideDebit, decideReversal, describeCharge, formatUsd } from "../src/ledger";

describe("decideDebit", () => {
  // balance, amount, threshold, notified → charged, shortfall, after, crossed
  it.each([
    ["covered, stays above the threshold", 1000, 100, 500, false, 100, 0, 900, false],
    ["lands exactly on the threshold (not low)", 600, 100, 500, false, 100, 0, 500, false],
    ["crosses below the threshold", 600, 101, 500, false, 101, 0, 499, true],
    ["already low and warned", 400, 100, 500, true, 100, 0, 300, false],
    ["already low, not yet warned (fresh wallet)", 400, 100, 500, false, 100, 0, 300, true],
    ["exactly the balance", 250, 250, 500, true, 250, 0, 0, false],
    ["more than the balance: charged in full, the rest owed", 30, 100, 500, true, 100, 70, -70, false],
    ["more than the balance, crossing", 600, 1000, 500, false, 1000, 400, -400, true],
    ["empty wallet: charged in full, all owed", 0, 40, 500, true, 40, 40, -40, false],
    ["overdrawn already: owed grows", -40, 10, 500, true, 10, 10, -50, false],
    ["amount 0 changes nothing", 100, 0, 500, false, 0, 0, 100, false],
    ["threshold 0 never warns", 10, 10, 0, false, 10, 0, 0, false],
    ["a wallet that owes Stripe: charged in full, owes more", -300, 40, 500, true, 40, 40, -340, false],
  ] as const)(
    "%s",
    (_n, balanceCents, amountCents, lowBalanceThresholdCents, lowBalanceNotified, charged, shortfall, balanceAfter, crossedLowBalance) => {
      const decision = decideDebit({
        balanceCents,
        amountCents,
        lowBalanceThresholdCents,
        lowBalanceNotified,
      });
      expect(decision).toEqual({ charged, shortfall, balanceAfter, crossedLowBalance });
      // Nothing is ever dropped: the whole amount leaves the balance.
      expect(decision.charged).toBe(amountCents);
      expect(balanceCents - decision.balanceAfter).toBe(amountCents);
    },
  );

  it.each([
    ["negative amount", { balanceCents: 10, amountCents: -1 }],
    ["fractional amount", { balanceCents: 10, amountCents: 1.5 }],
    ["fractional balance", { balanceCents: 1.5, amountCents: 1 }],
  ])("refuses a %s", (_n, over) => {
    expect(() => decideDebit({ lowBalanceThresholdCents: 500, lowBalanceNotified: false, ...over })).toThrow(
      RangeError,
    );
  });
});

describe("decideCredit", () => {
  it.each([
    ["lifts above the threshold", 100, 1000, 500, 1100, true],
    ["lifts exactly to the threshold", 100, 400, 500, 500, true],
    ["still low", 100, 399, 500, 499, false],
    ["zero threshold", 0, 1, 0, 1, true],
    ["pays part of a debt: still owes", -500, 300, 500, -200, false],
    ["pays a debt and lifts above the threshold", -500, 1500, 500, 1000, true],
    ["pays what is owed first", -70, 100, 0, 30, true],
    ["does not pay all that is owed", -70, 50, 0, -20, false],
  ] as const)(
    "%s",
    (_n, balanceCents, amountCents, lowBalanceThresholdCents, balanceAfter, clearsLowBalance) => {
      expect(decideCredit({ balanceCents, amountCents, lowBalanceThresholdCents })).toEqual({
        balanceAfter,
        clearsLowBalance,
      });
    },
  );

  it("refuses a negative credit", () => {
    expect(() => decideCredit({ balanceCents: 0, amountCents: -5, lowBalanceThresholdCents: 0 })).toThrow(
      RangeError,
    );
  });
});

describe("decideReversal", () => {
  // balance, amount → after, owed
  it.each([
    ["covered by the balance", 1000, 400, 600, 0],
    ["exactly the balance", 400, 400, 0, 0],
    ["more than the balance: the wallet owes the rest", 100, 400, -300, 300],
    ["a wallet already owing owes more", -300, 200, -500, 500],
  ] as const)("%s", (_n, balanceCents, amountCents, balanceAfter, owedCents) => {
    expect(decideReversal({ balanceCents, amountCents })).toEqual({ balanceAfter, owedCents });
  });

  it("refuses a negative amount", () => {
    expect(() => decideReversal({ balanceCents: 0, amountCents: -1 })).toThrow(RangeError);
  });
});

describe("describeCharge", () => {
  it.each([
    [0, "Outbound call to (407) 555-0100 (2 min)"],
    [70, "Outbound call to (407) 555-0100 (2 min) ($0.70 owed: wallet overdrawn)"],
  ])("shortfall %i", (shortfall, expected) => {
    expect(describeCharge("Outbound call to (407) 555-0100 (2 min)", { shortfall })).toBe(expected);
  });
});

describe("formatUsd", () => {
  it.each([
    [0, "$0.00"],
    [5, "$0.05"],
    [499, "$4.99"],
    [123456, "$1,234.56"],
    [-250, "-$2.50"],
  ])("%i", (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });
});
