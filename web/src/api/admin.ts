import type { adminDashboardSchema } from "@poundline/api/admin/schemas";
import type { z } from "zod";
import type { ApiClient } from "./client";

type Json<Schema extends z.ZodType> = z.input<Schema>;

export type AdminDashboard = Json<typeof adminDashboardSchema>;

/** The admin area (services/api/src/admin): platform administrators only. */
export const adminApi = (api: ApiClient) => ({
  dashboard: (signal?: AbortSignal) => api.send<AdminDashboard>("GET", "/api/admin/dashboard", { signal }),
});
