import type { consoleEndpoints } from "@poundline/contracts/console/endpoints";
import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof consoleEndpoints;

export type UnreadCounts = SuccessOf<Endpoints["unread"]>;
export type SearchResults = SuccessOf<Endpoints["search"]>;
export type DashboardStats = SuccessOf<Endpoints["stats"]>;
export type CallSummary = SuccessOf<Endpoints["recentCalls"]>["calls"][number];
export type ActiveCall = SuccessOf<Endpoints["activeCalls"]>["calls"][number];
export type RecentVoicemail = SuccessOf<Endpoints["recentVoicemails"]>["voicemails"][number];
export type AccountNumber = SuccessOf<Endpoints["numbers"]>["numbers"][number];
export type WaitingCaller = SuccessOf<Endpoints["waitingCallers"]>["callers"][number];
export type ClickToCallBody = CallInput<Endpoints["clickToCall"]>["body"];

/** The console's shell and home: bell, header search, stat cards, recent and active calls, click-to-call. */
export const consoleApi = (api: ApiClient) => ({
  unread: (signal?: AbortSignal) => api.call(routes.console.unread, { signal }),
  search: (q: string, signal?: AbortSignal) => api.call(routes.console.search, { query: { q }, signal }),
  timeZone: (signal?: AbortSignal) => api.call(routes.console.timeZone, { signal }),
  numbers: (signal?: AbortSignal) => api.call(routes.console.numbers, { signal }),
  stats: (signal?: AbortSignal) => api.call(routes.console.stats, { signal }),
  recentCalls: (signal?: AbortSignal) => api.call(routes.console.recentCalls, { signal }),
  recentVoicemails: (signal?: AbortSignal) => api.call(routes.console.recentVoicemails, { signal }),
  activeCalls: (signal?: AbortSignal) => api.call(routes.console.activeCalls, { signal }),
  waitingCallers: (signal?: AbortSignal) => api.call(routes.console.waitingCallers, { signal }),
  clickToCall: (body: ClickToCallBody) => api.call(routes.console.clickToCall, { body }),
});
