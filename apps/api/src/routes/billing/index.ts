import { endpointRoutes } from "../../http/contract-route";
import { checkout } from "./checkout";
import { checkoutReturn } from "./checkout-return";
import { invoicePdf } from "./invoice-pdf";
import { invoices } from "./invoices";
import { payInvoice } from "./pay-invoice";
import { paymentMethods } from "./payment-methods";
import { plan } from "./plan";
import { portal } from "./portal";
import { removePaymentMethod } from "./remove-payment-method";
import { saveSpendGuard } from "./save-spend-guard";
import { setDefaultPaymentMethod } from "./set-default-payment-method";
import { spendGuard } from "./spend-guard";
import { subscriptions } from "./subscriptions";
import { transactions } from "./transactions";
import { updateWallet } from "./update-wallet";
import { usage } from "./usage";
import { wallet } from "./wallet";

/**
 * Billing & Wallet (seed 001), mounted under /api: the account's own wallet, subscriptions,
 * invoices and cards. One file per endpoint. Stripe's webhook (webhook-routes.ts) is outside
 * /api and the contracts.
 */
export const billingRoutes = endpointRoutes(
  wallet,
  updateWallet,
  transactions,
  subscriptions,
  invoices,
  payInvoice,
  checkout,
  checkoutReturn,
  portal,
  paymentMethods,
  setDefaultPaymentMethod,
  removePaymentMethod,
);

/** The account's plan and trial, month-to-date usage, the spend guard and invoice PDFs, mounted under /api. */
export const planRoutes = endpointRoutes(plan, usage, spendGuard, saveSpendGuard, invoicePdf);
