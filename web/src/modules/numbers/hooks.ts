import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../api/context";
import { type AvailableQuery, numbersApi, type RequirementsQuery } from "../../api/numbers";

/** Query keys of the phone numbers screen, all under ["numbers"]. */
export const numberKeys = {
  all: ["numbers"] as const,
  list: ["numbers", "list"] as const,
  requests: ["numbers", "requests"] as const,
  available: (query: AvailableQuery) => ["numbers", "available", query] as const,
  countries: ["numbers", "countries"] as const,
  requirements: (query: RequirementsQuery) => ["numbers", "requirements", query] as const,
  bundles: ["numbers", "bundles"] as const,
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

/** The countries the carrier sells numbers in, with each type's price. */
export function useCountries() {
  const api = useNumbersApi();
  return useQuery({
    queryKey: numberKeys.countries,
    queryFn: ({ signal }) => api.countries(signal),
    staleTime: 60_000,
  });
}

/** What the regulation of a country and type asks; runs once both are chosen. */
export function useRequirements(query: RequirementsQuery | null) {
  const api = useNumbersApi();
  return useQuery({
    queryKey: numberKeys.requirements(query ?? { country: "", type: "local" }),
    queryFn: ({ signal }) => api.requirements(query ?? { country: "", type: "local" }, signal),
    enabled: query !== null,
  });
}

/** The account's regulatory bundles; asked again while one is under review. */
export function useBundles() {
  const api = useNumbersApi();
  return useQuery({
    queryKey: numberKeys.bundles,
    queryFn: ({ signal }) => api.bundles(signal),
    refetchInterval: (query) =>
      query.state.data?.bundles.some((b) => b.state === "in_review") ? 5_000 : false,
  });
}
