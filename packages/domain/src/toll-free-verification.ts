// The attribute lets Node load it natively too (the end-to-end runner imports the schema).
import file from "./data/toll-free-verification.json" with { type: "json" };

/**
 * A toll-free number's verification at the carrier: the choices its form offers and the statuses
 * it moves through, as the carrier's messaging description spells them (generated into
 * data/toll-free-verification.json by scripts/generate-toll-free-verification.ts).
 */

type NonEmpty = readonly [string, ...string[]];

const nonEmpty = (values: readonly string[], name: string): NonEmpty => {
  if (values.length === 0) throw new Error(`the carrier's description lists no ${name}`);
  return values as NonEmpty;
};

export const TOLL_FREE_USE_CASE_CATEGORIES = nonEmpty(file.useCaseCategories, "use case categories");
export const TOLL_FREE_OPT_IN_TYPES = nonEmpty(file.optInTypes, "opt-in types");
export const TOLL_FREE_BUSINESS_TYPES = nonEmpty(file.businessTypes, "business types");
export const TOLL_FREE_REGISTRATION_AUTHORITIES = nonEmpty(
  file.registrationAuthorities,
  "registration authorities",
);
/** PENDING_REVIEW, IN_REVIEW, TWILIO_APPROVED, TWILIO_REJECTED (the carrier's own words, stored as they are). */
export const TOLL_FREE_VERIFICATION_STATUSES = nonEmpty(file.statuses, "statuses");
export type TollFreeVerificationStatus = string;

/** The carrier charges nothing for a toll-free verification (as far as its pricing says): shown before submitting. */
export const TOLL_FREE_VERIFICATION_FEE_CENTS = 0;

const [PENDING, IN_REVIEW, APPROVED, REJECTED] = ["PENDING_REVIEW", "IN_REVIEW", "APPROVED", "REJECTED"].map(
  (word) => TOLL_FREE_VERIFICATION_STATUSES.find((status) => status.endsWith(word)) ?? word,
) as [string, string, string, string];

export const TOLL_FREE_STATUS = {
  pending: PENDING,
  inReview: IN_REVIEW,
  approved: APPROVED,
  rejected: REJECTED,
};

/** A carrier enum value as words: `TWO_FACTOR_AUTHENTICATION` → "Two factor authentication". */
export function enumLabel(value: string): string {
  const words = value
    .replace(/^TWILIO_/, "")
    .replaceAll("_", " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whether the carrier still has to decide (the status moves on its own). */
export const isUnderReview = (status: string): boolean => status === PENDING || status === IN_REVIEW;

/** What a person reads of each status. */
export function tollFreeStatusLabel(status: string): string {
  if (status === PENDING) return "Pending review";
  if (status === IN_REVIEW) return "In review";
  if (status === APPROVED) return "Approved";
  if (status === REJECTED) return "Rejected";
  return enumLabel(status);
}

/**
 * Why a text from a toll-free number is refused before it reaches the carrier, or null when the
 * number is verified; `status` is its verification's (null: none submitted).
 */
export function tollFreeRefusalMessage(e164: string, status: string | null): string | null {
  if (status === APPROVED) return null;
  if (status === null)
    return `${e164} is a toll-free number and is not verified for texting yet. Submit its toll-free verification (Phone Numbers → Toll-free verification); texts can be sent once it is approved.`;
  if (status === REJECTED)
    return `The toll-free verification of ${e164} was rejected. Correct it and resubmit it (Phone Numbers → Toll-free verification); texts can be sent once it is approved.`;
  return `The toll-free verification of ${e164} is ${tollFreeStatusLabel(status).toLowerCase()}. Texts can be sent from it once the carrier approves it.`;
}
