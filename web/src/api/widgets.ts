import type {
  createWidgetBodySchema,
  embedScriptSchema,
  licensedNumberListSchema,
  updateWidgetBodySchema,
  widgetAttemptListSchema,
  widgetListSchema,
  widgetSchema,
} from "@poundline/api/widgets/schemas";
import type { z } from "zod";
import { type ApiClient, withQuery } from "./client";

type Json<Schema extends z.ZodType> = z.input<Schema>;

export type Widget = Json<typeof widgetSchema>;
export type WidgetList = Json<typeof widgetListSchema>;
export type LicensedNumberList = Json<typeof licensedNumberListSchema>;
export type WidgetAttemptList = Json<typeof widgetAttemptListSchema>;
export type WidgetAttempt = WidgetAttemptList["items"][number];
export type EmbedScript = Json<typeof embedScriptSchema>;

const path = (id: string) => `/api/widgets/${encodeURIComponent(id)}`;

/** Website widgets (services/api/src/widgets). */
export const widgetsApi = (api: ApiClient) => ({
  list: (signal?: AbortSignal) => api.send<WidgetList>("GET", "/api/widgets", { signal }),
  licensedNumbers: (signal?: AbortSignal) =>
    api.send<LicensedNumberList>("GET", "/api/widgets/licensed-numbers", { signal }),
  embedScript: (signal?: AbortSignal) => api.send<EmbedScript>("GET", "/api/widgets/embed", { signal }),
  create: (body: z.input<typeof createWidgetBodySchema>) =>
    api.send<Widget>("POST", "/api/widgets", { body }),
  update: (id: string, body: z.input<typeof updateWidgetBodySchema>) =>
    api.send<Widget>("PATCH", path(id), { body }),
  remove: (id: string) => api.send<null>("DELETE", path(id)),
  attempts: (id: string, page: { limit: number; offset: number }, signal?: AbortSignal) =>
    api.send<WidgetAttemptList>("GET", withQuery(`${path(id)}/attempts`, page), { signal }),
});
