import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../api/context";
import type { ApiError } from "../../api/errors";
import { type GeoRuleBody, geoRoutingApi, type ProbeBody } from "../../api/geo-routing";

export const geoKeys = {
  all: ["geo-routing"] as const,
  numbers: ["geo-routing", "numbers"] as const,
  number: (id: string) => ["geo-routing", "number", id] as const,
  coverage: (id: string, rules: GeoRuleBody[]) => ["geo-routing", "coverage", id, rules] as const,
};

export function useSharedNumbers() {
  const api = geoRoutingApi(useApi());
  return useQuery({
    queryKey: geoKeys.numbers,
    queryFn: ({ signal }) => api.sharedNumbers(signal),
    meta: { toastTitle: "Could not fetch shared numbers." },
  });
}

export function useSharedNumber(id: string | null) {
  const api = geoRoutingApi(useApi());
  return useQuery({
    queryKey: geoKeys.number(id ?? ""),
    queryFn: ({ signal }) => api.sharedNumber(id ?? "", signal),
    enabled: id !== null,
    meta: { toastTitle: "Could not fetch licensed clients for this number." },
  });
}

export function useSaveRules(id: string | null) {
  const api = geoRoutingApi(useApi());
  const queryClient = useQueryClient();
  return useMutation<
    Awaited<ReturnType<typeof api.saveRules>>,
    ApiError,
    { rules: GeoRuleBody[]; askLocation: boolean }
  >({
    mutationFn: (body) => api.saveRules(id ?? "", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: geoKeys.number(id ?? "") }),
  });
}

/** Coverage of the draft, asked again as the draft changes (the last answer shown meanwhile). */
export function useCoverage(id: string | null, rules: GeoRuleBody[] | null) {
  const api = geoRoutingApi(useApi());
  return useQuery({
    queryKey: geoKeys.coverage(id ?? "", rules ?? []),
    queryFn: ({ signal }) => api.coverage(id ?? "", { rules: rules ?? [] }, signal),
    enabled: id !== null && rules !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useTestCaller(id: string | null) {
  const api = geoRoutingApi(useApi());
  return useMutation<Awaited<ReturnType<typeof api.test>>, ApiError, ProbeBody>({
    mutationFn: (body) => api.test(id ?? "", body),
  });
}
