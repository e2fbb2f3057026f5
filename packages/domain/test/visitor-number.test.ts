import { describe, expect, it } from "vitest";
import { checkVisitorNumber } from "../src/visitor-number";

const BUSINESS = ["+13055550100", "+18005550199"];

describe("checkVisitorNumber", () => {
  it.each([
    ["(305) 555-0123", "+13055550123"],
    ["+1 305 555 0123", "+13055550123"],
    ["1-416-555-0123", "+14165550123"],
    ["604.555.0123", "+16045550123"],
  ])("accepts %s as %s", (typed, e164) => {
    expect(checkVisitorNumber(typed, BUSINESS)).toEqual({ ok: true, e164 });
  });

  it.each([
    ["", "invalid"],
    ["call me", "invalid"],
    ["555-0123", "invalid"],
    ["(305) 555-0123 x12", "invalid"],
    ["+1 305 155 0123", "invalid"],
    ["+1 305 411 0123", "invalid"],
    ["+44 20 7946 0958", "not_us_ca"],
    ["+52 55 1234 5678", "not_us_ca"],
    ["+1 800 555 0123", "not_us_ca"],
    ["+1 876 555 0123", "not_us_ca"],
    ["+1 787 555 0123", "not_us_ca"],
    ["+1 900 555 0123", "premium"],
    ["+1 305 976 0123", "premium"],
    ["+1 305 555 0100", "own_number"],
    ["(305) 555-0100", "own_number"],
  ] as const)("refuses %j: %s", (typed, reason) => {
    const result = checkVisitorNumber(typed, BUSINESS);
    expect(result).toMatchObject({ ok: false, reason });
    if (!result.ok) expect(result.message.length).toBeGreaterThan(0);
  });
});
