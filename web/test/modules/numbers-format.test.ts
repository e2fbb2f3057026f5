import { describe, expect, it } from "vitest";
import { includedText, monthlyPriceText, routingSummary, usageText } from "../../src/modules/numbers/format";
import { formatPhone } from "../../src/ui/format";

describe("formatPhone", () => {
  it.each([
    ["+14075550123", "(407) 555-0123"],
    ["+18885550142", "(888) 555-0142"],
    ["+442071838750", "+442071838750"],
  ])("%s → %s", (e164, shown) => {
    expect(formatPhone(e164)).toBe(shown);
  });
});

describe("routingSummary", () => {
  it.each([
    [
      {
        configured: false,
        ringStrategy: "simultaneous",
        businessHoursTarget: "voicemail",
        afterHoursTarget: "voicemail",
      },
      "Voicemail (not configured)",
    ],
    [
      {
        configured: true,
        ringStrategy: "round-robin",
        businessHoursTarget: "ivr_menu",
        afterHoursTarget: "voicemail",
      },
      "IVR menu in hours, voicemail after hours · Round-robin",
    ],
  ] as const)("%o → %s", (routing, text) => {
    expect(routingSummary(routing)).toBe(text);
  });
});

describe("usageText", () => {
  it.each([
    [{ plan: "Free Trial", maxNumbers: 1, used: 0 }, "0 of 1 numbers on the Free Trial plan"],
    [{ plan: "Enterprise", maxNumbers: null, used: 7 }, "7 numbers on the Enterprise plan (no limit)"],
  ])("%o → %s", (usage, text) => {
    expect(usageText(usage)).toBe(text);
  });
});

describe("a number's price before buying", () => {
  it.each([
    [0, "$0.00 a month"],
    [115, "$1.15 a month"],
  ])("%i cents a month reads %s", (cents, text) => {
    expect(monthlyPriceText(cents)).toBe(text);
  });

  it.each([
    [{ plan: "Free Trial", includedNumbers: 1, held: 0 }, "included in your Free Trial (1 number, 0 in use)"],
    [{ plan: "Starter", includedNumbers: 2, held: 1 }, "included in your Starter plan (2 numbers, 1 in use)"],
    [{ plan: "Enterprise", includedNumbers: null, held: 7 }, "included in your Enterprise plan"],
  ])("%j reads %s", (price, text) => {
    expect(includedText(price)).toBe(text);
  });
});
