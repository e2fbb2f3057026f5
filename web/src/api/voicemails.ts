import type { SuccessOf } from "@poundline/contracts/endpoint";
import { pathOf } from "@poundline/contracts/route";
import type { voicemailEndpoints } from "@poundline/contracts/voicemails/endpoints";
import type {
  exportVoicemailsQuerySchema,
  listVoicemailsQuerySchema,
} from "@poundline/contracts/voicemails/schemas";
import type { z } from "zod";
import { type ApiClient, type CallInput, withQuery } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof voicemailEndpoints;
type Output<Schema extends z.ZodType> = z.output<Schema>;
/** A query string's values: what the schema outputs, each optional (the API fills the defaults). */
type Query<Schema extends z.ZodType> = { [K in keyof Output<Schema>]?: Output<Schema>[K] };

export type VoicemailList = SuccessOf<Endpoints["list"]>;
export type Voicemail = SuccessOf<Endpoints["update"]>;
export type VoicemailFilters = Query<typeof exportVoicemailsQuerySchema>;

/** Where the browser plays a voicemail's recording (range requests, the session cookie). */
export const voicemailAudioUrl = (id: string) => pathOf(routes.voicemails.audio.path, { id });

/** The CSV export of the voicemails matching the filters (a download). */
export const voicemailExportUrl = (filters: VoicemailFilters) =>
  withQuery(routes.voicemails.export.path, filters);

/** Voicemails (packages/contracts/src/voicemails/endpoints.ts). */
export const voicemailsApi = (api: ApiClient) => ({
  list: (query: Query<typeof listVoicemailsQuerySchema>, signal?: AbortSignal) =>
    api.call(routes.voicemails.list, { query, signal }),
  update: (id: string, body: CallInput<Endpoints["update"]>["body"]) =>
    api.call(routes.voicemails.update, { params: { id }, body }),
  remove: (id: string) => api.call(routes.voicemails.remove, { params: { id } }),
});
