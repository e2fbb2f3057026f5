import { type Config, isProductionStart } from "@poundline/platform/api-config";
import type { CarrierConfig } from "@poundline/platform/carrier/config";

// The carrier settings are shared with the workers process (packages/platform).
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

/**
 * What the log says at start about the embedded simulator's control paths: how to reach them,
 * never the token (a log is read by more people than the machine's operator). Null when there
 * are none: a carrier account, or a production start.
 */
export function simulatorStartNotice(config: Config, carrier: CarrierConfig): string | null {
  if (carrier.mode !== "simulator" || isProductionStart(config)) return null;
  const elsewhere = config.CARRIER_SIM_TOKEN
    ? ", or elsewhere with the CARRIER_SIM_TOKEN this server was started with"
    : "";
  return `Carrier simulator at ${config.PUBLIC_BASE_URL}${SIM_PREFIX}: npm run call / npm run text work from this machine${elsewhere}`;
}
