import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { textingRegistrationEndpoints } from "@poundline/contracts/texting-registration/endpoints";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof textingRegistrationEndpoints;

export type TextingRegistrationResponse = SuccessOf<Endpoints["read"]>;
export type TextingRegistrationInput = CallInput<Endpoints["submit"]>["body"];

/** Texting registration's endpoints (packages/contracts/src/texting-registration/endpoints.ts). */
export const textingRegistrationApi = (api: ApiClient) => ({
  read: (signal?: AbortSignal) => api.call(routes.textingRegistration.read, { signal }),
  submit: (body: TextingRegistrationInput) => api.call(routes.textingRegistration.submit, { body }),
});
