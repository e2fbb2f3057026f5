import type { TollFreeProfile } from "@poundline/db/schema";
import type { TollfreeVerificationListInstanceCreateOptions as CreateOptions } from "twilio/lib/rest/messaging/v1/tollfreeVerification";
import { type CarrierClientOptions, carrierError, carrierRest } from "./client";

/** A toll-free verification as the carrier holds it. */
export interface CarrierTollFreeVerification {
  sid: string;
  /** The carrier's status (PENDING_REVIEW, IN_REVIEW, TWILIO_APPROVED, TWILIO_REJECTED). */
  status: string;
  rejectionReason: string | null;
}

/** Toll-free verification at the carrier (messaging v1), through the official client. */
export interface TollFreeCarrier {
  submit(phoneNumberSid: string, profile: TollFreeProfile): Promise<CarrierTollFreeVerification>;
  /** Edits a rejected verification and sends it back to review. */
  resubmit(sid: string, profile: TollFreeProfile): Promise<CarrierTollFreeVerification>;
  fetch(sid: string): Promise<CarrierTollFreeVerification>;
}

/**
 * The profile as the official client's options: its fields are named as the client names the
 * carrier's (businessName, useCaseCategories…), their values checked against the carrier's enums
 * by the contract; empty optional fields are left out.
 */
const optionsOf = (profile: TollFreeProfile) =>
  Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== "")) as Omit<
    CreateOptions,
    "tollfreePhoneNumberSid"
  >;

const view = (v: { sid: string; status: string; rejectionReason: string | null }) => ({
  sid: v.sid,
  status: v.status,
  rejectionReason: v.rejectionReason ?? null,
});

export function createTollFreeCarrier(options: CarrierClientOptions): TollFreeCarrier {
  const verifications = () => carrierRest(options).messaging.v1.tollfreeVerifications;
  const atCarrier = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (err) {
      throw carrierError(err);
    }
  };
  return {
    submit: (phoneNumberSid, profile) =>
      atCarrier(async () =>
        view(await verifications().create({ ...optionsOf(profile), tollfreePhoneNumberSid: phoneNumberSid })),
      ),
    resubmit: (sid, profile) =>
      atCarrier(async () =>
        view(
          await verifications()(sid).update({ ...optionsOf(profile), editReason: "Corrected after review" }),
        ),
      ),
    fetch: (sid) => atCarrier(async () => view(await verifications()(sid).fetch())),
  };
}
