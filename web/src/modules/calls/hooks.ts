import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CallListQuery, callsApi } from "../../api/calls";
import { useApi } from "../../api/context";
import type { ApiError } from "../../api/errors";

/** Query keys of the call history: under ["calls"], which the live events invalidate. */
export const callKeys = {
  all: ["calls"] as const,
  history: (query: CallListQuery) => ["calls", "history", query] as const,
  recordings: (id: string) => ["calls", "recordings", id] as const,
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

/** Sets a call's tags and disposition; the history and the tag suggestions are read again. */
export function useTagCall() {
  const api = callsApi(useApi());
  const queryClient = useQueryClient();
  return useMutation<
    Awaited<ReturnType<typeof api.tag>>,
    ApiError,
    { id: string; tags: string[]; disposition: string | null }
  >({
    mutationFn: ({ id, ...body }) => api.tag(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callKeys.all }),
  });
}

/** The tags used on the account's calls and its dispositions, while a tag dialog is open. */
export function useTagChoices(enabled: boolean) {
  const api = callsApi(useApi());
  const tags = useQuery({
    queryKey: [...callKeys.all, "tags"],
    queryFn: ({ signal }) => api.tags(signal),
    enabled,
  });
  const dispositions = useQuery({
    queryKey: [...callKeys.all, "dispositions"],
    queryFn: ({ signal }) => api.dispositions(signal),
    enabled,
  });
  return { tags: tags.data?.tags ?? [], dispositions: dispositions.data?.dispositions ?? [] };
}

/** Replaces the account's dispositions; the tag dialogs and filters read them again. */
export function useUpdateDispositions() {
  const api = callsApi(useApi());
  const queryClient = useQueryClient();
  return useMutation<Awaited<ReturnType<typeof api.updateDispositions>>, ApiError, string[]>({
    mutationFn: (dispositions) => api.updateDispositions({ dispositions }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...callKeys.all, "dispositions"] }),
  });
}

/** A call's recordings and transcripts, while its dialog is open; asked again while one is still being transcribed. */
export function useCallRecordings(id: string, enabled: boolean) {
  const api = callsApi(useApi());
  return useQuery({
    queryKey: callKeys.recordings(id),
    queryFn: ({ signal }) => api.recordings(id, signal),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.recordings.some((r) => r.status === "pending" || r.transcriptionStatus === "pending")
        ? 5_000
        : false,
  });
}
