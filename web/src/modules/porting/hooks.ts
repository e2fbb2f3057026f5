import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../api/context";
import { portingApi } from "../../api/porting";

/** Query keys of port-in requests, under ["porting"]. */
export const portingKeys = { all: ["porting"] as const, admin: ["porting", "admin"] as const };

export function usePortingApi() {
  return portingApi(useApi());
}

/** The account's requests; refreshed while one is still moving at the carrier. */
export function usePortIns() {
  const api = usePortingApi();
  return useQuery({
    queryKey: portingKeys.all,
    queryFn: ({ signal }) => api.list(signal),
    refetchInterval: (query) =>
      query.state.data?.requests.some((r) => r.status === "in_review" || r.status === "in_progress")
        ? 5000
        : false,
    meta: { toastTitle: "Error Fetching Port-In Requests" },
  });
}

export function useAdminPortIns() {
  const api = usePortingApi();
  return useQuery({
    queryKey: portingKeys.admin,
    queryFn: ({ signal }) => api.adminList(signal),
    meta: { toastTitle: "Error Fetching Port-In Requests" },
  });
}

/** A write to the requests, which refreshes them and the numbers (a port adds one) once done. */
export function usePortingMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: portingKeys.all });
      await queryClient.invalidateQueries({ queryKey: ["numbers"] });
    },
  });
}
