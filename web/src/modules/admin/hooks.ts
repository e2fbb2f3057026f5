import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { adminApi } from "../../api/admin";
import { useApi } from "../../api/context";

/** Query keys of the admin area: every admin mutation invalidates `adminKeys.all`'s children it touches. */
export const adminKeys = {
  all: ["admin"] as const,
  dashboard: ["admin", "dashboard"] as const,
};

export function useAdminApi() {
  const api = useApi();
  return useMemo(() => adminApi(api), [api]);
}

export function useAdminDashboard() {
  const api = useAdminApi();
  return useQuery({ queryKey: adminKeys.dashboard, queryFn: ({ signal }) => api.dashboard(signal) });
}
