import type { ApiClient } from "./client";
import { routes } from "./routes.generated";

/** The API's own reference (packages/contracts/src/reference/endpoints.ts). */
export const referenceApi = (api: ApiClient) => ({
  /** The OpenAPI 3.1 document of every endpoint. */
  openapi: (signal?: AbortSignal) => api.call(routes.reference.openapi, { signal }),
});
