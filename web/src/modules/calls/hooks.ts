import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CallListQuery, callsApi } from "../../api/calls";
import { useApi } from "../../api/context";
import type { ApiError } from "../../api/errors";

/** Query keys of the call history: under ["calls"], which the live events invalidate. */
export const callKeys = {
  all: ["calls"] as const,
  history: (query: CallListQuery) => ["calls", "history", query] as const,
};

/** One page of the call history; the previous page stays shown while the next loads. */
export function useCallHistory(query: CallListQuery) {
  const api = callsApi(useApi());
  return useQuery({
    queryKey: callKeys.history(query),
    queryFn: ({ signal }) => api.list(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    meta: { toastTitle: "Could not fetch call logs." },
  });
}

export function useUpdateCallNotes() {
  const api = callsApi(useApi());
  const queryClient = useQueryClient();
  return useMutation<Awaited<ReturnType<typeof api.updateNotes>>, ApiError, { id: string; notes: string }>({
    mutationFn: ({ id, notes }) => api.updateNotes(id, { notes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callKeys.all }),
  });
}
