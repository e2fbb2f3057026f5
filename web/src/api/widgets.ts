import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { widgetEndpoints } from "@poundline/contracts/widgets/endpoints";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof widgetEndpoints;

export type Widget = SuccessOf<Endpoints["get"]>;
export type WidgetList = SuccessOf<Endpoints["list"]>;
export type LicensedNumberList = SuccessOf<Endpoints["licensedNumbers"]>;
export type WidgetAttemptList = SuccessOf<Endpoints["attempts"]>;
export type WidgetAttempt = WidgetAttemptList["items"][number];
export type EmbedScript = SuccessOf<Endpoints["embedScript"]>;

/** Website widgets (packages/contracts/src/widgets/endpoints.ts). */
export const widgetsApi = (api: ApiClient) => ({
  list: (signal?: AbortSignal) => api.call(routes.widgets.list, { signal }),
  licensedNumbers: (signal?: AbortSignal) => api.call(routes.widgets.licensedNumbers, { signal }),
  embedScript: (signal?: AbortSignal) => api.call(routes.widgets.embedScript, { signal }),
  create: (body: CallInput<Endpoints["create"]>["body"]) => api.call(routes.widgets.create, { body }),
  update: (id: string, body: CallInput<Endpoints["update"]>["body"]) =>
    api.call(routes.widgets.update, { params: { id }, body }),
  remove: (id: string) => api.call(routes.widgets.remove, { params: { id } }),
  attempts: (id: string, page: { limit: number; offset: number }, signal?: AbortSignal) =>
    api.call(routes.widgets.attempts, { params: { id }, query: page, signal }),
});
