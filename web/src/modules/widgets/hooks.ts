import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "../../api/context";
import { widgetsApi } from "../../api/widgets";

export const widgetKeys = {
  all: ["widgets"] as const,
  list: ["widgets", "list"] as const,
  numbers: ["widgets", "licensed-numbers"] as const,
  embed: ["widgets", "embed"] as const,
  attempts: (id: string, page: number) => ["widgets", "attempts", id, page] as const,
};

export function useWidgetsApi() {
  const api = useApi();
  return useMemo(() => widgetsApi(api), [api]);
}

export function useWidgets() {
  const api = useWidgetsApi();
  return useQuery({ queryKey: widgetKeys.list, queryFn: ({ signal }) => api.list(signal) });
}

export function useLicensedNumbers() {
  const api = useWidgetsApi();
  return useQuery({ queryKey: widgetKeys.numbers, queryFn: ({ signal }) => api.licensedNumbers(signal) });
}

export function useEmbedScript() {
  const api = useWidgetsApi();
  return useQuery({
    queryKey: widgetKeys.embed,
    queryFn: ({ signal }) => api.embedScript(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useWidgetAttempts(id: string, page: number, pageSize: number) {
  const api = useWidgetsApi();
  return useQuery({
    queryKey: widgetKeys.attempts(id, page),
    queryFn: ({ signal }) => api.attempts(id, { limit: pageSize, offset: (page - 1) * pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}

/** A change to a widget: the list (and with it the snippet and attempts) is read again. */
export function useWidgetMutation<Input, Output>(fn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: widgetKeys.all }),
  });
}
