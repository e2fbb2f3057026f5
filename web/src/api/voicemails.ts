import type {
  exportVoicemailsQuerySchema,
  listVoicemailsQuerySchema,
  updateVoicemailBodySchema,
  voicemailListSchema,
  voicemailSchema,
} from "@poundline/api/voicemails/schemas";
import type { z } from "zod";
import { type ApiClient, withQuery } from "./client";

type Input<Schema extends z.ZodType> = z.input<Schema>;
type Output<Schema extends z.ZodType> = z.output<Schema>;
/** A query string's values: what the schema outputs, each optional (the API fills the defaults). */
type Query<Schema extends z.ZodType> = { [K in keyof Output<Schema>]?: Output<Schema>[K] };

export type VoicemailList = Output<typeof voicemailListSchema>;
export type Voicemail = Output<typeof voicemailSchema>;
export type VoicemailFilters = Query<typeof exportVoicemailsQuerySchema>;

/** Where the browser plays a voicemail's recording (range requests, the session cookie). */
export const voicemailAudioUrl = (id: string) => `/api/voicemails/${encodeURIComponent(id)}/audio`;

/** The CSV export of the voicemails matching the filters (a download). */
export const voicemailExportUrl = (filters: VoicemailFilters) =>
  withQuery("/api/voicemails/export.csv", filters);

/** Voicemails (/api/voicemails). */
export const voicemailsApi = (api: ApiClient) => ({
  list: (query: Query<typeof listVoicemailsQuerySchema>, signal?: AbortSignal) =>
    api.send<VoicemailList>("GET", withQuery("/api/voicemails", query), { signal }),
  update: (id: string, body: Input<typeof updateVoicemailBodySchema>) =>
    api.send<Voicemail>("PATCH", `/api/voicemails/${encodeURIComponent(id)}`, { body }),
  remove: (id: string) => api.send<null>("DELETE", `/api/voicemails/${encodeURIComponent(id)}`),
});
