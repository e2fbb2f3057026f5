/**
 * Numbers abroad at the carrier: the countries it sells, what its regulation of a country and
 * number type asks of the buyer (numbers_v2 Regulations), and the regulatory bundle that answers
 * it (end user, address, supporting documents, evaluation, submission) with its review status.
 */
import twilio from "twilio";
import type { BundleStatus } from "twilio/lib/rest/numbers/v2/regulatoryCompliance/bundle";
import { type CarrierClientOptions, CarrierError, carrierRest } from "./client";

export type AbroadNumberType = "local" | "mobile" | "toll-free";
export type EndUserType = "individual" | "business";

export interface CountryOnSale {
  isoCountry: string;
  name: string;
  types: AbroadNumberType[];
}

/** What a regulation asks, as the console shows it. */
export interface Regulation {
  sid: string;
  /** The end user's fields: machine name and the carrier's label. */
  endUserFields: { name: string; label: string }[];
  address: boolean;
  /** The identity documents accepted (one is asked for); empty when none is. */
  identityDocuments: { type: string; label: string }[];
}

export type BundleState = "in_review" | "approved" | "rejected";

/** The carrier's statuses in our three words (typed by the carrier's package, so none is missed). */
export const BUNDLE_STATES: Record<BundleStatus, BundleState> = {
  draft: "in_review",
  "pending-review": "in_review",
  "in-review": "in_review",
  "provisionally-approved": "approved",
  "twilio-approved": "approved",
  "twilio-rejected": "rejected",
};

export interface BundleInput {
  regulationSid: string;
  isoCountry: string;
  numberType: AbroadNumberType;
  endUserType: EndUserType;
  endUser: Record<string, string>;
  friendlyName: string;
  email: string;
  address: { customerName: string; street: string; city: string; postalCode: string } | null;
  /** The identity document's type and our storage key (the carrier keeps only its attributes here). */
  document: { type: string; name: string; key: string } | null;
}

export interface InternationalCarrier {
  countries(): Promise<CountryOnSale[]>;
  /** The regulation of a country, type and end user type; null when none applies (no bundle needed). */
  regulation(
    isoCountry: string,
    numberType: AbroadNumberType,
    endUserType: EndUserType,
  ): Promise<Regulation | null>;
  /** Creates the bundle with its items, checks it and submits it for review. */
  submitBundle(
    input: BundleInput,
  ): Promise<{ bundleSid: string; addressSid: string | null; state: BundleState }>;
  bundleState(bundleSid: string): Promise<BundleState>;
}

const SUBRESOURCE_TYPES: Record<string, AbroadNumberType> = {
  local: "local",
  mobile: "mobile",
  toll_free: "toll-free",
};

interface RawRequirements {
  end_user?: { detailed_fields?: { machine_name: string; friendly_name: string }[] }[];
  supporting_document?: { accepted_documents?: { type: string; name: string }[] }[][];
}

function regulationOf(sid: string, requirements: unknown): Regulation {
  const raw = (requirements ?? {}) as RawRequirements;
  const endUserFields = (raw.end_user?.[0]?.detailed_fields ?? []).map((f) => ({
    name: f.machine_name,
    label: f.friendly_name,
  }));
  const accepted = (raw.supporting_document ?? []).flat().map((group) => group.accepted_documents ?? []);
  const address = accepted.some((documents) => documents.some((d) => d.type === "address"));
  const identity = accepted.find((documents) => !documents.some((d) => d.type === "address")) ?? [];
  return {
    sid,
    endUserFields,
    address,
    identityDocuments: identity.map((d) => ({ type: d.type, label: d.name })),
  };
}

async function carrierCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof twilio.RestException)
      throw new CarrierError(err.message, err.status, err.code ?? null);
    throw err;
  }
}

export function createInternationalCarrier(options: CarrierClientOptions): InternationalCarrier {
  const rest = carrierRest(options);
  const compliance = rest.numbers.v2.regulatoryCompliance;

  /** The supporting documents of a bundle: proof of address, the identity document. */
  async function documentsOf(input: BundleInput, addressSid: string | null) {
    const sids: string[] = [];
    if (addressSid) {
      const proof = await compliance.supportingDocuments.create({
        friendlyName: `${input.friendlyName}: address`,
        type: "address",
        attributes: { address_sids: [addressSid] },
      });
      sids.push(proof.sid);
    }
    if (input.document) {
      const identity = await compliance.supportingDocuments.create({
        friendlyName: `${input.friendlyName}: ${input.document.name}`,
        type: input.document.type,
        attributes: { document_name: input.document.name, storage_key: input.document.key },
      });
      sids.push(identity.sid);
    }
    return sids;
  }

  return {
    countries: () =>
      carrierCall(async () => {
        const countries = await rest.availablePhoneNumbers.list();
        return countries.map((c) => ({
          isoCountry: c.countryCode,
          name: c.country,
          types: Object.keys(c.subresourceUris ?? {}).flatMap((key) => SUBRESOURCE_TYPES[key] ?? []),
        }));
      }),
    regulation: (isoCountry, numberType, endUserType) =>
      carrierCall(async () => {
        const [found] = await compliance.regulations.list({ isoCountry, numberType, endUserType, limit: 1 });
        return found ? regulationOf(found.sid, found.requirements) : null;
      }),
    submitBundle: (input) =>
      carrierCall(async () => {
        const endUser = await compliance.endUsers.create({
          friendlyName: input.friendlyName,
          type: input.endUserType,
          attributes: input.endUser,
        });
        const address = input.address
          ? await rest.addresses.create({
              ...input.address,
              region: input.address.city,
              isoCountry: input.isoCountry,
            })
          : null;
        const documents = await documentsOf(input, address?.sid ?? null);
        const bundle = await compliance.bundles.create({
          friendlyName: input.friendlyName,
          email: input.email,
          regulationSid: input.regulationSid,
        });
        for (const objectSid of [endUser.sid, ...documents])
          await compliance.bundles(bundle.sid).itemAssignments.create({ objectSid });
        const submitted = await compliance.bundles(bundle.sid).update({ status: "pending-review" });
        return {
          bundleSid: bundle.sid,
          addressSid: address?.sid ?? null,
          state: BUNDLE_STATES[submitted.status],
        };
      }),
    bundleState: (bundleSid) =>
      carrierCall(async () => BUNDLE_STATES[(await compliance.bundles(bundleSid).fetch()).status]),
  };
}
