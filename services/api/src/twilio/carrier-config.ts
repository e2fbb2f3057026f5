import type { Config } from "../config";

/** The carrier simulator's own account (used when no carrier account is configured). */
export const SIM_ACCOUNT_SID = "ACc0ffee00000000000000000000000000";
export const SIM_AUTH_TOKEN = "carrier-sim-auth-token";
/** Where the embedded carrier simulator is mounted. */
export const SIM_PREFIX = "/carrier-sim";

export interface CarrierConfig {
  mode: "twilio" | "simulator";
  accountSid: string;
  authToken: string;
  /** Our public base URL: what the carrier signs webhook URLs with, and where action URLs point. */
  webhookBaseUrl: string;
  carrierTranscription: boolean;
}

export function carrierConfig(config: Config): CarrierConfig {
  const real = Boolean(config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN);
  return {
    mode: real ? "twilio" : "simulator",
    accountSid: config.TWILIO_ACCOUNT_SID ?? SIM_ACCOUNT_SID,
    authToken: config.TWILIO_AUTH_TOKEN ?? SIM_AUTH_TOKEN,
    webhookBaseUrl: config.PUBLIC_BASE_URL.replace(/\/$/, ""),
    carrierTranscription: config.CARRIER_TRANSCRIPTION,
  };
}
