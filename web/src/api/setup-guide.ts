import type { setupGuideEndpoints } from "@poundline/contracts/console/setup-guide-endpoints";
import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof setupGuideEndpoints;

export type SetupGuide = SuccessOf<Endpoints["guide"]>;
export type SetupStep = SetupGuide["steps"][number];
export type TestCallResult = SuccessOf<Endpoints["testCall"]>;

/** The dashboard's setup guide (packages/contracts/src/console/setup-guide-endpoints.ts). */
export const setupGuideApi = (api: ApiClient) => ({
  guide: (signal?: AbortSignal) => api.call(routes.setupGuide.guide, { signal }),
  dismiss: (body: CallInput<Endpoints["dismiss"]>["body"]) => api.call(routes.setupGuide.dismiss, { body }),
  testCall: () => api.call(routes.setupGuide.testCall),
});
