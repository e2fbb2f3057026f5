import type {
  setupGuideDismissalBodySchema,
  setupGuideSchema,
  testCallResultSchema,
} from "@poundline/api/console/setup-guide-schemas";
import type { z } from "zod";
import type { ApiClient } from "./client";

export type SetupGuide = z.input<typeof setupGuideSchema>;
export type SetupStep = SetupGuide["steps"][number];
export type TestCallResult = z.input<typeof testCallResultSchema>;

/** The dashboard's setup guide (services/api/src/console/setup-guide-routes.ts). */
export const setupGuideApi = (api: ApiClient) => ({
  guide: (signal?: AbortSignal) => api.send<SetupGuide>("GET", "/api/console/setup-guide", { signal }),
  dismiss: (body: z.input<typeof setupGuideDismissalBodySchema>) =>
    api.send<SetupGuide>("PUT", "/api/console/setup-guide/dismissal", { body }),
  testCall: () => api.send<TestCallResult>("POST", "/api/console/setup-guide/test-call"),
});
