import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { ivrEndpoints } from "@poundline/contracts/ivr/endpoints";
import type { ivrVersionSummarySchema } from "@poundline/contracts/ivr/schemas";
import { pathOf } from "@poundline/contracts/route";
import type { z } from "zod";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";
import { uploadFile } from "./upload";

type Endpoints = typeof ivrEndpoints;

export type IvrMenu = SuccessOf<Endpoints["get"]>;
export type IvrMenuList = SuccessOf<Endpoints["list"]>;
export type IvrMenuBody = CallInput<Endpoints["update"]>["body"];
export type IvrVersionSummary = z.input<typeof ivrVersionSummarySchema>;
export type IvrVersionList = SuccessOf<Endpoints["versions"]>;
export type IvrVersion = SuccessOf<Endpoints["version"]>;
export type IvrDraftStatus = SuccessOf<Endpoints["draft"]>;
export type IvrDiff = SuccessOf<Endpoints["diff"]>;
export type IvrDiffQuery = CallInput<Endpoints["diff"]>["query"];
export type IvrPublished = SuccessOf<Endpoints["publish"]>;
export type IvrTry = SuccessOf<Endpoints["tryStart"]>;
export type IvrVoices = SuccessOf<Endpoints["voices"]>;

/** IVR menus (packages/contracts/src/ivr/endpoints.ts): the draft menus, their published versions, Try it. */
export const ivrApi = (api: ApiClient) => ({
  list: (signal?: AbortSignal) => api.call(routes.ivr.list, { signal }),
  create: (body: IvrMenuBody) => api.call(routes.ivr.create, { body }),
  update: (id: string, body: IvrMenuBody) => api.call(routes.ivr.update, { params: { id }, body }),
  remove: (id: string) => api.call(routes.ivr.remove, { params: { id } }),
  /** The recording's bytes; the API checks they are audio and makes it the menu's greeting. */
  uploadGreeting: (id: string, file: Blob) =>
    uploadFile<SuccessOf<Endpoints["uploadGreeting"]>>(pathOf(routes.ivr.uploadGreeting.path, { id }), file),

  /** The carrier's text-to-speech voices, the languages each speaks, and the defaults. */
  voices: (signal?: AbortSignal) => api.call(routes.ivr.voices, { signal }),

  draft: (signal?: AbortSignal) => api.call(routes.ivr.draft, { signal }),
  versions: (signal?: AbortSignal) => api.call(routes.ivr.versions, { signal }),
  version: (id: string, signal?: AbortSignal) => api.call(routes.ivr.version, { params: { id }, signal }),
  diff: (query: IvrDiffQuery, signal?: AbortSignal) => api.call(routes.ivr.diff, { query, signal }),
  publish: (body: CallInput<Endpoints["publish"]>["body"]) => api.call(routes.ivr.publish, { body }),
  rollback: (id: string) => api.call(routes.ivr.rollback, { params: { id } }),

  tryStart: (body: CallInput<Endpoints["tryStart"]>["body"]) => api.call(routes.ivr.tryStart, { body }),
  tryKeys: (tryId: string, digits: string) =>
    api.call(routes.ivr.tryKeys, { params: { tryId }, body: { digits } }),
  tryEnd: (tryId: string) => api.call(routes.ivr.tryEnd, { params: { tryId } }),
});
