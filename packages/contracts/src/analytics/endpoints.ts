import { endpoint, errors } from "../endpoint";
import { analyticsQuerySchema, analyticsResponseSchema } from "./schemas";

/** Call analytics: figures over the account's call logs. */
export const analyticsEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/api/analytics",
    summary: "The account's call figures over a range of days",
    access: "account",
    query: analyticsQuerySchema,
    responses: { 200: analyticsResponseSchema, ...errors(400, 401, 403) },
  }),
};
