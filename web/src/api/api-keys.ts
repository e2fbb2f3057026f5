import type { apiKeyEndpoints } from "@poundline/contracts/api-keys/endpoints";
import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof apiKeyEndpoints;

export type ApiKeyRow = SuccessOf<Endpoints["list"]>["keys"][number];
export type CreatedApiKey = SuccessOf<Endpoints["create"]>;
export type CreateApiKeyInput = CallInput<Endpoints["create"]>["body"];

/** The API keys endpoints (packages/contracts/src/api-keys/endpoints.ts). */
export const apiKeysApi = (api: ApiClient) => ({
  list: (signal?: AbortSignal) => api.call(routes.apiKeys.list, { signal }),
  create: (body: CreateApiKeyInput) => api.call(routes.apiKeys.create, { body }),
  revoke: (id: string) => api.call(routes.apiKeys.revoke, { params: { id } }),
});
