import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiKeysApi } from "../../api/api-keys";
import { useApi } from "../../api/context";

/** Query keys of the API keys, under ["api-keys"]. */
export const apiKeyKeys = { all: ["api-keys"] as const };

export function useApiKeysApi() {
  return apiKeysApi(useApi());
}

export function useApiKeys() {
  const api = useApiKeysApi();
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: ({ signal }) => api.list(signal),
    staleTime: 10_000,
    meta: { toastTitle: "Error Fetching API Keys" },
  });
}

/** A write to the keys, which refreshes the list once done. */
export function useApiKeyMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
