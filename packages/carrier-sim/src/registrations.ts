/**
 * Texting registration at the carrier (trust hub customer profiles and A2P trust products, A2P
 * brands, messaging services and their campaigns), kept per sim. A submitted profile, trust
 * product, brand or campaign is
 * reviewed on the sim's clock: it goes into review after IN_REVIEW_AFTER_S and is approved after
 * its review time, unless the control (`/sim/registrations/:sid`) decided first, as a reviewer
 * at the carrier does.
 */
import { randomBytes } from "node:crypto";
import type { CarrierSim } from "./sim";

/** Seconds from submission to "in review", then to the reviewer's default answer (approval). */
export const IN_REVIEW_AFTER_S = 60;
export const REVIEW_SECONDS = {
  profile: 3600,
  trustProduct: 3600,
  brand: 7200,
  campaign: 3 * 86400,
} as const;

export type Decision = { approved: true } | { approved: false; reason: string };
export type ReviewedKind = keyof typeof REVIEW_SECONDS;

/** A submitted thing under review: its clock starts at `submittedAt`. */
export interface Review {
  kind: ReviewedKind;
  submittedAt: Date | null;
  decision: Decision | null;
}

export type ReviewStage = "draft" | "pending" | "in-review" | "approved" | "rejected";

/** Where a review stands at `now`: a decision wins, else the clock. */
export function reviewStage(review: Review, now: Date): ReviewStage {
  if (review.decision) return review.decision.approved ? "approved" : "rejected";
  if (!review.submittedAt) return "draft";
  const elapsed = (now.getTime() - review.submittedAt.getTime()) / 1000;
  if (elapsed >= REVIEW_SECONDS[review.kind]) return "approved";
  return elapsed >= IN_REVIEW_AFTER_S ? "in-review" : "pending";
}

export interface TrustObject {
  sid: string;
  friendlyName: string;
  type: string;
  attributes: Record<string, unknown>;
  dateCreated: Date;
}

export interface CustomerProfile extends Review {
  sid: string;
  friendlyName: string;
  email: string;
  policySid: string;
  assignments: { sid: string; objectSid: string; dateCreated: Date }[];
  dateCreated: Date;
  dateUpdated: Date;
}

/** An A2P trust product (messaging profile): a bundle like a profile, under its own policy. */
export type TrustProduct = CustomerProfile;

export interface Brand extends Review {
  sid: string;
  customerProfileSid: string;
  a2pProfileSid: string;
  brandType: string;
  mock: boolean;
  dateCreated: Date;
}

export interface MessagingService {
  sid: string;
  friendlyName: string;
  usecase: string;
  /** Phone number sid → when it joined. */
  numbers: Map<string, Date>;
  dateCreated: Date;
}

export interface Campaign extends Review {
  sid: string;
  serviceSid: string;
  brandSid: string;
  fields: Record<string, unknown>;
  dateCreated: Date;
}

export type RegistrationPrefix = "IT" | "RD" | "BU" | "BV" | "EL" | "BN" | "MG" | "QE";

export const registrationSid = (prefix: RegistrationPrefix): string =>
  prefix + randomBytes(16).toString("hex");

/** One sim's registrations. */
export class RegistrationStore {
  readonly endUsers = new Map<string, TrustObject>();
  readonly documents = new Map<string, TrustObject>();
  readonly profiles = new Map<string, CustomerProfile>();
  readonly trustProducts = new Map<string, TrustProduct>();
  readonly brands = new Map<string, Brand>();
  readonly services = new Map<string, MessagingService>();
  readonly campaigns = new Map<string, Campaign>();

  /**
   * The reviewed thing a control decision names: a profile or trust product (both BU), brand
   * (BN) or campaign (QE).
   */
  reviewed(sid: string): Review | undefined {
    return (
      this.profiles.get(sid) ?? this.trustProducts.get(sid) ?? this.brands.get(sid) ?? this.campaigns.get(sid)
    );
  }

  decide(sid: string, decision: Decision): Review | undefined {
    const review = this.reviewed(sid);
    if (review) review.decision = decision;
    return review;
  }
}

const stores = new WeakMap<CarrierSim, RegistrationStore>();

/** The registrations of a sim (made on first use). */
export function registrationsOf(sim: CarrierSim): RegistrationStore {
  let store = stores.get(sim);
  if (!store) {
    store = new RegistrationStore();
    stores.set(sim, store);
  }
  return store;
}

/** The object types a compliant secondary customer profile holds (the carrier's policy). */
export const PROFILE_REQUIREMENTS = [
  { type: "customer_profile_business_information", in: "endUsers" },
  { type: "authorized_representative_1", in: "endUsers" },
  { type: "customer_profile_address", in: "documents" },
] as const;

/** The object types a compliant A2P trust product holds: its messaging profile and the customer profile. */
export const TRUST_PRODUCT_REQUIREMENTS = [
  { type: "us_a2p_messaging_profile_information", in: "endUsers" },
  { type: "customer_profile", in: "profiles" },
] as const;

/** The type of an assigned object: an end user's or document's own, or a customer profile. */
function assignedType(store: RegistrationStore, objectSid: string): string | undefined {
  if (store.profiles.has(objectSid)) return "customer_profile";
  return (store.endUsers.get(objectSid) ?? store.documents.get(objectSid))?.type;
}

function missingFrom(
  store: RegistrationStore,
  bundle: CustomerProfile,
  requirements: ReadonlyArray<{ type: string }>,
): string[] {
  const assigned = bundle.assignments.map((a) => assignedType(store, a.objectSid));
  return requirements.filter((req) => !assigned.includes(req.type)).map((req) => req.type);
}

/** What a profile still lacks to be submitted: the evaluation's results. */
export const missingFromProfile = (store: RegistrationStore, profile: CustomerProfile): string[] =>
  missingFrom(store, profile, PROFILE_REQUIREMENTS);

/** What a trust product still lacks to be submitted. */
export const missingFromTrustProduct = (store: RegistrationStore, product: TrustProduct): string[] =>
  missingFrom(store, product, TRUST_PRODUCT_REQUIREMENTS);
