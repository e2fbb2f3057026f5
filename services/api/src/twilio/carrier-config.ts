import type { CarrierConfig } from "@poundline/platform/carrier/config";
import type { Config } from "../config";

// The carrier settings are shared with the workers process (services/platform).
export { type CarrierConfig, carrierConfig, SIM_ACCOUNT_SID } from "@poundline/platform/carrier/config";

/** Where the embedded carrier simulator is mounted. */
export const SIM_PREFIX = "/carrier-sim";

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
