import type { PhoneNumber } from "../../api/numbers";
import { formatMoney } from "../../ui/format";

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

/** A number's monthly price as the server quotes it (numbers/pricing.ts): "$0.00 a month". */
export function monthlyPriceText(monthlyCents: number): string {
  return `${formatMoney(monthlyCents)} a month`;
}

/** What the plan says about one more number: "included in your Starter plan (2 numbers, 1 in use)". */
export function includedText(price: { plan: string; includedNumbers: number | null; held: number }): string {
  const plan = price.plan === "Free Trial" ? "your Free Trial" : `your ${price.plan} plan`;
  if (price.includedNumbers === null) return `included in ${plan}`;
  const numbers = price.includedNumbers === 1 ? "1 number" : `${price.includedNumbers} numbers`;
  return `included in ${plan} (${numbers}, ${price.held} in use)`;
}
