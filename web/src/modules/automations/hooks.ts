import type { ScheduledTextView } from "@poundline/contracts/automations/schemas";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { automationsApi } from "../../api/automations";
import { useApi } from "../../api/context";

/** Query keys of automations, all under ["automations"]. */
export const automationKeys = {
  all: ["automations"] as const,
  number: (id: string) => ["automations", "number", id] as const,
  templates: ["automations", "templates"] as const,
  scheduled: (from: string, to: string) => ["automations", "scheduled", from, to] as const,
  account: (view: ScheduledTextView, page: number) => ["automations", "account", view, page] as const,
};

export function useAutomationsApi() {
  return automationsApi(useApi());
}

export function useNumberAutomations(numberId: string) {
  const api = useAutomationsApi();
  return useQuery({
    queryKey: automationKeys.number(numberId),
    queryFn: ({ signal }) => api.numberAutomations(numberId, signal),
  });
}

export function useTextTemplates() {
  const api = useAutomationsApi();
  return useQuery({ queryKey: automationKeys.templates, queryFn: ({ signal }) => api.templates(signal) });
}

export function useScheduledTexts(from: string, to: string, enabled = true) {
  const api = useAutomationsApi();
  return useQuery({
    queryKey: automationKeys.scheduled(from, to),
    queryFn: ({ signal }) => api.scheduledTexts({ from, to }, signal),
    enabled,
  });
}

/** The Scheduled texts view: one page of the account's texts of a view. */
export function useAccountScheduledTexts(view: ScheduledTextView, page: number, pageSize: number) {
  const api = useAutomationsApi();
  return useQuery({
    queryKey: automationKeys.account(view, page),
    queryFn: ({ signal }) =>
      api.allScheduledTexts({ view, limit: pageSize, offset: (page - 1) * pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}

/** A write to automations, which refreshes everything automations show once done. */
export function useAutomationMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.all }),
  });
}
