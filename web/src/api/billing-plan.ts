import type { planEndpoints } from "@poundline/contracts/billing/plan-endpoints";
import type { SuccessOf } from "@poundline/contracts/endpoint";
import { pathOf } from "@poundline/contracts/route";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof planEndpoints;

export type AccountPlan = SuccessOf<Endpoints["plan"]>;
export type MonthUsage = SuccessOf<Endpoints["usage"]>;
export type SpendGuard = SuccessOf<Endpoints["spendGuard"]>;
export type SpendGuardInput = CallInput<Endpoints["saveSpendGuard"]>["body"];

/** Where an invoice's PDF is downloaded (the session cookie goes with a plain link). */
export const invoicePdfUrl = (invoiceId: string) => pathOf(routes.billing.invoicePdf.path, { id: invoiceId });

/** The plan, trial, usage and spend guard endpoints (packages/contracts/src/billing/plan-endpoints.ts). */
export const billingPlanApi = (api: ApiClient) => ({
  plan: (signal?: AbortSignal) => api.call(routes.billing.plan, { signal }),
  usage: (signal?: AbortSignal) => api.call(routes.billing.usage, { signal }),
  spendGuard: (signal?: AbortSignal) => api.call(routes.billing.spendGuard, { signal }),
  saveSpendGuard: (body: SpendGuardInput) => api.call(routes.billing.saveSpendGuard, { body }),
});
