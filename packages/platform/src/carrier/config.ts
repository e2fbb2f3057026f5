import { randomBytes } from "node:crypto";
import {
  hasCarrierAccount,
  type TranscriberKind,
  type TranscriberSettings,
  transcriberOf,
} from "../transcription";

/** The carrier simulator's own account (used when no carrier account is configured); not a secret. */
export const SIM_ACCOUNT_SID = "ACc0ffee00000000000000000000000000";

export interface CarrierConfig {
  mode: "twilio" | "simulator";
  accountSid: string;
  authToken: string;
  /** Our public base URL: what the carrier signs webhook URLs with, and where action URLs point. */
  webhookBaseUrl: string;
  /** Who transcribes voicemail (TRANSCRIBER, or its default). */
  transcriber: TranscriberKind;
  /** The carrier does (transcriber "carrier"): our TwiML asks it to. */
  carrierTranscription: boolean;
  /** Another base URL for the carrier's REST API (TWILIO_API_URL); none: the carrier's own. */
  apiBaseUrl?: string;
}

/** The settings the carrier's configuration is read from (the API's and the workers' config have them). */
export interface CarrierSettings extends TranscriberSettings {
  TWILIO_ACCOUNT_SID?: string | undefined;
  TWILIO_AUTH_TOKEN?: string | undefined;
  PUBLIC_BASE_URL: string;
  /** Unset: the default (the simulator transcribes, a carrier account does not). */
  CARRIER_TRANSCRIPTION?: boolean | undefined;
  TWILIO_API_URL?: string | undefined;
}

/**
 * The carrier account, or the simulator's. The simulator's auth token (what webhooks are signed
 * with) is drawn at random each time, so it is only known inside this process: a known token
 * would let anyone who reaches the service forge the carrier's webhooks.
 */
export function carrierConfig(config: CarrierSettings): CarrierConfig {
  const real = hasCarrierAccount(config);
  const transcriber = transcriberOf(config);
  return {
    mode: real ? "twilio" : "simulator",
    accountSid: (real && config.TWILIO_ACCOUNT_SID) || SIM_ACCOUNT_SID,
    authToken: (real && config.TWILIO_AUTH_TOKEN) || randomBytes(32).toString("hex"),
    webhookBaseUrl: config.PUBLIC_BASE_URL.replace(/\/$/, ""),
    transcriber,
    carrierTranscription: transcriber === "carrier",
    ...(real && config.TWILIO_API_URL ? { apiBaseUrl: config.TWILIO_API_URL.replace(/\/+$/, "") } : {}),
  };
}
