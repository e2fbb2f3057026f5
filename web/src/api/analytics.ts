import type { analyticsQuerySchema, analyticsResponseSchema } from "@poundline/api/analytics/schemas";
import type { z } from "zod";
import { type ApiClient, withQuery } from "./client";

export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;
export type Analytics = z.output<typeof analyticsResponseSchema>;

/** Call analytics of the signed-in account. */
export const analyticsApi = (api: ApiClient) => ({
  get: (query: AnalyticsQuery, signal?: AbortSignal) =>
    api.send<Analytics>("GET", withQuery("/api/analytics", query), { signal }),
});
