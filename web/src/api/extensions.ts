import type {
  createExtensionBodySchema,
  extensionListSchema,
  extensionSchema,
  updateExtensionBodySchema,
} from "@poundline/api/extensions/schemas";
import type { z } from "zod";
import { type ApiClient, withQuery } from "./client";

type Json<Schema extends z.ZodType> = z.input<Schema>;

export type Extension = Json<typeof extensionSchema>;
export type ExtensionList = Json<typeof extensionListSchema>;

const path = (id: string) => `/api/extensions/${encodeURIComponent(id)}`;

/** Extensions (services/api/src/extensions). */
export const extensionsApi = (api: ApiClient) => ({
  list: (search: string, signal?: AbortSignal) =>
    api.send<ExtensionList>("GET", withQuery("/api/extensions", { search: search || undefined }), { signal }),
  create: (body: z.input<typeof createExtensionBodySchema>) =>
    api.send<Extension>("POST", "/api/extensions", { body }),
  update: (id: string, body: z.input<typeof updateExtensionBodySchema>) =>
    api.send<Extension>("PATCH", path(id), { body }),
  remove: (id: string) => api.send<null>("DELETE", path(id)),
});
