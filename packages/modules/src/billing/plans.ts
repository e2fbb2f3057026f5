import type { Config } from "@poundline/platform/api-config";
import {
  type BillingInterval,
  billingIntervals,
  type StripePlan,
  stripePlans,
  stripePriceSetting,
} from "@poundline/platform/config";

/** The plans' names as the pricing page and the subscriptions table show them. */
export const planNames: Record<StripePlan, string> = {
  starter: "Starter",
  professional: "Professional",
  enterprise: "Enterprise",
};

/** Seed 000: per-month price in cents, billed monthly or annually ("annual total is the annual price times 12"). */
export const planMonthlyCents: Record<StripePlan, Record<BillingInterval, number>> = {
  starter: { monthly: 2499, annual: 1999 },
  professional: { monthly: 5999, annual: 4999 },
  enterprise: { monthly: 12999, annual: 9999 },
};

/** A price id Stripe could know: seed 000 refuses checkout unless it starts with `price_`. */
export const isPriceId = (value: string | undefined): value is string => Boolean(value?.startsWith("price_"));

/** The configured price id of a plan for the period and site variant, or null when none is valid. */
export function planPriceId(
  config: Config,
  plan: StripePlan,
  interval: BillingInterval,
  nonprofit: boolean,
): string | null {
  const priceId = config[stripePriceSetting(plan, interval, nonprofit)];
  return isPriceId(priceId) ? priceId : null;
}

export interface PricedPlan {
  plan: StripePlan;
  interval: BillingInterval;
  nonprofit: boolean;
}

/** Which plan, period and variant a Stripe price id is configured for (null: none of ours). */
export function planOfPrice(config: Config, priceId: string | null | undefined): PricedPlan | null {
  if (!priceId) return null;
  for (const nonprofit of [false, true])
    for (const plan of stripePlans)
      for (const interval of billingIntervals)
        if (config[stripePriceSetting(plan, interval, nonprofit)] === priceId)
          return { plan, interval, nonprofit };
  return null;
}
