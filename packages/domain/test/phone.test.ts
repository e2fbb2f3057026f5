import { describe, expect, it } from "vitest";
import { E164_MESSAGE, e164Schema, isE164, toE164 } from "../src/phone";

describe("toE164", () => {
  it.each([
    // National (US) formats: ten digits, or eleven with the country code 1.
    ["(312) 555-0100", "+13125550100"],
    ["312-555-0100", "+13125550100"],
    ["312.555.0100", "+13125550100"],
    ["312/555/0100", "+13125550100"],
    ["3125550100", "+13125550100"],
    ["1 (312) 555-0100", "+13125550100"],
    ["1-312-555-0100", "+13125550100"],
    ["  (312) 555-0100  ", "+13125550100"],
    // Fictional 555 exchanges and area codes are possible numbers: kept.
    ["555-123-4567", "+15551234567"],
    ["(555)1234567", "+15551234567"],
    // International formats: a + or the US exit code 011.
    ["+13125550100", "+13125550100"],
    ["+1 555.123.4567", "+15551234567"],
    ["+44 20 7946 0958", "+442079460958"],
    ["+33 1 23 45 67 89", "+33123456789"],
    ["011 44 20 7946 0958", "+442079460958"],
    // Canada shares +1.
    ["(416) 555-0199", "+14165550199"],
    // Full-width digits, as some keyboards type them.
    ["３１２５５５０１００", "+13125550100"],
    // Too short or too long for the country.
    ["555-0100", null],
    ["12345", null],
    ["+1 555 123 45678", null],
    ["+1555123456", null],
    ["+4412345", null],
    // Not a number: letters (vanity numbers), words, a tel: address, nothing.
    ["1-800-FLOWERS", null],
    ["call me", null],
    ["tel:+1-555-123-4567", null],
    ["", null],
    ["   ", null],
    // The UK exit code is not read with the US default.
    ["0044 20 7946 0958", null],
    // Extensions are refused: a text or a call cannot reach one.
    ["555 123 4567 ext 12", null],
    ["555-123-4567 x12", null],
    ["+1 555 123 4567 #12", null],
    ["+15551234567;ext=1", null],
  ])("%j gives %j", (typed, expected) => {
    expect(toE164(typed)).toBe(expected);
  });

  it("reads national numbers of another default country", () => {
    expect(toE164("020 7946 0958", "GB")).toBe("+442079460958");
    expect(toE164("020 7946 0958")).toBeNull();
  });

  it("answers only numbers the E.164 pattern accepts", () => {
    for (const typed of ["(312) 555-0100", "+44 20 7946 0958", "+33 1 23 45 67 89"]) {
      expect(isE164(toE164(typed) ?? "")).toBe(true);
    }
  });
});

describe("isE164 and e164Schema", () => {
  it.each([
    ["+13125550100", true],
    ["+442079460958", true],
    ["+1234567", true],
    ["+123456789012345", true],
    ["+1234567890123456", false],
    ["+123456", false],
    ["+01234567", false],
    ["13125550100", false],
    ["+1 312 555 0100", false],
    ["+1-312-555-0100", false],
    ["+13125550100x", false],
    ["", false],
  ])("%j is E.164: %s", (value, expected) => {
    expect(isE164(value)).toBe(expected);
    expect(e164Schema.safeParse(value).success).toBe(expected);
  });

  it("trims, and names the format when it refuses", () => {
    expect(e164Schema.parse(" +13125550100 ")).toBe("+13125550100");
    expect(e164Schema.safeParse("5551234567").error?.issues.map((i) => i.message)).toEqual([E164_MESSAGE]);
    expect(e164Schema.safeParse(15551234567).error?.issues.map((i) => i.message)).toEqual([E164_MESSAGE]);
  });
});
