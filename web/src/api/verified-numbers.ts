import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { verifiedNumberEndpoints } from "@poundline/contracts/verified-numbers/endpoints";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof verifiedNumberEndpoints;

export type VerifiedNumber = SuccessOf<Endpoints["confirm"]>;
export type VerifiedNumberList = SuccessOf<Endpoints["list"]>;
export type AddVerifiedNumberInput = CallInput<Endpoints["add"]>["body"];

/** The verified numbers endpoints (packages/contracts/src/verified-numbers/endpoints.ts). */
export const verifiedNumbersApi = (api: ApiClient) => ({
  list: (signal?: AbortSignal) => api.call(routes.verifiedNumbers.list, { signal }),
  add: (body: AddVerifiedNumberInput) => api.call(routes.verifiedNumbers.add, { body }),
  sendCode: (id: string, body: CallInput<Endpoints["sendCode"]>["body"]) =>
    api.call(routes.verifiedNumbers.sendCode, { params: { id }, body }),
  confirm: (id: string, body: CallInput<Endpoints["confirm"]>["body"]) =>
    api.call(routes.verifiedNumbers.confirm, { params: { id }, body }),
  remove: (id: string) => api.call(routes.verifiedNumbers.remove, { params: { id } }),
});
