/** The paid plans Stripe sells, and how often they are billed. */
/** The plans sold through Stripe Checkout (seed 000's pricing page), each billed monthly or annually. */
export const stripePlans = ["starter", "professional", "enterprise"] as const;
export type StripePlan = (typeof stripePlans)[number];
export const billingIntervals = ["monthly", "annual"] as const;
export type BillingInterval = (typeof billingIntervals)[number];
