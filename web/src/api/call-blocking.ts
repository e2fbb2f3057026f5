import type { callBlockingEndpoints } from "@poundline/contracts/call-blocking/endpoints";
import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof callBlockingEndpoints;

export type CallBlocking = SuccessOf<Endpoints["get"]>;
export type BlockedCaller = CallBlocking["entries"][number];
export type BlockingRules = CallBlocking["rules"];
export type AddBlockedCallerInput = CallInput<Endpoints["add"]>["body"];

/** The block list endpoints (packages/contracts/src/call-blocking/endpoints.ts). */
export const callBlockingApi = (api: ApiClient) => ({
  get: (signal?: AbortSignal) => api.call(routes.callBlocking.get, { signal }),
  updateRules: (body: BlockingRules) => api.call(routes.callBlocking.updateRules, { body }),
  add: (body: AddBlockedCallerInput) => api.call(routes.callBlocking.add, { body }),
  remove: (id: string) => api.call(routes.callBlocking.remove, { params: { id } }),
});
