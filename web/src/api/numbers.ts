import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { numberEndpoints } from "@poundline/contracts/numbers/endpoints";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof numberEndpoints;

export type PhoneNumber = SuccessOf<Endpoints["get"]>;
export type NumberList = SuccessOf<Endpoints["list"]>;
export type AvailableNumber = SuccessOf<Endpoints["available"]>["numbers"][number];
export type AvailableQuery = NonNullable<CallInput<Endpoints["available"]>["query"]>;
export type NumberRequest = SuccessOf<Endpoints["requests"]>["requests"][number];
export type CountryOnSale = SuccessOf<Endpoints["countries"]>["countries"][number];
export type Requirements = SuccessOf<Endpoints["requirements"]>;
export type RequirementsQuery = NonNullable<CallInput<Endpoints["requirements"]>["query"]>;
export type Bundle = SuccessOf<Endpoints["bundles"]>["bundles"][number];
export type BundleInput = CallInput<Endpoints["submitBundle"]>["body"];
export type EmergencyAddressInput = CallInput<Endpoints["setEmergencyAddress"]>["body"];

/** The phone numbers endpoints (packages/contracts/src/numbers/endpoints.ts). */
export const numbersApi = (api: ApiClient) => ({
  list: (signal?: AbortSignal) => api.call(routes.numbers.list, { signal }),
  requests: (signal?: AbortSignal) => api.call(routes.numbers.requests, { signal }),
  available: (query: AvailableQuery, signal?: AbortSignal) =>
    api.call(routes.numbers.available, { query, signal }),
  countries: (signal?: AbortSignal) => api.call(routes.numbers.countries, { signal }),
  requirements: (query: RequirementsQuery, signal?: AbortSignal) =>
    api.call(routes.numbers.requirements, { query, signal }),
  bundles: (signal?: AbortSignal) => api.call(routes.numbers.bundles, { signal }),
  submitBundle: (body: BundleInput) => api.call(routes.numbers.submitBundle, { body }),
  buy: (body: CallInput<Endpoints["buy"]>["body"]) => api.call(routes.numbers.buy, { body }),
  rename: (id: string, body: CallInput<Endpoints["rename"]>["body"]) =>
    api.call(routes.numbers.rename, { params: { id }, body }),
  release: (id: string) => api.call(routes.numbers.release, { params: { id } }),
  setEmergencyAddress: (id: string, body: EmergencyAddressInput) =>
    api.call(routes.numbers.setEmergencyAddress, { params: { id }, body }),
});
