import { dateRangeQuerySchema } from "../date-range";
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
  export: endpoint({
    method: "GET",
    path: "/api/analytics/export.csv",
    summary: "The analytics figures of a date range, one line per day, as a CSV download",
    description:
      "Days `from` to `to` inclusive, in the account's time zone (at most 366 days): calls in and out, answered, missed, talk minutes, texts in and out and the texts' cost.",
    access: "account",
    publicApi: { scope: "calls" },
    query: dateRangeQuerySchema,
    responses: {
      200: { raw: "text/csv", description: "One line per day of the range, days without activity at zero" },
      ...errors(400, 401, 403),
    },
  }),
};
