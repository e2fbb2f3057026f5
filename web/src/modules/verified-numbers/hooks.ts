import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../api/context";
import { verifiedNumbersApi } from "../../api/verified-numbers";

/** Query keys of the verified numbers, under ["verified-numbers"]. */
export const verifiedNumberKeys = { all: ["verified-numbers"] as const };

export function useVerifiedNumbersApi() {
  return verifiedNumbersApi(useApi());
}

export function useVerifiedNumbers() {
  const api = useVerifiedNumbersApi();
  return useQuery({
    queryKey: verifiedNumberKeys.all,
    queryFn: ({ signal }) => api.list(signal),
    staleTime: 10_000,
    meta: { toastTitle: "Error Fetching Verified Numbers" },
  });
}

/** A write to the verified numbers, which refreshes the list once done (refused or not: a code may have been used). */
export function useVerifiedNumberMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: verifiedNumberKeys.all }),
  });
}
