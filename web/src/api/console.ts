import type {
  activeCallsSchema,
  clickToCallBodySchema,
  clickToCallResponseSchema,
  dashboardStatsSchema,
  phoneNumberListSchema,
  recentCallsSchema,
  recentVoicemailsSchema,
  searchResultsSchema,
  timeZoneSchema,
  unreadCountsSchema,
} from "@poundline/api/console/schemas";
import type { z } from "zod";
import { type ApiClient, withQuery } from "./client";

/** What travels on the wire: the schemas' encoded side (timestamps as ISO strings). */
type Wire<Schema extends z.ZodType> = z.input<Schema>;

export type UnreadCounts = Wire<typeof unreadCountsSchema>;
export type SearchResults = Wire<typeof searchResultsSchema>;
export type DashboardStats = Wire<typeof dashboardStatsSchema>;
export type CallSummary = Wire<typeof recentCallsSchema>["calls"][number];
export type RecentVoicemail = Wire<typeof recentVoicemailsSchema>["voicemails"][number];
export type AccountNumber = Wire<typeof phoneNumberListSchema>["numbers"][number];
export type ClickToCallBody = z.input<typeof clickToCallBodySchema>;

/** The console's shell and home: bell, header search, stat cards, recent and active calls, click-to-call. */
export const consoleApi = (api: ApiClient) => ({
  unread: (signal?: AbortSignal) => api.send<UnreadCounts>("GET", "/api/console/unread", { signal }),
  search: (q: string, signal?: AbortSignal) =>
    api.send<SearchResults>("GET", withQuery("/api/console/search", { q }), { signal }),
  timeZone: (signal?: AbortSignal) =>
    api.send<Wire<typeof timeZoneSchema>>("GET", "/api/console/time-zone", { signal }),
  numbers: (signal?: AbortSignal) =>
    api.send<Wire<typeof phoneNumberListSchema>>("GET", "/api/console/numbers", { signal }),
  stats: (signal?: AbortSignal) => api.send<DashboardStats>("GET", "/api/dashboard/stats", { signal }),
  recentCalls: (signal?: AbortSignal) =>
    api.send<Wire<typeof recentCallsSchema>>("GET", "/api/dashboard/recent-calls", { signal }),
  recentVoicemails: (signal?: AbortSignal) =>
    api.send<Wire<typeof recentVoicemailsSchema>>("GET", "/api/dashboard/voicemails", { signal }),
  activeCalls: (signal?: AbortSignal) =>
    api.send<Wire<typeof activeCallsSchema>>("GET", "/api/calls/active", { signal }),
  clickToCall: (body: ClickToCallBody) =>
    api.send<Wire<typeof clickToCallResponseSchema>>("POST", "/api/calls/click-to-call", { body }),
});
