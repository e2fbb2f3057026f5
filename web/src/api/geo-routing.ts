import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { geoRoutingEndpoints } from "@poundline/contracts/geo-routing/endpoints";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof geoRoutingEndpoints;

export type SharedNumberList = SuccessOf<Endpoints["sharedNumbers"]>;
export type SharedNumberDetail = SuccessOf<Endpoints["sharedNumber"]>;
export type GeoRuleBody = CallInput<Endpoints["saveRules"]>["body"]["rules"][number];
export type Coverage = SuccessOf<Endpoints["coverage"]>;
export type ProbeResult = SuccessOf<Endpoints["test"]>;
export type ProbeBody = CallInput<Endpoints["test"]>["body"];

/** Geo-location routing (packages/contracts/src/geo-routing/endpoints.ts). */
export const geoRoutingApi = (api: ApiClient) => ({
  sharedNumbers: (signal?: AbortSignal) => api.call(routes.geoRouting.sharedNumbers, { signal }),
  sharedNumber: (id: string, signal?: AbortSignal) =>
    api.call(routes.geoRouting.sharedNumber, { params: { id }, signal }),
  saveRules: (id: string, body: CallInput<Endpoints["saveRules"]>["body"]) =>
    api.call(routes.geoRouting.saveRules, { params: { id }, body }),
  coverage: (id: string, body: CallInput<Endpoints["coverage"]>["body"], signal?: AbortSignal) =>
    api.call(routes.geoRouting.coverage, { params: { id }, body, signal }),
  test: (id: string, body: ProbeBody) => api.call(routes.geoRouting.test, { params: { id }, body }),
});
