import type { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import type { RequestQueue } from "@poundline/contracts/admin/schemas";
import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof adminEndpoints;

export type AdminDashboard = SuccessOf<Endpoints["dashboard"]>;
export type AdminUser = SuccessOf<Endpoints["user"]>;
export type AdminUserList = SuccessOf<Endpoints["users"]>;
export type ContentEntry = SuccessOf<Endpoints["contentEntry"]>;
export type ContentList = SuccessOf<Endpoints["content"]>;
export type RequestItem = SuccessOf<Endpoints["setRequestStatus"]>;
export type RequestList = SuccessOf<Endpoints["requests"]>;
export type AuditLog = SuccessOf<Endpoints["auditLog"]>;
export type AuditEntry = AuditLog["entries"][number];
/** The audit screen's filters, as the query string takes them (dates as YYYY-MM-DD). */
export type AuditFilters = { actor?: string; action?: string; from?: string; to?: string };
export type OutboxEmailList = SuccessOf<Endpoints["emails"]>;
export type OutboxEmail = SuccessOf<Endpoints["email"]>;
export type FailedJobList = SuccessOf<Endpoints["failedJobs"]>;
export type FailedJob = SuccessOf<Endpoints["retryJob"]>;
export type { RequestQueue };

/** A page of a server-paged list. */
export type Page = { limit: number; offset: number };

type RequestStatus = CallInput<Endpoints["setRequestStatus"]>["body"]["status"];

/** The admin area (packages/contracts/src/admin/endpoints.ts): platform administrators only. */
export const adminApi = (api: ApiClient) => ({
  dashboard: (signal?: AbortSignal) => api.call(routes.admin.dashboard, { signal }),

  users: (query: Page & { search?: string | undefined }, signal?: AbortSignal) =>
    api.call(routes.admin.users, { query, signal }),
  user: (userId: string, signal?: AbortSignal) => api.call(routes.admin.user, { params: { userId }, signal }),
  createUser: (body: CallInput<Endpoints["createUser"]>["body"]) =>
    api.call(routes.admin.createUser, { body }),
  updateUser: (userId: string, body: CallInput<Endpoints["updateUser"]>["body"]) =>
    api.call(routes.admin.updateUser, { params: { userId }, body }),
  setDisabled: (userId: string, disabled: boolean) =>
    api.call(disabled ? routes.admin.disableUser : routes.admin.enableUser, { params: { userId } }),
  deleteUser: (userId: string) => api.call(routes.admin.deleteUser, { params: { userId } }),
  grantAdmin: (userId: string) => api.call(routes.admin.grantAdmin, { params: { userId } }),
  revokeAdmin: (userId: string) => api.call(routes.admin.revokeAdmin, { params: { userId } }),

  content: (query: Page & { search?: string | undefined }, signal?: AbortSignal) =>
    api.call(routes.admin.content, { query, signal }),
  createContent: (body: CallInput<Endpoints["createContent"]>["body"]) =>
    api.call(routes.admin.createContent, { body }),
  updateContent: (id: string, body: CallInput<Endpoints["updateContent"]>["body"]) =>
    api.call(routes.admin.updateContent, { params: { id }, body }),
  deleteContent: (id: string) => api.call(routes.admin.deleteContent, { params: { id } }),

  requests: (queue: RequestQueue, query: Page & { status?: string | undefined }, signal?: AbortSignal) =>
    api.call(routes.admin.requests, { params: { queue }, query, signal }),
  /** `status` is one of the queue's statuses as the list gave them; the API checks it is. */
  setRequestStatus: (queue: RequestQueue, id: string, status: string) =>
    api.call(routes.admin.setRequestStatus, {
      params: { queue, id },
      body: { status: status as RequestStatus },
    }),

  auditLog: (query: Page & AuditFilters, signal?: AbortSignal) =>
    api.call(routes.admin.auditLog, { query, signal }),
  auditActions: (signal?: AbortSignal) => api.call(routes.admin.auditActions, { signal }),

  emails: (query: Page & { to?: string | undefined }, signal?: AbortSignal) =>
    api.call(routes.admin.emails, { query, signal }),
  email: (id: string, signal?: AbortSignal) => api.call(routes.admin.email, { params: { id }, signal }),

  failedJobs: (query: Page & { status: "open" | "retried" | "all" }, signal?: AbortSignal) =>
    api.call(routes.admin.failedJobs, { query, signal }),
  retryJob: (id: string) => api.call(routes.admin.retryJob, { params: { id } }),
});

export type AdminApi = ReturnType<typeof adminApi>;
