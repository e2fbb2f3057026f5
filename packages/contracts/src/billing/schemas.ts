import { invoiceStatuses, ledgerEntryTypes, subscriptionStatuses } from "@poundline/db/enums";
import { billingIntervals, stripePlans } from "@poundline/domain/plans";
import { z } from "zod";
import { timestampSchema } from "../common";

/** What the Billing & Wallet screen and checkout say (seeds 000 and 001), in one place. */
export const billingMessages = {
  notConfigured: "API Key or a valid Price ID is missing for this plan.",
  emailMissing: "Add an e-mail address to your profile to pay by card.",
  noCustomer: "Nothing to manage yet: subscribe to a plan or add funds first.",
  topUpAmount: "Choose an amount from $5.00 to $1,000.00.",
  threshold: "Enter an amount from $0.00 to $10,000.00.",
  invoiceNotFound: "Invoice not found",
  checkoutNotFound: "Checkout session not found",
  invoiceNotPayable: "This invoice is not awaiting payment.",
  paymentMethodNotFound: "Payment method not found",
  paymentMethodsNotConfigured:
    "Saved cards are managed through Stripe, which is not configured on this server.",
  page: "Must be a whole number from 1.",
  plan: "Choose Starter, Professional or Enterprise.",
  interval: "Choose monthly or annual billing.",
} as const;

/** Wallet transactions per page (seed 001, section 9). */
export const TRANSACTIONS_PAGE_SIZE = 10;

/** Add Funds: 10, 25, 50, 100 dollars, or a custom amount from 5 to 1,000 (in cents). */
export const TOP_UP = { presetsCents: [1000, 2500, 5000, 10000], minCents: 500, maxCents: 100_000 } as const;
export const LOW_BALANCE_THRESHOLD_MAX_CENTS = 1_000_000;

const cents = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const walletSchema = z.object({
  id: z.string(),
  balanceCents: z.number().int(),
  currency: z.string(),
  lowBalanceThresholdCents: z.number().int(),
  /** Below the threshold: "Your balance is low." */
  low: z.boolean(),
});
/** GET /api/billing/wallet: created (zero, USD) on the first visit, then `created` is true once. */
export const walletResponseSchema = z.object({ wallet: walletSchema, created: z.boolean() });
export type WalletResponse = z.output<typeof walletResponseSchema>;

/** PATCH /api/billing/wallet. */
export const updateWalletBodySchema = z.object({
  lowBalanceThresholdCents: cents(0, LOW_BALANCE_THRESHOLD_MAX_CENTS, billingMessages.threshold),
});
export type UpdateWalletBody = z.output<typeof updateWalletBodySchema>;

export const transactionsQuerySchema = z.object({
  page: z.coerce
    .number({ error: billingMessages.page })
    .int(billingMessages.page)
    .min(1, billingMessages.page)
    .max(1_000_000, billingMessages.page)
    .default(1),
});

export const transactionSchema = z.object({
  id: z.string(),
  createdAt: timestampSchema,
  transactionType: z.enum(ledgerEntryTypes),
  description: z.string(),
  /** Signed: credits positive, charges negative. */
  amountCents: z.number().int(),
  balanceAfterCents: z.number().int(),
});
export const transactionPageSchema = z.object({
  transactions: z.array(transactionSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  pageCount: z.number().int(),
});
export type TransactionPage = z.output<typeof transactionPageSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  serviceName: z.string(),
  planName: z.string(),
  status: z.enum(subscriptionStatuses),
  nextBillingDate: z.string().nullable(),
  monthlyFeeCents: z.number().int(),
  currency: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  /** A downgrade waiting for `nextBillingDate` (the plan paid for stays until then). */
  scheduledPlanName: z.string().nullable(),
  createdAt: timestampSchema,
});
export const subscriptionListSchema = z.object({ subscriptions: z.array(subscriptionSchema) });
export type SubscriptionList = z.output<typeof subscriptionListSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  status: z.enum(invoiceStatuses),
  totalAmountCents: z.number().int(),
  currency: z.string(),
  /** Unpaid: the screen shows Pay Now. */
  payable: z.boolean(),
  /** Where its PDF downloads (`GET /api/billing/invoices/:id/pdf`). */
  pdfUrl: z.string().nullable(),
});
export const invoiceListSchema = z.object({ invoices: z.array(invoiceSchema) });
export type InvoiceList = z.output<typeof invoiceListSchema>;

export const invoiceIdSchema = z.string().regex(/^inv_[a-z0-9]{1,64}$/, billingMessages.invoiceNotFound);
export const invoiceParamsSchema = z.object({ id: invoiceIdSchema });

export const paymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
});
/** Without Stripe configured the list is empty and `configured` false: the screen says so. */
export const paymentMethodListSchema = z.object({
  configured: z.boolean(),
  paymentMethods: z.array(paymentMethodSchema),
});
export type PaymentMethodList = z.output<typeof paymentMethodListSchema>;
export const paymentMethodParamsSchema = z.object({
  id: z.string().regex(/^pm_[A-Za-z0-9_]{1,128}$/, billingMessages.paymentMethodNotFound),
});

/** POST /api/billing/checkout: Add Funds (payment mode) or a plan (subscription mode). */
export const checkoutBodySchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("top_up"),
    amountCents: cents(TOP_UP.minCents, TOP_UP.maxCents, billingMessages.topUpAmount),
  }),
  z.object({
    kind: z.literal("plan"),
    plan: z.enum(stripePlans, { error: billingMessages.plan }),
    interval: z.enum(billingIntervals, { error: billingMessages.interval }),
  }),
]);
export type CheckoutBody = z.output<typeof checkoutBodySchema>;

/** Where the browser goes next: Stripe's hosted Checkout, or its hosted invoice page. */
export const redirectSchema = z.object({ url: z.string() });

/** A Checkout session id as Stripe makes them (`cs_test_…`, `cs_live_…`). */
export const checkoutSessionParamsSchema = z.object({
  sessionId: z
    .string()
    .max(255)
    .regex(/^cs_[A-Za-z0-9_]+$/, "Not a Checkout session id."),
});

/**
 * What the return from Checkout may say, from Stripe's own session of this account (never from
 * the return URL's words): whether it was paid, and what for (the plan's name for a plan).
 */
export const checkoutReturnSchema = z.object({
  paid: z.boolean(),
  kind: z.enum(["plan", "top_up", "invoice"]),
  plan: z.string().nullable(),
});
