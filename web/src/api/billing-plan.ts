import type {
  accountPlanSchema,
  spendGuardBodySchema,
  spendGuardSchema,
  usageSchema,
} from "@poundline/api/billing/plan-schemas";
import type { z } from "zod";
import type { ApiClient } from "./client";

/** What the API answers, as JSON carries it (dates as ISO strings). */
type Json<Schema extends z.ZodType> = z.input<Schema>;

export type AccountPlan = Json<typeof accountPlanSchema>;
export type MonthUsage = Json<typeof usageSchema>;
export type SpendGuard = Json<typeof spendGuardSchema>;
export type SpendGuardInput = z.input<typeof spendGuardBodySchema>;

/** Where an invoice's PDF is downloaded (the session cookie goes with a plain link). */
export const invoicePdfUrl = (invoiceId: string) =>
  `/api/billing/invoices/${encodeURIComponent(invoiceId)}/pdf`;

/** The plan, trial, usage and spend guard endpoints (services/api/src/billing/plan-routes.ts). */
export const billingPlanApi = (api: ApiClient) => ({
  plan: (signal?: AbortSignal) => api.send<AccountPlan>("GET", "/api/billing/plan", { signal }),
  usage: (signal?: AbortSignal) => api.send<MonthUsage>("GET", "/api/billing/usage", { signal }),
  spendGuard: (signal?: AbortSignal) => api.send<SpendGuard>("GET", "/api/billing/spend-guard", { signal }),
  saveSpendGuard: (body: SpendGuardInput) =>
    api.send<SpendGuard>("PUT", "/api/billing/spend-guard", { body }),
});
