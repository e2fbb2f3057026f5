import { endpoint, errors } from "../endpoint";
import {
  coverageBodySchema,
  coverageSchema,
  probeBodySchema,
  probeResultSchema,
  savedRulesSchema,
  saveRulesBodySchema,
  sharedNumberDetailSchema,
  sharedNumberListSchema,
  sharedNumberParamsSchema,
} from "./schemas";

/** Geo-location routing of the shared pound-code numbers. */
export const geoRoutingEndpoints = {
  sharedNumbers: endpoint({
    method: "GET",
    path: "/api/geo-routing/shared-numbers",
    summary: "The shared numbers the account manages or is licensed on",
    access: "account",
    responses: { 200: sharedNumberListSchema, ...errors(401, 403) },
  }),
  sharedNumber: endpoint({
    method: "GET",
    path: "/api/geo-routing/shared-numbers/:id",
    summary: "One shared number, its licensed clients and its rules",
    access: "account",
    params: sharedNumberParamsSchema,
    responses: { 200: sharedNumberDetailSchema, ...errors(400, 401, 403, 404) },
  }),
  saveRules: endpoint({
    method: "PUT",
    path: "/api/geo-routing/shared-numbers/:id/rules",
    summary: "Replace a shared number's rules (its manager only)",
    access: "account",
    permission: "routing.edit",
    params: sharedNumberParamsSchema,
    body: saveRulesBodySchema,
    responses: { 200: savedRulesSchema, ...errors(400, 401, 403, 404) },
  }),
  coverage: endpoint({
    method: "POST",
    path: "/api/geo-routing/shared-numbers/:id/coverage",
    summary: "What draft rules cover, before saving them",
    access: "account",
    permission: "routing.edit",
    params: sharedNumberParamsSchema,
    body: coverageBodySchema,
    responses: { 200: coverageSchema, ...errors(400, 401, 403, 404) },
  }),
  test: endpoint({
    method: "POST",
    path: "/api/geo-routing/shared-numbers/:id/test",
    summary: "Where a caller would go under draft rules: the rule, the licensee, the first TwiML verb",
    access: "account",
    permission: "routing.edit",
    params: sharedNumberParamsSchema,
    body: probeBodySchema,
    responses: { 200: probeResultSchema, ...errors(400, 401, 403, 404) },
  }),
};
