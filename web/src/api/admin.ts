import type {
  adminDashboardSchema,
  adminGrantSchema,
  adminUserListSchema,
  adminUserSchema,
  auditActionsSchema,
  auditLogSchema,
  contentEntrySchema,
  contentListSchema,
  createContentBodySchema,
  createUserBodySchema,
  failedJobListSchema,
  failedJobSchema,
  outboxEmailListSchema,
  outboxEmailSchema,
  RequestQueue,
  requestItemSchema,
  requestListSchema,
  updateContentBodySchema,
  updateUserBodySchema,
} from "@poundline/api/admin/schemas";
import type { z } from "zod";
import { type ApiClient, withQuery } from "./client";

type Json<Schema extends z.ZodType> = z.input<Schema>;

export type AdminDashboard = Json<typeof adminDashboardSchema>;
export type AdminUser = Json<typeof adminUserSchema>;
export type AdminUserList = Json<typeof adminUserListSchema>;
export type ContentEntry = Json<typeof contentEntrySchema>;
export type ContentList = Json<typeof contentListSchema>;
export type RequestItem = Json<typeof requestItemSchema>;
export type RequestList = Json<typeof requestListSchema>;
export type AuditLog = Json<typeof auditLogSchema>;
export type AuditEntry = AuditLog["entries"][number];
/** The audit screen's filters, as the query string takes them (dates as YYYY-MM-DD). */
export type AuditFilters = { actor?: string; action?: string; from?: string; to?: string };
export type OutboxEmailList = Json<typeof outboxEmailListSchema>;
export type OutboxEmail = Json<typeof outboxEmailSchema>;
export type FailedJobList = Json<typeof failedJobListSchema>;
export type FailedJob = Json<typeof failedJobSchema>;
export type { RequestQueue };

/** A page of a server-paged list. */
export type Page = { limit: number; offset: number };

const id = (value: string) => encodeURIComponent(value);

/** The admin area (services/api/src/admin): platform administrators only. */
export const adminApi = (api: ApiClient) => ({
  dashboard: (signal?: AbortSignal) => api.send<AdminDashboard>("GET", "/api/admin/dashboard", { signal }),

  users: (query: Page & { search?: string | undefined }, signal?: AbortSignal) =>
    api.send<AdminUserList>("GET", withQuery("/api/admin/users", query), { signal }),
  user: (userId: string, signal?: AbortSignal) =>
    api.send<AdminUser>("GET", `/api/admin/users/${id(userId)}`, { signal }),
  createUser: (body: Json<typeof createUserBodySchema>) =>
    api.send<AdminUser>("POST", "/api/admin/users", { body }),
  updateUser: (userId: string, body: Json<typeof updateUserBodySchema>) =>
    api.send<AdminUser>("PATCH", `/api/admin/users/${id(userId)}`, { body }),
  setDisabled: (userId: string, disabled: boolean) =>
    api.send<AdminUser>("POST", `/api/admin/users/${id(userId)}/${disabled ? "disable" : "enable"}`),
  deleteUser: (userId: string) => api.send<null>("DELETE", `/api/admin/users/${id(userId)}`),
  grantAdmin: (userId: string) =>
    api.send<Json<typeof adminGrantSchema>>("POST", `/api/admin/users/${id(userId)}/admin`),
  revokeAdmin: (userId: string) => api.send<null>("DELETE", `/api/admin/users/${id(userId)}/admin`),

  content: (query: Page & { search?: string | undefined }, signal?: AbortSignal) =>
    api.send<ContentList>("GET", withQuery("/api/admin/content", query), { signal }),
  createContent: (body: Json<typeof createContentBodySchema>) =>
    api.send<ContentEntry>("POST", "/api/admin/content", { body }),
  updateContent: (entryId: string, body: Json<typeof updateContentBodySchema>) =>
    api.send<ContentEntry>("PUT", `/api/admin/content/${id(entryId)}`, { body }),
  deleteContent: (entryId: string) => api.send<null>("DELETE", `/api/admin/content/${id(entryId)}`),

  requests: (queue: RequestQueue, query: Page & { status?: string | undefined }, signal?: AbortSignal) =>
    api.send<RequestList>("GET", withQuery(`/api/admin/requests/${queue}`, query), { signal }),
  setRequestStatus: (queue: RequestQueue, itemId: string, status: string) =>
    api.send<RequestItem>("PATCH", `/api/admin/requests/${queue}/${id(itemId)}`, { body: { status } }),

  auditLog: (query: Page & AuditFilters, signal?: AbortSignal) =>
    api.send<AuditLog>("GET", withQuery("/api/admin/audit-log", query), { signal }),
  auditActions: (signal?: AbortSignal) =>
    api.send<Json<typeof auditActionsSchema>>("GET", "/api/admin/audit-log/actions", { signal }),

  emails: (query: Page & { to?: string | undefined }, signal?: AbortSignal) =>
    api.send<OutboxEmailList>("GET", withQuery("/api/admin/emails", query), { signal }),
  email: (emailId: string, signal?: AbortSignal) =>
    api.send<OutboxEmail>("GET", `/api/admin/emails/${id(emailId)}`, { signal }),

  failedJobs: (query: Page & { status: "open" | "retried" | "all" }, signal?: AbortSignal) =>
    api.send<FailedJobList>("GET", withQuery("/api/admin/jobs/failed", query), { signal }),
  retryJob: (jobId: string) => api.send<FailedJob>("POST", `/api/admin/jobs/failed/${id(jobId)}/retry`),
});

export type AdminApi = ReturnType<typeof adminApi>;
