import type {
  callListSchema,
  callLogSchema,
  listCallsQuerySchema,
  updateCallBodySchema,
  updatedCallSchema,
} from "@poundline/api/calls/schemas";
import type { z } from "zod";
import { type ApiClient, withQuery } from "./client";

export type CallLog = z.input<typeof callLogSchema>;
export type CallList = z.input<typeof callListSchema>;
/** The query string's values, as the schema reads them (its input is `unknown` before coercion). */
export type CallListQuery = Partial<z.output<typeof listCallsQuerySchema>>;

/** The call history endpoints (services/api/src/calls). */
export const callsApi = (api: ApiClient) => ({
  list: (query: CallListQuery, signal?: AbortSignal) =>
    api.send<CallList>("GET", withQuery("/api/calls", query), {
      signal,
    }),
  updateNotes: (id: string, body: z.input<typeof updateCallBodySchema>) =>
    api.send<z.input<typeof updatedCallSchema>>("PATCH", `/api/calls/${encodeURIComponent(id)}`, { body }),
});
