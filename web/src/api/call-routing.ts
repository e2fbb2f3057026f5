import type {
  callRoutingSchema,
  numberRoutingBodySchema,
  numberRoutingSchema,
} from "@poundline/api/call-routing/schemas";
import type { z } from "zod";
import type { ApiClient } from "./client";
import { ApiError, apiErrorFrom, NETWORK_ERROR_MESSAGE } from "./errors";

export type CallRouting = z.output<typeof callRoutingSchema>;
export type NumberRouting = z.output<typeof numberRoutingSchema>;
export type NumberRoutingBody = z.input<typeof numberRoutingBodySchema>;

const numberPath = (numberId: string) => `/api/call-routing/${encodeURIComponent(numberId)}`;

/** Call routing per number (services/api/src/call-routing). */
export const callRoutingApi = (api: ApiClient) => ({
  list: (signal?: AbortSignal) => api.send<CallRouting>("GET", "/api/call-routing", { signal }),
  save: (numberId: string, body: NumberRoutingBody) =>
    api.send<NumberRouting>("PUT", numberPath(numberId), { body }),
  /** The file's bytes as they are (api.send speaks JSON only); the API checks they are audio. */
  uploadHoldMusic: async (numberId: string, file: File): Promise<NumberRouting> => {
    let res: Response;
    try {
      res = await fetch(`${numberPath(numberId)}/hold-music`, {
        method: "POST",
        credentials: "same-origin",
        headers: { accept: "application/json", "content-type": "application/octet-stream" },
        body: file,
      });
    } catch {
      throw new ApiError(0, "NETWORK", NETWORK_ERROR_MESSAGE);
    }
    const text = await res.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (!res.ok) throw apiErrorFrom(res.status, res.statusText, data);
    return data as NumberRouting;
  },
});
