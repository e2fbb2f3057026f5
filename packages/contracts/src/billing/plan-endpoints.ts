import { endpoint, errors } from "../endpoint";
import {
  accountPlanSchema,
  invoiceParamsSchema,
  spendGuardBodySchema,
  spendGuardSchema,
  usageSchema,
} from "./plan-schemas";

/** The account's plan and trial, month-to-date usage, the spend guard and invoices as PDF. */
export const planEndpoints = {
  plan: endpoint({
    method: "GET",
    path: "/api/billing/plan",
    summary: "The account's plan, its limits and use, its subscription, trial and call gate",
    access: "account",
    responses: { 200: accountPlanSchema, ...errors(401, 403) },
  }),
  usage: endpoint({
    method: "GET",
    path: "/api/billing/usage",
    summary: "This month's usage and spend so far, from the ledger",
    access: "account",
    permission: "billing.view",
    responses: { 200: usageSchema, ...errors(401, 403) },
  }),
  spendGuard: endpoint({
    method: "GET",
    path: "/api/billing/spend-guard",
    summary: "The account's monthly spend cap and alerts",
    access: "account",
    permission: "billing.view",
    responses: { 200: spendGuardSchema, ...errors(401, 403) },
  }),
  saveSpendGuard: endpoint({
    method: "PUT",
    path: "/api/billing/spend-guard",
    summary: "Set the monthly spend cap and alerts; the cap closes or reopens calls",
    access: "account",
    permission: "billing.limits",
    body: spendGuardBodySchema,
    responses: { 200: spendGuardSchema, ...errors(400, 401, 403) },
  }),
  invoicePdf: endpoint({
    method: "GET",
    path: "/api/billing/invoices/:id/pdf",
    summary: "One of the account's invoices as a PDF download",
    access: "account",
    permission: "billing.view",
    params: invoiceParamsSchema,
    responses: {
      200: { raw: "application/pdf", description: "The invoice, rendered on each request" },
      ...errors(400, 401, 403, 404),
    },
  }),
};
