import type { walletEndpoints } from "@poundline/contracts/billing/endpoints";
import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof walletEndpoints;

export type WalletResponse = SuccessOf<Endpoints["wallet"]>;
export type Wallet = WalletResponse["wallet"];
export type TransactionPage = SuccessOf<Endpoints["transactions"]>;
export type Transaction = TransactionPage["transactions"][number];
export type Subscription = SuccessOf<Endpoints["subscriptions"]>["subscriptions"][number];
export type Invoice = SuccessOf<Endpoints["invoices"]>["invoices"][number];
export type PaymentMethodList = SuccessOf<Endpoints["paymentMethods"]>;
export type PaymentMethod = PaymentMethodList["paymentMethods"][number];
export type CheckoutBody = CallInput<Endpoints["checkout"]>["body"];
export type CheckoutReturn = SuccessOf<Endpoints["checkoutReturn"]>;

/** The Billing & Wallet endpoints (packages/contracts/src/billing/endpoints.ts). */
export const billingApi = (api: ApiClient) => ({
  wallet: (signal?: AbortSignal) => api.call(routes.billing.wallet, { signal }),
  updateWallet: (body: CallInput<Endpoints["updateWallet"]>["body"]) =>
    api.call(routes.billing.updateWallet, { body }),
  transactions: (page: number, signal?: AbortSignal) =>
    api.call(routes.billing.transactions, { query: { page }, signal }),
  subscriptions: (signal?: AbortSignal) => api.call(routes.billing.subscriptions, { signal }),
  invoices: (signal?: AbortSignal) => api.call(routes.billing.invoices, { signal }),
  payInvoice: (id: string) => api.call(routes.billing.payInvoice, { params: { id } }),
  checkout: (body: CheckoutBody) => api.call(routes.billing.checkout, { body }),
  /** The account's Checkout session as Stripe has it (the return from Checkout). */
  checkoutReturn: (sessionId: string, signal?: AbortSignal) =>
    api.call(routes.billing.checkoutReturn, { params: { sessionId }, signal }),
  /** Stripe's customer portal for the account's customer. */
  portal: () => api.call(routes.billing.portal),
  paymentMethods: (signal?: AbortSignal) => api.call(routes.billing.paymentMethods, { signal }),
  setDefaultPaymentMethod: (id: string) =>
    api.call(routes.billing.setDefaultPaymentMethod, { params: { id } }),
  removePaymentMethod: (id: string) => api.call(routes.billing.removePaymentMethod, { params: { id } }),
});
