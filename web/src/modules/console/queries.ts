import { toE164 } from "@poundline/domain/phone";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { consoleApi } from "../../api/console";
import { contactsApi } from "../../api/contacts";
import { useApi } from "../../api/context";

/** Query keys: the live websocket invalidates by their first element (CONSOLE-BRIEF). */
export const consoleKeys = {
  unread: ["unread"] as const,
  search: (q: string) => ["search", q] as const,
  numbers: ["numbers"] as const,
  stats: ["dashboard", "stats"] as const,
  recentCalls: ["calls", "recent"] as const,
  activeCalls: ["calls", "active"] as const,
  waitingCallers: ["calls", "waiting"] as const,
  recentVoicemails: ["voicemails", "recent"] as const,
};

export function useUnreadCounts() {
  const api = consoleApi(useApi());
  return useQuery({ queryKey: consoleKeys.unread, queryFn: ({ signal }) => api.unread(signal) });
}

export function useConsoleSearch(q: string) {
  const api = consoleApi(useApi());
  return useQuery({
    queryKey: consoleKeys.search(q),
    queryFn: ({ signal }) => api.search(q, signal),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
}

export function useAccountNumbers() {
  const api = consoleApi(useApi());
  return useQuery({ queryKey: consoleKeys.numbers, queryFn: ({ signal }) => api.numbers(signal) });
}

export function useDashboardStats() {
  const api = consoleApi(useApi());
  return useQuery(queryOptions({ queryKey: consoleKeys.stats, queryFn: ({ signal }) => api.stats(signal) }));
}

export function useRecentCalls() {
  const api = consoleApi(useApi());
  return useQuery({ queryKey: consoleKeys.recentCalls, queryFn: ({ signal }) => api.recentCalls(signal) });
}

export function useActiveCalls() {
  const api = consoleApi(useApi());
  return useQuery({ queryKey: consoleKeys.activeCalls, queryFn: ({ signal }) => api.activeCalls(signal) });
}

/** Callers in the ring groups' lines: refetched on queue.changed (and every call event). */
export function useWaitingCallers() {
  const api = consoleApi(useApi());
  return useQuery({
    queryKey: consoleKeys.waitingCallers,
    queryFn: ({ signal }) => api.waitingCallers(signal),
  });
}

export function useRecentVoicemails() {
  const api = consoleApi(useApi());
  return useQuery({
    queryKey: consoleKeys.recentVoicemails,
    queryFn: ({ signal }) => api.recentVoicemails(signal),
  });
}

/**
 * The account's contact whose phone a typed number is (Make a Call names who is called), or null:
 * the contacts search finds it by its digits, the exact E.164 decides.
 */
export function useContactOfNumber(typed: string) {
  const api = contactsApi(useApi());
  const e164 = toE164(typed);
  return useQuery({
    queryKey: ["contacts", "of-number", e164],
    queryFn: ({ signal }) => api.list({ q: e164 ?? "", limit: 5 }, signal),
    enabled: e164 !== null,
    select: (page) => page.contacts.find((c) => c.phone === e164) ?? null,
    staleTime: 60_000,
  });
}
