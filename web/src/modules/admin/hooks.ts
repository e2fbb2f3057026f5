import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { type AdminApi, type AuditFilters, adminApi, type RequestQueue } from "../../api/admin";
import { useApi } from "../../api/context";

/** Rows per page of the admin tables (paged on the server). */
export const ADMIN_PAGE_SIZE = 20;

/** Query keys of the admin area; every admin change invalidates `adminKeys.all` (the dashboard too). */
export const adminKeys = {
  all: ["admin"] as const,
  dashboard: ["admin", "dashboard"] as const,
  users: (search: string, page: number) => ["admin", "users", search, page] as const,
  content: (search: string, page: number) => ["admin", "content", search, page] as const,
  requests: (queue: RequestQueue, status: string, page: number) =>
    ["admin", "requests", queue, status, page] as const,
  auditLog: (filters: AuditFilters, page: number) => ["admin", "audit-log", filters, page] as const,
  auditActions: ["admin", "audit-log", "actions"] as const,
  emails: (to: string, page: number) => ["admin", "emails", to, page] as const,
  email: (id: string) => ["admin", "email", id] as const,
  failedJobs: (status: string, page: number) => ["admin", "failed-jobs", status, page] as const,
};

export function useAdminApi(): AdminApi {
  const api = useApi();
  return useMemo(() => adminApi(api), [api]);
}

/** The page shown (1-based) and the limit/offset the API takes for it. */
export function usePaging() {
  const [page, setPage] = useState(1);
  return { page, setPage, query: { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE } };
}

/** A change made in the admin area: every admin list and the dashboard read again. */
export function useAdminMutation<Input, Output>(
  fn: (input: Input) => Promise<Output>,
  alsoInvalidate: string[][] = [],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.all }),
        ...alsoInvalidate.map((queryKey) => client.invalidateQueries({ queryKey })),
      ]),
  });
}

export function useAdminDashboard() {
  const api = useAdminApi();
  return useQuery({ queryKey: adminKeys.dashboard, queryFn: ({ signal }) => api.dashboard(signal) });
}

export function useAdminUsers(search: string, page: number, query: { limit: number; offset: number }) {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminKeys.users(search, page),
    queryFn: ({ signal }) => api.users({ ...query, search: search || undefined }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useContentEntries(search: string, page: number, query: { limit: number; offset: number }) {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminKeys.content(search, page),
    queryFn: ({ signal }) => api.content({ ...query, search: search || undefined }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRequestQueue(
  queue: RequestQueue,
  status: string,
  page: number,
  query: { limit: number; offset: number },
) {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminKeys.requests(queue, status, page),
    queryFn: ({ signal }) => api.requests(queue, { ...query, status: status || undefined }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(filters: AuditFilters, page: number, query: { limit: number; offset: number }) {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminKeys.auditLog(filters, page),
    queryFn: ({ signal }) => api.auditLog({ ...query, ...filters }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditActions() {
  const api = useAdminApi();
  return useQuery({ queryKey: adminKeys.auditActions, queryFn: ({ signal }) => api.auditActions(signal) });
}

export function useOutboxEmails(to: string, page: number, query: { limit: number; offset: number }) {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminKeys.emails(to, page),
    queryFn: ({ signal }) => api.emails({ ...query, to: to || undefined }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOutboxEmail(id: string | null) {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminKeys.email(id ?? ""),
    queryFn: ({ signal }) => api.email(id ?? "", signal),
    enabled: id !== null,
  });
}

export function useFailedJobs(
  status: "open" | "retried" | "all",
  page: number,
  query: { limit: number; offset: number },
) {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminKeys.failedJobs(status, page),
    queryFn: ({ signal }) => api.failedJobs({ ...query, status }, signal),
    placeholderData: keepPreviousData,
  });
}
