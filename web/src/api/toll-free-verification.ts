import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { tollFreeVerificationEndpoints } from "@poundline/contracts/toll-free-verification/endpoints";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof tollFreeVerificationEndpoints;

export type TollFreeVerificationState = SuccessOf<Endpoints["get"]>;
export type TollFreeProfileInput = CallInput<Endpoints["submit"]>["body"];

/** A toll-free number's verification (packages/contracts/src/toll-free-verification/endpoints.ts). */
export const tollFreeVerificationApi = (api: ApiClient) => ({
  get: (id: string, signal?: AbortSignal) =>
    api.call(routes.tollFreeVerification.get, { params: { id }, signal }),
  submit: (id: string, body: TollFreeProfileInput) =>
    api.call(routes.tollFreeVerification.submit, { params: { id }, body }),
  resubmit: (id: string, body: TollFreeProfileInput) =>
    api.call(routes.tollFreeVerification.resubmit, { params: { id }, body }),
});
