import type { GateState } from "@poundline/domain";
import { z } from "zod";
import { timestampSchema } from "../common";
import { PLAN_NAMES } from "./plan-limits";

/** What the console says about plans, the trial and the spend guard (the web shows the same words). */
export const planMessages = {
  trialEndedTexts:
    "Your free trial has ended: texts are paused until you subscribe to a plan on the Billing & Wallet page.",
  spendCapTexts:
    "This account has reached its monthly spending limit: texts are paused until next month, or until you raise the limit on the Billing & Wallet page.",
  trialEndedCalls:
    "Your free trial has ended: calls are paused until you subscribe to a plan on the Billing & Wallet page.",
  spendCapCalls:
    "This account has reached its monthly spending limit: calls are paused until next month, or until you raise the limit on the Billing & Wallet page.",
  suspendedTelephony: "This account is suspended: calls and texts are paused. Contact support.",
  threshold: "Enter a threshold from $0 to $1,000.",
  amount: "Enter an amount from $5 to $1,000.",
  cap: "Enter a monthly limit from $1 to $100,000, or leave it empty for none.",
  invoiceNotFound: "Invoice not found",
} as const;

/**
 * The billing gate's states (telephony's GateState), listed here so the web's bundle does not
 * import the telephony package; `satisfies` keeps the two in step.
 */
const GATE_STATES = [
  "open",
  "trial_ended",
  "spend_cap",
  "wallet_empty",
  "trial_allowance_used",
  "suspended",
] as const satisfies readonly GateState[];

/** Auto-recharge amounts follow Add Funds' range (5 to 1,000 dollars). */
export const SPEND_GUARD_LIMITS = {
  thresholdMaxCents: 100_000,
  amountMinCents: 500,
  amountMaxCents: 100_000,
  capMinCents: 100,
  capMaxCents: 10_000_000,
} as const;

const cents = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** PUT /api/billing/spend-guard: the whole settings, in cents. */
export const spendGuardBodySchema = z.object({
  autoRechargeEnabled: z.boolean({ error: "Must be true or false." }),
  autoRechargeThresholdCents: cents(planMessages.threshold, 0, SPEND_GUARD_LIMITS.thresholdMaxCents),
  autoRechargeAmountCents: cents(
    planMessages.amount,
    SPEND_GUARD_LIMITS.amountMinCents,
    SPEND_GUARD_LIMITS.amountMaxCents,
  ),
  monthlySpendCapCents: cents(
    planMessages.cap,
    SPEND_GUARD_LIMITS.capMinCents,
    SPEND_GUARD_LIMITS.capMaxCents,
  ).nullable(),
});
export type SpendGuardBody = z.output<typeof spendGuardBodySchema>;

export const spendGuardSchema = spendGuardBodySchema.extend({
  lastRechargeAt: timestampSchema.nullable(),
  lastRechargeError: z.string().nullable(),
  lastRechargeFailedAt: timestampSchema.nullable(),
  /** Usage reached the cap this month: calls and texts are refused until next month. */
  capReached: z.boolean(),
});
export type SpendGuard = z.output<typeof spendGuardSchema>;

const usageLineSchema = z.object({ count: z.number().int(), cents: z.number().int() });

/** GET /api/billing/usage: month-to-date (UTC month) calls and texts from the ledger. */
export const usageSchema = z.object({
  from: timestampSchema,
  to: timestampSchema,
  calls: usageLineSchema,
  texts: usageLineSchema,
  totalCents: z.number().int(),
  monthlySpendCapCents: z.number().int().nullable(),
});

const limitSchema = z.number().int().nullable();

/** GET /api/billing/plan: the plan, its limits and what the account uses of them, the trial. */
export const accountPlanSchema = z.object({
  plan: z.enum(PLAN_NAMES),
  limits: z.object({
    maxNumbers: limitSchema,
    tollFree: z.boolean(),
    maxUsers: limitSchema,
    maxAdmins: limitSchema,
    textsPerMonth: limitSchema,
    recordingHoursPerMonth: limitSchema,
  }),
  used: z.object({
    numbers: z.number().int(),
    users: z.number().int(),
    admins: z.number().int(),
    textsThisMonth: z.number().int(),
    recordingHoursThisMonth: z.number(),
    /** 80% of the plan's recording hours used, or all of them (calls no longer recorded); null below. */
    recordingWarning: z.enum(["near_limit", "at_limit"]).nullable(),
    /** What the billing page says of it (the owners' and admins' notice's words). */
    recordingNotice: z.string().nullable(),
  }),
  subscription: z
    .object({
      id: z.string(),
      status: z.string(),
      nextBillingDate: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      scheduledPlanName: z.string().nullable(),
    })
    .nullable(),
  trial: z.object({
    endsAt: timestampSchema.nullable(),
    /** Whole days left, rounded up; 0 once ended. Null without a trial. */
    daysLeft: z.number().int().nullable(),
    ended: z.boolean(),
  }),
  /** Why calls and texts are refused now, if they are (the console's paused banner says it). */
  gate: z.enum(GATE_STATES),
  /** The free trial's included minutes and texts, while the trial runs (null otherwise). */
  allowance: z
    .object({
      minutesIncluded: z.number().int(),
      minutesLeft: z.number().int(),
      textsIncluded: z.number().int(),
      textsLeft: z.number().int(),
    })
    .nullable(),
});
export type AccountPlanView = z.output<typeof accountPlanSchema>;

export const invoiceParamsSchema = z.object({
  id: z.string().regex(/^inv_[a-z0-9]{1,64}$/, planMessages.invoiceNotFound),
});
