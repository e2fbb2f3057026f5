/**
 * Texting registration (A2P 10DLC) as a step function: from where a registration stands and
 * what the carrier says of its parts, the next stage and what to ask of the carrier next. The
 * carrier reviews the business profile and the A2P trust product (the messaging profile), then
 * the brand on both, then the campaign; each waits on the ones before. Pure: no database, no
 * carrier.
 */

/**
 * The carrier's one-time fees, passed on at cost and charged when the registration is
 * submitted. Source: Twilio, "What pricing and fees are associated with the A2P 10DLC service?"
 * (help.twilio.com/articles/1260803965530, 2025): standard brand registration $4.41 (one-time),
 * campaign vetting $15 (one-time, per campaign). The campaign's monthly fee follows.
 */
export const TEXTING_REGISTRATION_FEES = {
  brandCents: 441,
  campaignVettingCents: 1500,
} as const;

export const textingRegistrationFeeCents =
  TEXTING_REGISTRATION_FEES.brandCents + TEXTING_REGISTRATION_FEES.campaignVettingCents;

/**
 * The Campaign Registry's monthly fee of an active campaign, by its use case, passed on at cost
 * and charged each calendar month from the month of approval: low volume mixed $1.50, the
 * standard and mixed use cases $10 (the registry's campaign fee table, 2025).
 */
export const TEXTING_CAMPAIGN_MONTHLY_CENTS = { lowVolume: 150, standard: 1000 } as const;

export const campaignMonthlyCents = (useCase: string): number =>
  useCase === "LOW_VOLUME"
    ? TEXTING_CAMPAIGN_MONTHLY_CENTS.lowVolume
    : TEXTING_CAMPAIGN_MONTHLY_CENTS.standard;

export type RegistrationStage =
  | "profile_review"
  | "brand_review"
  | "campaign_review"
  | "approved"
  | "rejected";

/** What the step needs of a registration. */
export interface RegistrationState {
  stage: RegistrationStage;
  hasTrustProduct: boolean;
  hasBrand: boolean;
  hasCampaign: boolean;
}

/**
 * The carrier's words (customer profile, A2P trust product, brand, campaign status), null where
 * not asked yet.
 */
export interface CarrierReview {
  profile: string | null;
  trustProduct: string | null;
  brand: string | null;
  brandFailure: string | null;
  campaign: string | null;
  campaignFailure: string | null;
}

export type RegistrationCommand = "submit_trust_product" | "register_brand" | "create_campaign";

export interface RegistrationStep {
  stage: RegistrationStage;
  failureReason: string | null;
  command: RegistrationCommand | null;
}

const stay = (stage: RegistrationStage): RegistrationStep => ({ stage, failureReason: null, command: null });
const rejected = (reason: string): RegistrationStep => ({
  stage: "rejected",
  failureReason: reason,
  command: null,
});

/** The refusal of a part, worded for the account, or null while none is refused. */
function refusalOf(review: CarrierReview): string | null {
  if (review.profile === "twilio-rejected") return "The carrier rejected the business profile.";
  if (review.trustProduct === "twilio-rejected") return "The carrier rejected the A2P messaging profile.";
  if (review.brand === "FAILED")
    return `The carrier rejected the brand${review.brandFailure ? `: ${review.brandFailure}` : "."}`;
  if (review.campaign === "FAILED")
    return `The carrier rejected the campaign${review.campaignFailure ? `: ${review.campaignFailure}` : "."}`;
  return null;
}

export function stepRegistration(state: RegistrationState, review: CarrierReview): RegistrationStep {
  if (state.stage === "approved" || state.stage === "rejected") return stay(state.stage);
  const refusal = refusalOf(review);
  if (refusal) return rejected(refusal);
  if (review.campaign === "VERIFIED") return stay("approved");
  // A registration submitted before trust products were made has none: it gets one, not a stall.
  if (state.stage === "profile_review" && !state.hasTrustProduct)
    return { stage: "profile_review", failureReason: null, command: "submit_trust_product" };
  if (review.brand === "APPROVED")
    return state.hasCampaign
      ? stay("campaign_review")
      : { stage: "campaign_review", failureReason: null, command: "create_campaign" };
  // The brand names both bundles, so the carrier must have approved both before it is registered.
  if (review.profile === "twilio-approved" && review.trustProduct === "twilio-approved")
    return state.hasBrand
      ? stay("brand_review")
      : { stage: "brand_review", failureReason: null, command: "register_brand" };
  return stay(state.stage);
}

/** A North American local number: what A2P 10DLC covers (toll-free numbers are verified instead). */
export const needsTenDlc = (number: { e164: string; numberType: string }): boolean =>
  number.numberType === "local" && number.e164.startsWith("+1");
