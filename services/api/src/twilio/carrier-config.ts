import { randomBytes } from "node:crypto";
import type { Config } from "../config";

/** The carrier simulator's own account (used when no carrier account is configured); not a secret. */
export const SIM_ACCOUNT_SID = "ACc0ffee00000000000000000000000000";
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

/**
 * The carrier account, or the simulator's. The simulator's auth token (what webhooks are signed
 * with) is drawn at random each time, so it is only known inside this process: a known token
 * would let anyone who reaches the service forge the carrier's webhooks.
 */
export function carrierConfig(config: Config): CarrierConfig {
  const real = Boolean(config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN);
  return {
    mode: real ? "twilio" : "simulator",
    accountSid: (real && config.TWILIO_ACCOUNT_SID) || SIM_ACCOUNT_SID,
    authToken: (real && config.TWILIO_AUTH_TOKEN) || randomBytes(32).toString("hex"),
    webhookBaseUrl: config.PUBLIC_BASE_URL.replace(/\/$/, ""),
    carrierTranscription: config.CARRIER_TRANSCRIPTION,
  };
}

/**
 * What a production start (NODE_ENV=production or a PostgreSQL database) without a carrier
 * account must say loudly: calls and texts then run on the simulator, and reach nobody.
 */
export function simulatorWarning(config: Config, carrier: CarrierConfig): string | null {
  if (carrier.mode !== "simulator") return null;
  if (config.NODE_ENV !== "production" && !config.DATABASE_URL) return null;
  return [
    "NO CARRIER ACCOUNT: calls and texts run on the built-in carrier SIMULATOR and reach nobody.",
    "Set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN to use the carrier.",
  ].join(" ");
}
