import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../api/context";
import { type AvailableQuery, numbersApi } from "../../api/numbers";

/** Query keys of the phone numbers screen, all under ["numbers"]. */
export const numberKeys = {
  all: ["numbers"] as const,
  list: ["numbers", "list"] as const,
  requests: ["numbers", "requests"] as const,
  available: (query: AvailableQuery) => ["numbers", "available", query] as const,
};

export function useNumbersApi() {
  return numbersApi(useApi());
}

export function useNumberList() {
  const api = useNumbersApi();
  return useQuery({
    queryKey: numberKeys.list,
    queryFn: ({ signal }) => api.list(signal),
    staleTime: 10_000,
    meta: { toastTitle: "Error Fetching Phone Numbers" },
  });
}

export function useNumberRequests() {
  const api = useNumbersApi();
  return useQuery({
    queryKey: numberKeys.requests,
    queryFn: ({ signal }) => api.requests(signal),
    staleTime: 10_000,
  });
}

/** Numbers for sale; runs once a search is asked for (null: not yet). */
export function useAvailableNumbers(query: AvailableQuery | null) {
  const api = useNumbersApi();
  return useQuery({
    queryKey: numberKeys.available(query ?? {}),
    queryFn: ({ signal }) => api.available(query ?? {}, signal),
    enabled: query !== null,
    staleTime: 0,
    retry: false,
  });
}

/** A write to the numbers, which refreshes the list and the requests once done. */
export function useNumberMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: numberKeys.all }),
  });
}
