import type { analyticsEndpoints } from "@poundline/contracts/analytics/endpoints";
import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof analyticsEndpoints;

export type AnalyticsQuery = NonNullable<CallInput<Endpoints["get"]>["query"]>;
export type Analytics = SuccessOf<Endpoints["get"]>;

/** Call analytics of the signed-in account (packages/contracts/src/analytics/endpoints.ts). */
export const analyticsApi = (api: ApiClient) => ({
  get: (query: AnalyticsQuery, signal?: AbortSignal) => api.call(routes.analytics.get, { query, signal }),
});
