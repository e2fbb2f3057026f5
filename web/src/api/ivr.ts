import type {
  ivrDiffQuerySchema,
  ivrDiffSchema,
  ivrDraftStatusSchema,
  ivrMenuBodySchema,
  ivrMenuListSchema,
  ivrMenuSchema,
  ivrPublishBodySchema,
  ivrPublishedSchema,
  ivrTryBodySchema,
  ivrTrySchema,
  ivrVersionListSchema,
  ivrVersionSchema,
  ivrVersionSummarySchema,
  ivrVoicesSchema,
} from "@poundline/api/ivr/schemas";
import type { z } from "zod";
import { type ApiClient, withQuery } from "./client";
import { uploadFile } from "./upload";

export type IvrMenu = z.output<typeof ivrMenuSchema>;
export type IvrMenuList = z.output<typeof ivrMenuListSchema>;
export type IvrMenuBody = z.input<typeof ivrMenuBodySchema>;
export type IvrVersionSummary = z.output<typeof ivrVersionSummarySchema>;
export type IvrVersionList = z.output<typeof ivrVersionListSchema>;
export type IvrVersion = z.output<typeof ivrVersionSchema>;
export type IvrDraftStatus = z.output<typeof ivrDraftStatusSchema>;
export type IvrDiff = z.output<typeof ivrDiffSchema>;
export type IvrDiffQuery = z.input<typeof ivrDiffQuerySchema>;
export type IvrPublished = z.output<typeof ivrPublishedSchema>;
export type IvrTry = z.output<typeof ivrTrySchema>;
export type IvrVoices = z.output<typeof ivrVoicesSchema>;

const menuPath = (id: string) => `/api/ivr-menus/${encodeURIComponent(id)}`;
const versionPath = (id: string) => `/api/ivr-menus/versions/${encodeURIComponent(id)}`;
const tryPath = (tryId: string) => `/api/ivr-menus/try/${encodeURIComponent(tryId)}`;

/** IVR menus (services/api/src/ivr): the draft menus, their published versions, Try it. */
export const ivrApi = (api: ApiClient) => ({
  list: (signal?: AbortSignal) => api.send<IvrMenuList>("GET", "/api/ivr-menus", { signal }),
  create: (body: IvrMenuBody) => api.send<IvrMenu>("POST", "/api/ivr-menus", { body }),
  update: (id: string, body: IvrMenuBody) => api.send<IvrMenu>("PUT", menuPath(id), { body }),
  remove: (id: string) => api.send<null>("DELETE", menuPath(id)),
  /** The recording's bytes; the API checks they are audio and makes it the menu's greeting. */
  uploadGreeting: (id: string, file: File) => uploadFile<IvrMenu>(`${menuPath(id)}/greeting`, file),

  /** The carrier's text-to-speech voices, the languages each speaks, and the defaults. */
  voices: (signal?: AbortSignal) => api.send<IvrVoices>("GET", "/api/ivr-menus/voices", { signal }),

  draft: (signal?: AbortSignal) => api.send<IvrDraftStatus>("GET", "/api/ivr-menus/draft", { signal }),
  versions: (signal?: AbortSignal) => api.send<IvrVersionList>("GET", "/api/ivr-menus/versions", { signal }),
  version: (id: string, signal?: AbortSignal) => api.send<IvrVersion>("GET", versionPath(id), { signal }),
  diff: (query: IvrDiffQuery, signal?: AbortSignal) =>
    api.send<IvrDiff>("GET", withQuery("/api/ivr-menus/versions/diff", query), { signal }),
  publish: (body: z.input<typeof ivrPublishBodySchema>) =>
    api.send<IvrPublished>("POST", "/api/ivr-menus/publish", { body }),
  rollback: (id: string) => api.send<IvrPublished>("POST", `${versionPath(id)}/rollback`),

  tryStart: (body: z.input<typeof ivrTryBodySchema>) =>
    api.send<IvrTry>("POST", "/api/ivr-menus/try", { body }),
  tryKeys: (tryId: string, digits: string) =>
    api.send<IvrTry>("POST", `${tryPath(tryId)}/keys`, { body: { digits } }),
  tryEnd: (tryId: string) => api.send<null>("DELETE", tryPath(tryId)),
});
