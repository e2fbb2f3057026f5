import { describe, expect, it } from "vitest";
import { numberAllowance, numberLimitRefusal } from "../../src/numbers/plan-limits";

describe("number allowance per plan (seed 000)", () => {
  it.each([
    [null, "Free Trial", 1, false],
    ["Free Trial", "Free Trial", 1, false],
    ["Starter", "Starter", 2, true],
    ["Professional", "Professional", 5, true],
    ["Enterprise", "Enterprise", null, true],
    ["Gold", "Free Trial", 1, false],
  ])("%s → %s, %s numbers, toll-free %s", (planName, plan, maxNumbers, tollFree) => {
    expect(numberAllowance(planName)).toEqual({ plan, maxNumbers, tollFree });
  });
});

describe("numberLimitRefusal", () => {
  it.each([
    [null, 0, "local", null],
    [null, 1, "local", /^Your Free Trial plan includes 1 local number and this account has 1\./],
    [null, 0, "toll-free", /toll-free numbers need a paid plan/],
    ["Starter", 1, "toll-free", null],
    ["Starter", 2, "local", /^Your Starter plan includes up to 2 numbers/],
    ["Professional", 4, "local", null],
    ["Professional", 5, "toll-free", /^Your Professional plan includes up to 5 numbers/],
    ["Enterprise", 500, "local", null],
  ] as const)("%s holding %i, one more %s", (plan, held, type, expected) => {
    const refusal = numberLimitRefusal(numberAllowance(plan), held, type);
    if (expected === null) expect(refusal).toBeNull();
    else expect(refusal).toMatch(expected);
  });
});
