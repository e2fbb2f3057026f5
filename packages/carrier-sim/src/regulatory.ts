/**
 * The carrier's regulatory compliance, simulated (numbers_v2 RegulatoryCompliance): end users,
 * supporting documents, bundles with their item assignments and evaluations. A submitted bundle
 * moves on the sim's clock (pending-review, then in-review, then approved when it is compliant,
 * unless a reviewer, the control endpoint, decided first).
 */

// The carrier's statuses, as its own package types them from the description.
import type { BundleStatus } from "twilio/lib/rest/numbers/v2/regulatoryCompliance/bundle";
import { type EndUserType, type Requirement, SIM_REGULATIONS, type SimRegulation } from "./countries";
import { newSid } from "./sids";

/** Virtual seconds after submission the carrier starts its review, and approves a compliant bundle. */
export const REVIEW_STARTS_AFTER = 60 * 60;
export const AUTO_APPROVE_AFTER = 3 * 24 * 60 * 60;

/** Supporting document types: proof of address, and the identity documents a reviewer accepts. */
export const ADDRESS_DOCUMENT = "address";
export const IDENTITY_DOCUMENTS = [
  "passport",
  "government_issued_document",
  "business_registration",
] as const;

export const END_USER_FIELDS: Record<EndUserType, { machine_name: string; friendly_name: string }[]> = {
  individual: [
    { machine_name: "first_name", friendly_name: "First Name" },
    { machine_name: "last_name", friendly_name: "Last Name" },
  ],
  business: [
    { machine_name: "business_name", friendly_name: "Business Name" },
    { machine_name: "business_registration_number", friendly_name: "Business Registration Number" },
  ],
};

export interface SimEndUser {
  sid: string;
  friendlyName: string;
  type: EndUserType;
  attributes: Record<string, unknown>;
  dateCreated: Date;
  dateUpdated: Date;
}

export interface SimDocument {
  sid: string;
  friendlyName: string;
  type: string;
  attributes: Record<string, unknown>;
  dateCreated: Date;
  dateUpdated: Date;
}

export type { BundleStatus };

export interface SimBundle {
  sid: string;
  friendlyName: string;
  email: string;
  statusCallback: string | null;
  regulationSid: string | null;
  isoCountry: string | null;
  numberType: string | null;
  endUserType: EndUserType | null;
  submittedAt: Date | null;
  /** A reviewer's decision (the control endpoint), which wins over the clock. */
  decision: { status: "twilio-approved" | "twilio-rejected"; at: Date; reason: string | null } | null;
  items: { sid: string; objectSid: string; dateCreated: Date }[];
  dateCreated: Date;
  dateUpdated: Date;
}

export interface EvaluationResult {
  requirement_name: string;
  passed: boolean;
  failure_reason: string | null;
}

/** The bundle's status at `now`: a decision, else what the clock has made of its submission. */
export function bundleStatus(bundle: SimBundle, now: Date, compliant: boolean): BundleStatus {
  if (bundle.decision) return bundle.decision.status;
  if (!bundle.submittedAt) return "draft";
  const waited = (now.getTime() - bundle.submittedAt.getTime()) / 1000;
  if (waited >= AUTO_APPROVE_AFTER) return compliant ? "twilio-approved" : "twilio-rejected";
  return waited >= REVIEW_STARTS_AFTER ? "in-review" : "pending-review";
}

export class RegulatoryStore {
  readonly endUsers = new Map<string, SimEndUser>();
  readonly documents = new Map<string, SimDocument>();
  readonly bundles = new Map<string, SimBundle>();

  regulation(sid: string | null): SimRegulation | undefined {
    return SIM_REGULATIONS.find((r) => r.sid === sid);
  }

  /** The regulation a bundle is for: named, else found by its country, type and end user type. */
  regulationOf(bundle: SimBundle): SimRegulation | undefined {
    return (
      this.regulation(bundle.regulationSid) ??
      SIM_REGULATIONS.find(
        (r) =>
          r.isoCountry === bundle.isoCountry &&
          r.numberType === bundle.numberType &&
          r.endUserType === bundle.endUserType,
      )
    );
  }

  createEndUser(fields: Omit<SimEndUser, "sid" | "dateCreated" | "dateUpdated">, now: Date): SimEndUser {
    const endUser = { sid: newSid("IT"), ...fields, dateCreated: now, dateUpdated: now };
    this.endUsers.set(endUser.sid, endUser);
    return endUser;
  }

  createDocument(fields: Omit<SimDocument, "sid" | "dateCreated" | "dateUpdated">, now: Date): SimDocument {
    const document = { sid: newSid("RD"), ...fields, dateCreated: now, dateUpdated: now };
    this.documents.set(document.sid, document);
    return document;
  }

  createBundle(
    fields: Omit<SimBundle, "sid" | "submittedAt" | "decision" | "items" | "dateCreated" | "dateUpdated">,
    now: Date,
  ): SimBundle {
    const bundle: SimBundle = {
      sid: newSid("BU"),
      ...fields,
      submittedAt: null,
      decision: null,
      items: [],
      dateCreated: now,
      dateUpdated: now,
    };
    this.bundles.set(bundle.sid, bundle);
    return bundle;
  }

  assign(bundle: SimBundle, objectSid: string, now: Date) {
    const item = { sid: newSid("BV"), objectSid, dateCreated: now };
    bundle.items.push(item);
    bundle.dateUpdated = now;
    return item;
  }

  /** Whether each requirement of the bundle's regulation is met by the items assigned to it. */
  evaluate(bundle: SimBundle, addressExists: (sid: string) => boolean): EvaluationResult[] {
    const regulation = this.regulationOf(bundle);
    if (!regulation)
      return [{ requirement_name: "regulation", passed: false, failure_reason: "No regulation matches" }];
    const endUsers = bundle.items.flatMap(({ objectSid }) => this.endUsers.get(objectSid) ?? []);
    const documents = bundle.items.flatMap(({ objectSid }) => this.documents.get(objectSid) ?? []);
    const endUser = endUsers.find((u) => u.type === regulation.endUserType);
    const results: EvaluationResult[] = [
      result(
        `${regulation.endUserType}_info`,
        endUser !== undefined,
        "An end user of the right type is required",
      ),
    ];
    return results.concat(documentResults(regulation.requirement, documents, addressExists));
  }

  compliant(bundle: SimBundle, addressExists: (sid: string) => boolean): boolean {
    return this.evaluate(bundle, addressExists).every((r) => r.passed);
  }

  clear(): void {
    this.endUsers.clear();
    this.documents.clear();
    this.bundles.clear();
  }
}

const result = (name: string, valid: boolean, reason: string): EvaluationResult => ({
  requirement_name: name,
  passed: valid,
  failure_reason: valid ? null : reason,
});

function documentResults(
  requirement: Requirement,
  documents: SimDocument[],
  addressExists: (sid: string) => boolean,
): EvaluationResult[] {
  const results: EvaluationResult[] = [];
  if (requirement.address) {
    const proof = documents.some((d) => {
      const sids = d.attributes.address_sids;
      const list = Array.isArray(sids) ? sids : typeof sids === "string" ? [sids] : [];
      return d.type === ADDRESS_DOCUMENT && list.length > 0 && list.every((s) => addressExists(String(s)));
    });
    results.push(result("proof_of_address", proof, "An address in the country is required"));
  }
  if (requirement.identity) {
    const identity = documents.some((d) => (IDENTITY_DOCUMENTS as readonly string[]).includes(d.type));
    results.push(result("proof_of_identity", identity, "An identity document is required"));
  }
  return results;
}
