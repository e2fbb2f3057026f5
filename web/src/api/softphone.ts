import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { softphoneEndpoints } from "@poundline/contracts/softphone/endpoints";
import type { ApiClient } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof softphoneEndpoints;

export type SoftphoneToken = SuccessOf<Endpoints["token"]>;
export type SoftphoneSettings = SuccessOf<Endpoints["getSettings"]>;
export type CallerId = SoftphoneSettings["callerIds"][number];

/** The softphone's endpoints (packages/contracts/src/softphone/endpoints.ts). */
export const softphoneApi = (api: ApiClient) => ({
  token: () => api.call(routes.softphone.token),
  settings: (signal?: AbortSignal) => api.call(routes.softphone.getSettings, { signal }),
  setRingBrowser: (ringBrowser: boolean) => api.call(routes.softphone.setSettings, { body: { ringBrowser } }),
  /** By the logged call's sid, with the other party's number for a call not logged yet. */
  card: (callSid: string, number: string, signal?: AbortSignal) =>
    api.call(routes.softphone.callCard, {
      params: { callSid },
      query: number ? { number } : {},
      signal,
    }),
});

/** A call's other party: their contact and last calls, and the call log's id (null until logged) for notes. */
export type CallCard = SuccessOf<Endpoints["callCard"]>;
