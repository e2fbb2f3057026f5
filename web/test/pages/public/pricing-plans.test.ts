import { describe, expect, it } from "vitest";
import {
  annualTotal,
  DEFAULT_BILLING_PERIOD,
  formatPrice,
  monthlyRate,
  plans,
} from "../../../src/pages/public/pricing-plans";

const plan = (name: string) => {
  const found = plans.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no plan ${name}`);
  return found;
};

describe("pricing", () => {
  it("starts on annual billing (seed 000)", () => {
    expect(DEFAULT_BILLING_PERIOD).toBe("annual");
  });

  it.each([
    ["Free Trial", "$0", "$0", "0.00"],
    ["Starter", "$24.99", "$19.99", "239.88"],
    ["Professional", "$59.99", "$49.99", "599.88"],
    ["Enterprise", "$129.99", "$99.99", "1199.88"],
  ])("%s: %s monthly, %s a month billed annually, %s a year", (name, monthly, annual, total) => {
    expect(formatPrice(monthlyRate(plan(name), "monthly"))).toBe(monthly);
    expect(formatPrice(monthlyRate(plan(name), "annual"))).toBe(annual);
    expect(annualTotal(plan(name))).toBe(total);
  });

  it.each([
    [0, "$0"],
    [5, "$5.00"],
    [19.9, "$19.90"],
  ])("formats %s as %s", (amount, text) => {
    expect(formatPrice(amount)).toBe(text);
  });

  it("marks exactly one plan as the most popular, and one as the trial", () => {
    expect(plans.filter((candidate) => candidate.popular).map((candidate) => candidate.name)).toEqual([
      "Professional",
    ]);
    expect(plans.filter((candidate) => candidate.isTrial).map((candidate) => candidate.name)).toEqual([
      "Free Trial",
    ]);
  });
});
