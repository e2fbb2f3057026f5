import twilio from "twilio";
import { type CarrierClientOptions, CarrierError, carrierRest } from "./client";

/** A number the carrier offers for sale. */
export interface AvailableNumber {
  e164: string;
  /** State or province of a local number; null for toll-free. */
  region: string | null;
  isoCountry: string;
  capabilities: { voice: boolean; sms: boolean; mms: boolean };
}

export type NumberSearch = { isoCountry?: string | undefined } & (
  | { type: "local"; areaCode?: string | undefined; region?: string | undefined; limit: number }
  | { type: "mobile" | "toll-free"; limit: number }
);

export interface BuyNumberInput {
  e164: string;
  friendlyName: string;
  /** Where the carrier fetches the TwiML of an incoming call (…/twilio/voice/incoming). */
  voiceUrl: string;
  /** Where the carrier posts call progress (…/twilio/voice/status). */
  statusCallback: string;
  /** Where the carrier posts incoming texts (…/twilio/sms). */
  smsUrl: string;
  /** Abroad: the approved regulatory bundle and the address in the country it was bought with. */
  bundleSid?: string | undefined;
  addressSid?: string | undefined;
}

export interface BoughtNumber {
  sid: string;
  e164: string;
  capabilities: { voice: boolean; sms: boolean };
}

export interface EmergencyAddressInput {
  customerName: string;
  street: string;
  streetSecondary?: string | null | undefined;
  city: string;
  region: string;
  postalCode: string;
  isoCountry: string;
}

/** Buying, configuring and releasing numbers, and their emergency addresses, at the carrier. */
export interface NumberCarrier {
  searchAvailable(search: NumberSearch): Promise<AvailableNumber[]>;
  buy(input: BuyNumberInput): Promise<BoughtNumber>;
  update(sid: string, update: { friendlyName?: string; emergencyAddressSid?: string | null }): Promise<void>;
  /** Releases the number; one the carrier no longer has counts as released. */
  release(sid: string): Promise<void>;
  /** Registers an address for emergency calls (validated by the carrier); its sid. */
  createEmergencyAddress(input: EmergencyAddressInput): Promise<{ sid: string }>;
  /** Removes an address; one the carrier no longer has counts as removed. */
  deleteAddress(sid: string): Promise<void>;
}

function carrierError(err: unknown): unknown {
  if (err instanceof twilio.RestException) return new CarrierError(err.message, err.status, err.code ?? null);
  return err;
}

async function carrierCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw carrierError(err);
  }
}

/** The carrier spells capabilities `sms`/`mms` on numbers it holds and `SMS`/`MMS` on numbers for sale. */
function capabilitiesOf(raw: unknown): AvailableNumber["capabilities"] {
  const flags = (raw ?? {}) as Record<string, unknown>;
  const flag = (name: string) => flags[name] === true || flags[name.toUpperCase()] === true;
  return { voice: flag("voice"), sms: flag("sms"), mms: flag("mms") };
}

const gone = (err: unknown) => err instanceof twilio.RestException && err.status === 404;

/** The number port over the official twilio package (the simulator's RequestClient in simulator mode). */
export function createNumberCarrier(options: CarrierClientOptions): NumberCarrier {
  const rest = carrierRest(options);

  return {
    searchAvailable: (search) =>
      carrierCall(async () => {
        const country = rest.availablePhoneNumbers(search.isoCountry ?? "US");
        const found =
          search.type === "local"
            ? await country.local.list({
                limit: search.limit,
                ...(search.areaCode ? { areaCode: Number(search.areaCode) } : {}),
                ...(search.region ? { inRegion: search.region } : {}),
              })
            : search.type === "mobile"
              ? await country.mobile.list({ limit: search.limit })
              : await country.tollFree.list({ limit: search.limit });
        return found.map((n) => ({
          e164: n.phoneNumber,
          region: n.region ?? null,
          isoCountry: n.isoCountry,
          capabilities: capabilitiesOf(n.capabilities),
        }));
      }),
    buy: (input) =>
      carrierCall(async () => {
        const number = await rest.incomingPhoneNumbers.create({
          phoneNumber: input.e164,
          friendlyName: input.friendlyName,
          voiceUrl: input.voiceUrl,
          voiceMethod: "POST",
          statusCallback: input.statusCallback,
          statusCallbackMethod: "POST",
          smsUrl: input.smsUrl,
          smsMethod: "POST",
          ...(input.bundleSid ? { bundleSid: input.bundleSid } : {}),
          ...(input.addressSid ? { addressSid: input.addressSid } : {}),
        });
        return {
          sid: number.sid,
          e164: number.phoneNumber,
          capabilities: capabilitiesOf(number.capabilities),
        };
      }),
    update: (sid, update) =>
      carrierCall(async () => {
        await rest.incomingPhoneNumbers(sid).update({
          ...(update.friendlyName !== undefined ? { friendlyName: update.friendlyName } : {}),
          ...(update.emergencyAddressSid !== undefined
            ? {
                emergencyAddressSid: update.emergencyAddressSid ?? "",
                emergencyStatus: update.emergencyAddressSid ? "Active" : "Inactive",
              }
            : {}),
        });
      }),
    release: (sid) =>
      carrierCall(async () => {
        try {
          await rest.incomingPhoneNumbers(sid).remove();
        } catch (err) {
          if (!gone(err)) throw err;
        }
      }),
    createEmergencyAddress: (input) =>
      carrierCall(async () => {
        const address = await rest.addresses.create({
          customerName: input.customerName,
          street: input.street,
          ...(input.streetSecondary ? { streetSecondary: input.streetSecondary } : {}),
          city: input.city,
          region: input.region,
          postalCode: input.postalCode,
          isoCountry: input.isoCountry,
          emergencyEnabled: true,
          autoCorrectAddress: false,
        });
        return { sid: address.sid };
      }),
    deleteAddress: (sid) =>
      carrierCall(async () => {
        try {
          await rest.addresses(sid).remove();
        } catch (err) {
          if (!gone(err)) throw err;
        }
      }),
  };
}
