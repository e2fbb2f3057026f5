import type { CarrierSim } from "@poundline/carrier-sim";
import type { Config } from "@poundline/platform/api-config";
import type { CarrierConfig } from "../carrier/carrier-config";

/**
 * The simulator's own number for verification codes, when no carrier account is configured: the
 * carrier's "magic" test number, outside the numbers the simulator sells, so no account holds it.
 */
export const SIM_VERIFICATION_CALLER_ID = "+15005550006";

/** The number verification codes come from: VERIFICATION_CALLER_ID, else the simulator's; null with a carrier and no setting. */
export function verificationSender(
  config: Pick<Config, "VERIFICATION_CALLER_ID">,
  carrier: Pick<CarrierConfig, "mode">,
): string | null {
  return config.VERIFICATION_CALLER_ID ?? (carrier.mode === "simulator" ? SIM_VERIFICATION_CALLER_ID : null);
}

/**
 * The simulator holds the verification number as one of the carrier account's numbers (it sends
 * only from numbers the account holds, as the carrier does). Nothing answers calls or texts to it.
 */
export function adoptVerificationSender(sim: CarrierSim, e164: string): void {
  if (sim.inventory.byNumber(e164)) return;
  sim.inventory.adopt(
    {
      sid: "PN0000000000000000000000000000000f",
      phoneNumber: e164,
      kind: "local",
      friendlyName: "Poundline verification codes",
      voiceUrl: "",
      voiceMethod: "POST",
      statusCallback: "",
      statusCallbackMethod: "POST",
      smsUrl: "",
      smsMethod: "POST",
      emergencyAddressSid: null,
      emergencyStatus: "Inactive",
    },
    sim.now(),
  );
}
