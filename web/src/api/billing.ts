import type {
  checkoutBodySchema,
  checkoutReturnSchema,
  invoiceListSchema,
  paymentMethodListSchema,
  redirectSchema,
  subscriptionListSchema,
  transactionPageSchema,
  updateWalletBodySchema,
  walletResponseSchema,
} from "@poundline/api/billing/schemas";
import type { z } from "zod";
import { type ApiClient, withQuery } from "./client";

type Input<Schema extends z.ZodType> = z.input<Schema>;
/** What the API answers, as JSON carries it (dates as ISO strings). */
type Json<Schema extends z.ZodType> = z.input<Schema>;

export type WalletResponse = Json<typeof walletResponseSchema>;
export type Wallet = WalletResponse["wallet"];
export type TransactionPage = Json<typeof transactionPageSchema>;
export type Transaction = TransactionPage["transactions"][number];
export type Subscription = Json<typeof subscriptionListSchema>["subscriptions"][number];
export type Invoice = Json<typeof invoiceListSchema>["invoices"][number];
export type PaymentMethodList = Json<typeof paymentMethodListSchema>;
export type PaymentMethod = PaymentMethodList["paymentMethods"][number];
export type CheckoutBody = Input<typeof checkoutBodySchema>;
type Redirect = Json<typeof redirectSchema>;
export type CheckoutReturn = Json<typeof checkoutReturnSchema>;

const paymentMethodPath = (id: string) => `/api/billing/payment-methods/${encodeURIComponent(id)}`;

/** The Billing & Wallet endpoints (services/api/src/billing). */
export const billingApi = (api: ApiClient) => ({
  wallet: (signal?: AbortSignal) => api.send<WalletResponse>("GET", "/api/billing/wallet", { signal }),
  updateWallet: (body: Input<typeof updateWalletBodySchema>) =>
    api.send<WalletResponse>("PATCH", "/api/billing/wallet", { body }),
  transactions: (page: number, signal?: AbortSignal) =>
    api.send<TransactionPage>("GET", withQuery("/api/billing/transactions", { page }), { signal }),
  subscriptions: (signal?: AbortSignal) =>
    api.send<Json<typeof subscriptionListSchema>>("GET", "/api/billing/subscriptions", { signal }),
  invoices: (signal?: AbortSignal) =>
    api.send<Json<typeof invoiceListSchema>>("GET", "/api/billing/invoices", { signal }),
  payInvoice: (id: string) =>
    api.send<Redirect>("POST", `/api/billing/invoices/${encodeURIComponent(id)}/pay`),
  checkout: (body: CheckoutBody) => api.send<Redirect>("POST", "/api/billing/checkout", { body }),
  /** The account's Checkout session as Stripe has it (the return from Checkout). */
  checkoutReturn: (sessionId: string, signal?: AbortSignal) =>
    api.send<CheckoutReturn>("GET", `/api/billing/checkout/${encodeURIComponent(sessionId)}`, { signal }),
  /** Stripe's customer portal for the account's customer. */
  portal: () => api.send<Redirect>("POST", "/api/billing/portal"),
  paymentMethods: (signal?: AbortSignal) =>
    api.send<PaymentMethodList>("GET", "/api/billing/payment-methods", { signal }),
  setDefaultPaymentMethod: (id: string) =>
    api.send<PaymentMethodList>("POST", `${paymentMethodPath(id)}/default`),
  removePaymentMethod: (id: string) => api.send<PaymentMethodList>("DELETE", paymentMethodPath(id)),
});
