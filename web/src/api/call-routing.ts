import type {
  callRoutingSchema,
  numberRoutingBodySchema,
  numberRoutingSchema,
} from "@poundline/api/call-routing/schemas";
import type { z } from "zod";
import type { ApiClient } from "./client";
import { uploadBytes } from "./upload";

export type CallRouting = z.output<typeof callRoutingSchema>;
export type NumberRouting = z.output<typeof numberRoutingSchema>;
export type NumberRoutingBody = z.input<typeof numberRoutingBodySchema>;

const numberPath = (numberId: string) => `/api/call-routing/${encodeURIComponent(numberId)}`;

/** Call routing per number (services/api/src/call-routing). */
export const callRoutingApi = (api: ApiClient) => ({
  list: (signal?: AbortSignal) => api.send<CallRouting>("GET", "/api/call-routing", { signal }),
  save: (numberId: string, body: NumberRoutingBody) =>
    api.send<NumberRouting>("PUT", numberPath(numberId), { body }),
  /** The recording's bytes; the API checks they are audio. */
  uploadHoldMusic: (numberId: string, file: File) =>
    uploadBytes<NumberRouting>(`${numberPath(numberId)}/hold-music`, file),
});
