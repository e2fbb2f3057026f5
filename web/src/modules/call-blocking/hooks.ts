import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callBlockingApi } from "../../api/call-blocking";
import { useApi } from "../../api/context";

/** Query keys of the block list, under ["call-blocking"]. */
export const callBlockingKeys = { all: ["call-blocking"] as const };

export function useCallBlockingApi() {
  return callBlockingApi(useApi());
}

export function useCallBlocking() {
  const api = useCallBlockingApi();
  return useQuery({
    queryKey: callBlockingKeys.all,
    queryFn: ({ signal }) => api.get(signal),
    meta: { toastTitle: "Error Fetching Blocked Numbers" },
  });
}

/** A write to the block list or its rules, which refreshes them once done. */
export function useCallBlockingMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: callBlockingKeys.all }),
  });
}
