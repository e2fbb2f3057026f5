import type {
  coverageBodySchema,
  coverageSchema,
  probeBodySchema,
  probeResultSchema,
  savedRulesSchema,
  saveRulesBodySchema,
  sharedNumberDetailSchema,
  sharedNumberListSchema,
} from "@poundline/api/geo-routing/schemas";
import type { z } from "zod";
import type { ApiClient } from "./client";

type Json<Schema extends z.ZodType> = z.input<Schema>;

export type SharedNumberList = Json<typeof sharedNumberListSchema>;
export type SharedNumberDetail = Json<typeof sharedNumberDetailSchema>;
export type GeoRuleBody = z.input<typeof saveRulesBodySchema>["rules"][number];
export type Coverage = Json<typeof coverageSchema>;
export type ProbeResult = Json<typeof probeResultSchema>;
export type ProbeBody = z.input<typeof probeBodySchema>;

const base = (id: string) => `/api/geo-routing/shared-numbers/${encodeURIComponent(id)}`;

/** Geo-location routing endpoints (services/api/src/geo-routing). */
export const geoRoutingApi = (api: ApiClient) => ({
  sharedNumbers: (signal?: AbortSignal) =>
    api.send<SharedNumberList>("GET", "/api/geo-routing/shared-numbers", { signal }),
  sharedNumber: (id: string, signal?: AbortSignal) =>
    api.send<SharedNumberDetail>("GET", base(id), { signal }),
  saveRules: (id: string, body: z.input<typeof saveRulesBodySchema>) =>
    api.send<Json<typeof savedRulesSchema>>("PUT", `${base(id)}/rules`, { body }),
  coverage: (id: string, body: z.input<typeof coverageBodySchema>, signal?: AbortSignal) =>
    api.send<Coverage>("POST", `${base(id)}/coverage`, { body, signal }),
  test: (id: string, body: ProbeBody) => api.send<ProbeResult>("POST", `${base(id)}/test`, { body }),
});
