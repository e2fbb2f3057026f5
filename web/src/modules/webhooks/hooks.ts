import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../api/context";
import { webhooksApi } from "../../api/webhooks";

/** Query keys of the webhooks, under ["webhooks"]. */
export const webhookKeys = {
  all: ["webhooks"] as const,
  deliveries: (id: string, page: number) => ["webhooks", id, "deliveries", page] as const,
};

export const DELIVERIES_PAGE_SIZE = 20;

export function useWebhooksApi() {
  return webhooksApi(useApi());
}

export function useWebhooks() {
  const api = useWebhooksApi();
  return useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => api.list(signal),
    meta: { toastTitle: "Error Fetching Webhooks" },
  });
}

/** A subscription's deliveries, a page at a time; refreshed while some are still on their way. */
export function useDeliveries(id: string, page: number) {
  const api = useWebhooksApi();
  return useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: ({ signal }) =>
      api.deliveries(id, { limit: DELIVERIES_PAGE_SIZE, offset: (page - 1) * DELIVERIES_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === "pending") ? 2000 : false,
    meta: { toastTitle: "Error Fetching Deliveries" },
  });
}

/** A write to the webhooks, which refreshes them (and their delivery logs) once done. */
export function useWebhookMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
