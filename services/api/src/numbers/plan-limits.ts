import type { numberTypes } from "@poundline/db/enums";

type NumberType = (typeof numberTypes)[number];

/** What a plan allows of phone numbers (seed 000, section 9). */
export interface NumberAllowance {
  plan: string;
  /** Most numbers the account may hold; null: no limit ("custom lines"). */
  maxNumbers: number | null;
  /** Whether toll-free numbers are included (the trial has one local number only). */
  tollFree: boolean;
}

export const TRIAL_PLAN = "Free Trial";

const ALLOWANCES: Record<string, NumberAllowance> = {
  [TRIAL_PLAN]: { plan: TRIAL_PLAN, maxNumbers: 1, tollFree: false },
  Starter: { plan: "Starter", maxNumbers: 2, tollFree: true },
  Professional: { plan: "Professional", maxNumbers: 5, tollFree: true },
  Enterprise: { plan: "Enterprise", maxNumbers: null, tollFree: true },
};

/** The allowance of a plan by name; no current subscription (or an unknown plan) is the trial's. */
export function numberAllowance(planName: string | null): NumberAllowance {
  return (planName && ALLOWANCES[planName]) || (ALLOWANCES[TRIAL_PLAN] as NumberAllowance);
}

/** Why one more number of this type is refused, or null when the plan has room for it. */
export function numberLimitRefusal(
  allowance: NumberAllowance,
  held: number,
  type: NumberType,
): string | null {
  if (type === "toll-free" && !allowance.tollFree)
    return `Your ${allowance.plan} plan includes 1 local number only: toll-free numbers need a paid plan. Upgrade your plan to add one.`;
  if (allowance.maxNumbers !== null && held >= allowance.maxNumbers) {
    const includes =
      allowance.plan === TRIAL_PLAN
        ? "includes 1 local number"
        : `includes up to ${allowance.maxNumbers} numbers`;
    return `Your ${allowance.plan} plan ${includes} and this account has ${held}. Release a number or upgrade your plan to add another.`;
  }
  return null;
}
