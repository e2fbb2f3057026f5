import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ContactListQuery, contactsApi } from "../../api/contacts";
import { useApi } from "../../api/context";

/** Query keys of the CRM: under ["contacts"], which the live events invalidate. */
export const contactKeys = {
  all: ["contacts"] as const,
  list: (query: ContactListQuery) => ["contacts", "list", query] as const,
  tags: ["contacts", "tags"] as const,
  activity: (id: string) => ["contacts", "activity", id] as const,
};

export function useContactsApi() {
  return contactsApi(useApi());
}

export function useContactList(query: ContactListQuery) {
  const api = useContactsApi();
  return useQuery({
    queryKey: contactKeys.list(query),
    queryFn: ({ signal }) => api.list(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    meta: { toastTitle: "Error Fetching Contacts" },
  });
}

export function useContactTags() {
  const api = useContactsApi();
  return useQuery({
    queryKey: contactKeys.tags,
    queryFn: ({ signal }) => api.tags(signal),
    staleTime: 30_000,
  });
}

export function useContactActivity(id: string | null) {
  const api = useContactsApi();
  return useQuery({
    queryKey: contactKeys.activity(id ?? ""),
    queryFn: ({ signal }) => api.activity(id ?? "", { limit: 50 }, signal),
    enabled: id !== null,
    staleTime: 10_000,
    meta: { toastTitle: "Error Fetching Activity" },
  });
}

/** A write to the CRM, which refreshes every contacts query once done. */
export function useContactMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
