import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { extensionEndpoints } from "@poundline/contracts/extensions/endpoints";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof extensionEndpoints;

export type Extension = SuccessOf<Endpoints["get"]>;
export type ExtensionList = SuccessOf<Endpoints["list"]>;

/** Extensions (packages/contracts/src/extensions/endpoints.ts). */
export const extensionsApi = (api: ApiClient) => ({
  list: (search: string, signal?: AbortSignal) =>
    api.call(routes.extensions.list, { query: { search: search || undefined }, signal }),
  create: (body: CallInput<Endpoints["create"]>["body"]) => api.call(routes.extensions.create, { body }),
  update: (id: string, body: CallInput<Endpoints["update"]>["body"]) =>
    api.call(routes.extensions.update, { params: { id }, body }),
  remove: (id: string) => api.call(routes.extensions.remove, { params: { id } }),
});
