import { describe, expect, it } from "vitest";
import {
  type CarrierReview,
  needsTenDlc,
  type RegistrationState,
  type RegistrationStep,
  stepRegistration,
} from "../src/texting-registration";

const review = (over: Partial<CarrierReview> = {}): CarrierReview => ({
  profile: "pending-review",
  trustProduct: "pending-review",
  brand: null,
  brandFailure: null,
  campaign: null,
  campaignFailure: null,
  ...over,
});
/** Both bundles the brand names, approved. */
const bundlesApproved = { profile: "twilio-approved", trustProduct: "twilio-approved" } as const;
const state = (over: Partial<RegistrationState> = {}): RegistrationState => ({
  stage: "profile_review",
  hasTrustProduct: true,
  hasBrand: false,
  hasCampaign: false,
  ...over,
});
const step = (stage: RegistrationStep["stage"], command: RegistrationStep["command"] = null) => ({
  stage,
  command,
  failureReason: null,
});

describe("stepRegistration", () => {
  it.each<[string, RegistrationState, CarrierReview, RegistrationStep]>([
    [
      "waits while the profile is reviewed",
      state(),
      review({ profile: "in-review" }),
      step("profile_review"),
    ],
    [
      "submits a trust product for a registration made without one",
      state({ hasTrustProduct: false }),
      review({ profile: "twilio-approved", trustProduct: null }),
      step("profile_review", "submit_trust_product"),
    ],
    [
      "waits for the trust product while only the profile is approved",
      state(),
      review({ profile: "twilio-approved", trustProduct: "in-review" }),
      step("profile_review"),
    ],
    [
      "waits for the profile while only the trust product is approved",
      state(),
      review({ profile: "in-review", trustProduct: "twilio-approved" }),
      step("profile_review"),
    ],
    [
      "registers the brand once the profile and the trust product are approved",
      state(),
      review(bundlesApproved),
      step("brand_review", "register_brand"),
    ],
    [
      "does not register the brand twice",
      state({ stage: "brand_review", hasBrand: true }),
      review({ ...bundlesApproved, brand: "IN_REVIEW" }),
      step("brand_review"),
    ],
    [
      "creates the campaign once the brand is approved",
      state({ stage: "brand_review", hasBrand: true }),
      review({ ...bundlesApproved, brand: "APPROVED" }),
      step("campaign_review", "create_campaign"),
    ],
    [
      "waits while the campaign is reviewed",
      state({ stage: "campaign_review", hasBrand: true, hasCampaign: true }),
      review({ ...bundlesApproved, brand: "APPROVED", campaign: "IN_PROGRESS" }),
      step("campaign_review"),
    ],
    [
      "is approved with the campaign verified",
      state({ stage: "campaign_review", hasBrand: true, hasCampaign: true }),
      review({ ...bundlesApproved, brand: "APPROVED", campaign: "VERIFIED" }),
      step("approved"),
    ],
    [
      "is rejected with the profile",
      state(),
      review({ profile: "twilio-rejected" }),
      { stage: "rejected", command: null, failureReason: "The carrier rejected the business profile." },
    ],
    [
      "is rejected with the trust product, even with the profile approved",
      state(),
      review({ profile: "twilio-approved", trustProduct: "twilio-rejected" }),
      {
        stage: "rejected",
        command: null,
        failureReason: "The carrier rejected the A2P messaging profile.",
      },
    ],
    [
      "is rejected with the brand, its reason given",
      state({ stage: "brand_review", hasBrand: true }),
      review({ ...bundlesApproved, brand: "FAILED", brandFailure: "EIN mismatch" }),
      { stage: "rejected", command: null, failureReason: "The carrier rejected the brand: EIN mismatch" },
    ],
    [
      "is rejected with the campaign",
      state({ stage: "campaign_review", hasBrand: true, hasCampaign: true }),
      review({ ...bundlesApproved, brand: "APPROVED", campaign: "FAILED" }),
      { stage: "rejected", command: null, failureReason: "The carrier rejected the campaign." },
    ],
    [
      "stays approved whatever is read later",
      state({ stage: "approved", hasBrand: true, hasCampaign: true }),
      review({ campaign: "FAILED" }),
      step("approved"),
    ],
  ])("%s", (_name, given, carrier, expected) => {
    expect(stepRegistration(given, carrier)).toEqual(expected);
  });
});

describe("needsTenDlc", () => {
  it.each([
    [{ e164: "+15125550100", numberType: "local" }, true],
    [{ e164: "+18885550100", numberType: "toll-free" }, false],
    [{ e164: "+447700900123", numberType: "local" }, false],
  ])("%o → %s", (number, expected) => {
    expect(needsTenDlc(number)).toBe(expected);
  });
});
