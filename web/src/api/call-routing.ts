import type { callRoutingEndpoints } from "@poundline/contracts/call-routing/endpoints";
import type { SuccessOf } from "@poundline/contracts/endpoint";
import { pathOf } from "@poundline/contracts/route";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";
import { uploadFile } from "./upload";

type Endpoints = typeof callRoutingEndpoints;

export type CallRouting = SuccessOf<Endpoints["list"]>;
export type NumberRouting = SuccessOf<Endpoints["save"]>;
export type NumberRoutingBody = CallInput<Endpoints["save"]>["body"];

/** Call routing per number (packages/contracts/src/call-routing/endpoints.ts). */
export const callRoutingApi = (api: ApiClient) => ({
  list: (signal?: AbortSignal) => api.call(routes.callRouting.list, { signal }),
  save: (numberId: string, body: NumberRoutingBody) =>
    api.call(routes.callRouting.save, { params: { numberId }, body }),
  /** The file's bytes as they are; the API checks they are audio. */
  uploadHoldMusic: (numberId: string, file: File) =>
    uploadFile<NumberRouting>(pathOf(routes.callRouting.uploadHoldMusic.path, { numberId }), file),
});
