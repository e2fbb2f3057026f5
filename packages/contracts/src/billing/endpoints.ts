import { endpoint, errors } from "../endpoint";
import { planEndpoints } from "./plan-endpoints";
import {
  checkoutBodySchema,
  checkoutReturnSchema,
  checkoutSessionParamsSchema,
  invoiceListSchema,
  invoiceParamsSchema,
  paymentMethodListSchema,
  paymentMethodParamsSchema,
  redirectSchema,
  subscriptionListSchema,
  transactionPageSchema,
  transactionsQuerySchema,
  updateWalletBodySchema,
  walletResponseSchema,
} from "./schemas";

/**
 * Billing & Wallet: the account's wallet, subscriptions, invoices, Stripe Checkout and cards.
 * Stripe's signed webhook (POST /stripe/webhook) is no endpoint of ours to call: it has none here.
 */
export const walletEndpoints = {
  wallet: endpoint({
    method: "GET",
    path: "/api/billing/wallet",
    summary: "The account's wallet: balance, auto-recharge and low-balance alert",
    access: "account",
    permission: "billing.view",
    responses: { 200: walletResponseSchema, ...errors(401, 403) },
  }),
  updateWallet: endpoint({
    method: "PATCH",
    path: "/api/billing/wallet",
    summary: "Set the balance below which the account is alerted",
    access: "account",
    permission: "billing.alerts",
    body: updateWalletBodySchema,
    responses: { 200: walletResponseSchema, ...errors(400, 401, 403) },
  }),
  transactions: endpoint({
    method: "GET",
    path: "/api/billing/transactions",
    summary: "The wallet's transactions, a page at a time",
    access: "account",
    permission: "billing.view",
    query: transactionsQuerySchema,
    responses: { 200: transactionPageSchema, ...errors(400, 401, 403) },
  }),
  subscriptions: endpoint({
    method: "GET",
    path: "/api/billing/subscriptions",
    summary: "The account's subscriptions",
    access: "account",
    permission: "billing.view",
    responses: { 200: subscriptionListSchema, ...errors(401, 403) },
  }),
  invoices: endpoint({
    method: "GET",
    path: "/api/billing/invoices",
    summary: "The account's invoices",
    access: "account",
    permission: "billing.view",
    responses: { 200: invoiceListSchema, ...errors(401, 403) },
  }),
  payInvoice: endpoint({
    method: "POST",
    path: "/api/billing/invoices/:id/pay",
    summary: "Pay Now: where to pay an open invoice (Stripe's invoice page or a Checkout)",
    access: "account",
    permission: "billing.pay",
    params: invoiceParamsSchema,
    responses: { 200: redirectSchema, ...errors(400, 401, 403, 404, 409, 503) },
  }),
  checkout: endpoint({
    method: "POST",
    path: "/api/billing/checkout",
    summary: "A Stripe Checkout to top the wallet up or (the owner) to subscribe to a plan",
    access: "account",
    permission: "billing.topup",
    body: checkoutBodySchema,
    responses: { 200: redirectSchema, ...errors(400, 401, 403, 503) },
  }),
  checkoutReturn: endpoint({
    method: "GET",
    path: "/api/billing/checkout/:sessionId",
    summary: "The return from Checkout: whether this account's session is paid, and for what",
    access: "account",
    permission: "billing.view",
    params: checkoutSessionParamsSchema,
    responses: { 200: checkoutReturnSchema, ...errors(400, 401, 403, 404, 503) },
  }),
  portal: endpoint({
    method: "POST",
    path: "/api/billing/portal",
    summary: "Where Stripe's customer portal for the account opens",
    access: "account",
    permission: "billing.plan",
    responses: { 200: redirectSchema, ...errors(400, 401, 403, 404, 503) },
  }),
  paymentMethods: endpoint({
    method: "GET",
    path: "/api/billing/payment-methods",
    summary: "The account's saved cards, as Stripe keeps them",
    access: "account",
    permission: "billing.view",
    responses: { 200: paymentMethodListSchema, ...errors(400, 401, 403) },
  }),
  setDefaultPaymentMethod: endpoint({
    method: "POST",
    path: "/api/billing/payment-methods/:id/default",
    summary: "Make a saved card the one later charges use",
    access: "account",
    permission: "billing.cards",
    params: paymentMethodParamsSchema,
    responses: { 200: paymentMethodListSchema, ...errors(400, 401, 403, 404, 503) },
  }),
  removePaymentMethod: endpoint({
    method: "DELETE",
    path: "/api/billing/payment-methods/:id",
    summary: "Remove a saved card",
    access: "account",
    permission: "billing.cards",
    params: paymentMethodParamsSchema,
    responses: { 200: paymentMethodListSchema, ...errors(400, 401, 403, 404, 503) },
  }),
};

/** The billing context's endpoints: the wallet's and the plan's. */
export const billingEndpoints = { ...walletEndpoints, ...planEndpoints };
