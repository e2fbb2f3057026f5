import { formatMoney } from "../../ui/format";
/** The pricing page's content (seed 000, section 9). Display only: checkout happens after sign-up. */

export type BillingPeriod = "monthly" | "annual";

/** Seed 000: the billing toggle starts on annual. */
export const DEFAULT_BILLING_PERIOD: BillingPeriod = "annual";

export const TRIAL_LENGTH = "1 month";

export interface Plan {
  name: string;
  description: string;
  /** US dollars per month, billed monthly. */
  monthlyPrice: number;
  /** US dollars per month, billed annually. */
  annualPrice: number;
  isTrial: boolean;
  popular: boolean;
  features: string[];
  notIncluded: string[];
}

export const plans: Plan[] = [
  {
    name: "Free Trial",
    description: "Try Poundline with your team for a month, free.",
    monthlyPrice: 0,
    annualPrice: 0,
    isTrial: true,
    popular: false,
    features: [
      "1 month free, no credit card required",
      "1 local number",
      "1 admin",
      "2 users",
      "Smart call routing",
      "Voicemail to email",
      "Mobile app",
    ],
    notIncluded: ["Toll-free numbers", "Call recording"],
  },
  {
    name: "Starter",
    description: "For small businesses getting their first professional phone line.",
    monthlyPrice: 24.99,
    annualPrice: 19.99,
    isTrial: false,
    popular: false,
    features: [
      "Up to 2 numbers",
      "Up to 5 users",
      "1000 SMS/mo",
      "Smart call routing",
      "IVR menus",
      "Voicemail to email transcription",
      "Built-in CRM",
    ],
    notIncluded: ["Call recording"],
  },
  {
    name: "Professional",
    description: "For growing teams that route, record and measure every call.",
    monthlyPrice: 59.99,
    annualPrice: 49.99,
    isTrial: false,
    popular: true,
    features: [
      "Up to 5 local/toll-free numbers",
      "Up to 15 users",
      "2500 SMS/mo",
      "100 hours of call recording",
      "Multi-level IVR menus",
      "Geo-location routing",
      "Call queues and analytics",
      "CRM with lead tracking",
    ],
    notIncluded: [],
  },
  {
    name: "Enterprise",
    description: "For multi-location organisations with custom needs.",
    monthlyPrice: 129.99,
    annualPrice: 99.99,
    isTrial: false,
    popular: false,
    features: [
      "Custom lines",
      "Unlimited users (fair use)",
      "Custom SMS volume",
      "Unlimited recording",
      "REST API and webhooks to connect your CRM or helpdesk",
      "Geo-location routing",
      "Custom configurations",
      "Priority support",
    ],
    notIncluded: [],
  },
];

/** The per-month price of a plan in the chosen billing period. */
export function monthlyRate(plan: Plan, period: BillingPeriod): number {
  return period === "annual" ? plan.annualPrice : plan.monthlyPrice;
}

/** "$0" for free, else dollars and cents: "$19.99". */
export function formatPrice(amount: number): string {
  return amount === 0 ? "$0" : formatMoney(Math.round(amount * 100));
}

/** What a year costs when billed annually: the annual per-month price × 12, to 2 decimals. */
export function annualTotal(plan: Plan): string {
  return (plan.annualPrice * 12).toFixed(2);
}

/** Seed 000: "Save up to 20%". */
export const ANNUAL_SAVING_LABEL = "(Save up to 20%)";

export interface LicenceTier {
  name: string;
  price: string;
  description: string;
  features: string[];
  cta: string;
}

/**
 * Pound-code licences (vanity dial codes such as #4LAW with territory rights).
 * Every tier is sold by the sales team, so each one leads to the contact page.
 */
export const licenceTiers: LicenceTier[] = [
  {
    name: "Starter Licence",
    price: "Custom",
    description: "Exclusive rights to a pound code in one city or metro area.",
    features: [
      "1 pound code in a single territory",
      "Calls routed to your business line",
      "Call analytics for your code",
      "Onboarding with a licensing specialist",
    ],
    cta: "Contact Sales",
  },
  {
    name: "Growth Licence",
    price: "Custom",
    description: "Expand a pound code across several cities or an entire state.",
    features: [
      "Multi-city or statewide territory",
      "Geo-location routing by caller area code",
      "Call history and analytics for every call to your code",
      "Dedicated account manager",
    ],
    cta: "Contact Sales",
  },
  {
    name: "Enterprise Licence",
    price: "Custom",
    description: "National or multi-code programmes for brands and franchise networks.",
    features: [
      "Multiple codes and national territories",
      "Territories shared among franchisees or partners, each licensed",
      "REST API, webhooks and CSV exports for your own reporting",
      "Priority support and service reviews",
    ],
    cta: "Contact Sales",
  },
];

export const pricingFaq: { question: string; answer: string }[] = [
  {
    question: "Do I need a credit card to start the free trial?",
    answer:
      "No. The free trial lasts 1 month and needs no credit card. It includes 1 local number, 1 admin and 2 users.",
  },
  {
    question: "What happens when my free trial ends?",
    answer:
      "Your account stays accessible, but calls, texts and active features may be disabled or limited until you subscribe to a plan.",
  },
  {
    question: "Can I keep my current phone number?",
    answer:
      "Yes. Port your existing numbers from the Phone Numbers screen. Number porting typically takes 7-10 business days, and your current service keeps working until the transfer completes.",
  },
  {
    question: "Is there a setup fee?",
    answer: "No. There is no setup fee on any plan: you pay for your subscription and your usage.",
  },
  {
    question: "Why do you need a physical address?",
    answer:
      "E911 requires a valid physical address for each number, registered with our carrier for emergency services.",
  },
  {
    question: "Can I change my plan later?",
    answer:
      "Yes. Upgrades take effect immediately. Downgrades take effect at the start of your next billing cycle.",
  },
  {
    question: "How do I cancel?",
    answer:
      "You can cancel at any time from your account. Cancellation takes effect at the end of your current billing period, and you keep full access until then.",
  },
  {
    question: "How much do I save with annual billing?",
    answer:
      "Paying annually saves up to 20% compared with paying month to month. The annual total is billed once a year.",
  },
];
