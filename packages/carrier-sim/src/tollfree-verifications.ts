/**
 * Toll-free verifications, simulated (messaging.twilio.com, messaging_v1): a submission waits in
 * PENDING_REVIEW, is picked up for review (IN_REVIEW) after REVIEW_PICKUP_SECONDS of the sim's
 * clock, and stays there until a person decides through the control endpoint, as the carrier's
 * reviewers do. A rejected one may be edited and resubmitted within EDIT_WINDOW_DAYS.
 */

import { newSid } from "./sids";
import { addSeconds } from "./time";

/** Seconds of the sim's clock before a submission is in review. */
export const REVIEW_PICKUP_SECONDS = 10;
/** How long after a rejection the carrier lets the submission be edited. */
const EDIT_WINDOW_DAYS = 7;

export type TollfreeVerificationStatus =
  | "PENDING_REVIEW"
  | "IN_REVIEW"
  | "TWILIO_APPROVED"
  | "TWILIO_REJECTED";

/** The submission as the request named it (PascalCase fields, already validated). */
export type TollfreeSubmission = Record<string, unknown> & {
  TollfreePhoneNumberSid: string;
};

export interface TollfreeVerification {
  sid: string;
  phoneNumber: string;
  submission: TollfreeSubmission;
  submittedAt: Date;
  dateCreated: Date;
  dateUpdated: Date;
  decision: {
    status: "TWILIO_APPROVED" | "TWILIO_REJECTED";
    reason: string | null;
    errorCode: number | null;
    at: Date;
  } | null;
}

export type ReviewDecision =
  | { decision: "approve" }
  | { decision: "reject"; reason: string; errorCode?: number };

export class TollfreeVerificationRegistry {
  private readonly store = new Map<string, TollfreeVerification>();

  constructor(private readonly now: () => Date) {}

  /** Its status now: decided, else in review once picked up, else pending. */
  statusOf(verification: TollfreeVerification): TollfreeVerificationStatus {
    if (verification.decision) return verification.decision.status;
    const pickedUp = addSeconds(verification.submittedAt, REVIEW_PICKUP_SECONDS);
    return this.now() >= pickedUp ? "IN_REVIEW" : "PENDING_REVIEW";
  }

  /** When a rejected one may no longer be edited; null while it may not be edited at all. */
  editExpiration(verification: TollfreeVerification): Date | null {
    if (verification.decision?.status !== "TWILIO_REJECTED") return null;
    return addSeconds(verification.decision.at, EDIT_WINDOW_DAYS * 86_400);
  }

  editAllowed(verification: TollfreeVerification): boolean {
    const expiration = this.editExpiration(verification);
    return expiration !== null && this.now() < expiration;
  }

  create(submission: TollfreeSubmission, phoneNumber: string): TollfreeVerification {
    const now = this.now();
    const verification: TollfreeVerification = {
      sid: newSid("HH"),
      phoneNumber,
      submission,
      submittedAt: now,
      dateCreated: now,
      dateUpdated: now,
      decision: null,
    };
    this.store.set(verification.sid, verification);
    return verification;
  }

  get(sid: string): TollfreeVerification | undefined {
    return this.store.get(sid);
  }

  list(): TollfreeVerification[] {
    return [...this.store.values()];
  }

  /** The one of a number (a number has at most one). */
  ofNumber(phoneNumberSid: string): TollfreeVerification | undefined {
    return this.list().find((v) => v.submission.TollfreePhoneNumberSid === phoneNumberSid);
  }

  /** Edits a rejected one and sends it back to review. */
  resubmit(verification: TollfreeVerification, changes: Record<string, unknown>): TollfreeVerification {
    const now = this.now();
    Object.assign(verification.submission, changes);
    verification.submittedAt = now;
    verification.dateUpdated = now;
    verification.decision = null;
    return verification;
  }

  /** A reviewer's decision; false when already decided. */
  review(verification: TollfreeVerification, review: ReviewDecision): boolean {
    if (verification.decision) return false;
    const at = this.now();
    verification.decision =
      review.decision === "approve"
        ? { status: "TWILIO_APPROVED", reason: null, errorCode: null, at }
        : { status: "TWILIO_REJECTED", reason: review.reason, errorCode: review.errorCode ?? null, at };
    verification.dateUpdated = at;
    return true;
  }

  delete(sid: string): boolean {
    return this.store.delete(sid);
  }

  clear(): void {
    this.store.clear();
  }
}
