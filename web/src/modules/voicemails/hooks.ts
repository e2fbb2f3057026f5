import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "../../api/context";
import { type VoicemailFilters, voicemailsApi } from "../../api/voicemails";

/** Keys start with "voicemails": the live connection invalidates them when one arrives or changes. */
export const voicemailKeys = {
  all: ["voicemails"] as const,
  list: (filters: VoicemailFilters, page: number) => ["voicemails", "list", filters, page] as const,
};

export const VOICEMAIL_PAGE_SIZE = 50;

function useVoicemailsApi() {
  const api = useApi();
  return useMemo(() => voicemailsApi(api), [api]);
}

export function useVoicemails(filters: VoicemailFilters, page: number) {
  const api = useVoicemailsApi();
  return useQuery({
    queryKey: voicemailKeys.list(filters, page),
    queryFn: ({ signal }) =>
      api.list({ ...filters, limit: VOICEMAIL_PAGE_SIZE, offset: (page - 1) * VOICEMAIL_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: voicemailKeys.all }),
      client.invalidateQueries({ queryKey: ["unread"] }),
      client.invalidateQueries({ queryKey: ["dashboard"] }),
    ]);
}

export function useSetVoicemailStatus() {
  const api = useVoicemailsApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: "read" | "unread" }) => api.update(id, { status }),
    onSuccess: invalidate,
  });
}

export function useDeleteVoicemail() {
  const api = useVoicemailsApi();
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.remove(id), onSuccess: invalidate });
}
