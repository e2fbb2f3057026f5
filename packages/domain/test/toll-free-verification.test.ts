import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  defaultDescriptionPath,
  formatTollFreeVerificationFile,
  generateTollFreeVerification,
  tollFreeVerificationFrom,
} from "../scripts/toll-free-verification-from-oai";
import {
  enumLabel,
  isUnderReview,
  TOLL_FREE_STATUS,
  TOLL_FREE_USE_CASE_CATEGORIES,
  tollFreeRefusalMessage,
  tollFreeStatusLabel,
} from "../src/index";

const descriptionFound = existsSync(defaultDescriptionPath);
if (!descriptionFound) console.warn(`${defaultDescriptionPath} is missing: its check is skipped`);

describe("the carrier's toll-free verification words", () => {
  it.skipIf(!descriptionFound)(
    "are what the generator reads today (npm run generate:toll-free-verification -w packages/domain)",
    () => {
      const path = new URL("../src/data/toll-free-verification.json", import.meta.url);
      // Compared as data: the formatter (biome) lays the committed file out in its own way.
      const generated = formatTollFreeVerificationFile(generateTollFreeVerification());
      expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(JSON.parse(generated));
    },
  );

  it("refuses a description without the verification's body", () => {
    expect(() => tollFreeVerificationFrom('{"paths":{},"components":{"schemas":{}}}', "x")).toThrow();
  });

  it("names the four statuses and the categories", () => {
    expect(Object.values(TOLL_FREE_STATUS)).toEqual([
      "PENDING_REVIEW",
      "IN_REVIEW",
      "TWILIO_APPROVED",
      "TWILIO_REJECTED",
    ]);
    expect(TOLL_FREE_USE_CASE_CATEGORIES).toContain("CUSTOMER_CARE");
  });
});

describe("statuses in words", () => {
  it.each([
    ["PENDING_REVIEW", "Pending review", true],
    ["IN_REVIEW", "In review", true],
    ["TWILIO_APPROVED", "Approved", false],
    ["TWILIO_REJECTED", "Rejected", false],
  ])("%s → %s", (status, label, underReview) => {
    expect(tollFreeStatusLabel(status)).toBe(label);
    expect(isUnderReview(status)).toBe(underReview);
  });

  it.each([
    ["TWO_FACTOR_AUTHENTICATION", "Two factor authentication"],
    ["K12", "K12"],
    ["WEB_FORM", "Web form"],
  ])("enumLabel(%s) = %s", (value, label) => {
    expect(enumLabel(value)).toBe(label);
  });
});

describe("tollFreeRefusalMessage", () => {
  it.each([
    [null, /not verified for texting yet\. Submit its toll-free verification/],
    ["PENDING_REVIEW", /is pending review\. Texts can be sent from it once the carrier approves it/],
    ["IN_REVIEW", /is in review/],
    ["TWILIO_REJECTED", /was rejected\. Correct it and resubmit it/],
  ])("status %s refuses: %s", (status, message) => {
    expect(tollFreeRefusalMessage("+18005550100", status)).toMatch(message);
  });

  it("lets an approved number text", () => {
    expect(tollFreeRefusalMessage("+18005550100", "TWILIO_APPROVED")).toBeNull();
  });
});
