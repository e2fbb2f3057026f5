import type { PhoneNumber } from "../../api/numbers";
import { formatPhone } from "../../lib/format";

/** `(407) 555-0150` for NANP numbers: the console's one phone format (lib/format.ts). */
export const formatNumber = formatPhone;

const TARGETS: Record<PhoneNumber["routing"]["businessHoursTarget"], string> = {
  ivr_menu: "IVR menu",
  extension: "Extension",
  ring_group: "Ring group",
  voicemail: "Voicemail",
  forward: "Forward",
  hangup: "Hang up",
};

const STRATEGIES: Record<PhoneNumber["routing"]["ringStrategy"], string> = {
  simultaneous: "Simultaneous",
  sequential: "Sequential",
  "round-robin": "Round-robin",
};

/** One line on where the number's calls go. */
export function routingSummary(routing: PhoneNumber["routing"]): string {
  if (!routing.configured) return "Voicemail (not configured)";
  return `${TARGETS[routing.businessHoursTarget]} in hours, ${TARGETS[routing.afterHoursTarget].toLowerCase()} after hours · ${STRATEGIES[routing.ringStrategy]}`;
}

/** The plan's allowance in words. */
export function usageText(usage: { plan: string; maxNumbers: number | null; used: number }): string {
  return usage.maxNumbers === null
    ? `${usage.used} numbers on the ${usage.plan} plan (no limit)`
    : `${usage.used} of ${usage.maxNumbers} numbers on the ${usage.plan} plan`;
}
