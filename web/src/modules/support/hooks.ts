import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "../../api/context";
import {
  type AdminTicketsQuery,
  type MyTicketsQuery,
  supportApi,
  type TicketDetail,
  type TicketSide,
} from "../../api/support";

export const supportKeys = {
  all: ["support"] as const,
  mine: (query: MyTicketsQuery) => ["support", "mine", query] as const,
  every: (query: AdminTicketsQuery) => ["support", "every", query] as const,
  ticket: (side: TicketSide, id: string) => ["support", "ticket", side, id] as const,
};

export function useSupportApi() {
  const api = useApi();
  return useMemo(() => supportApi(api), [api]);
}

export function useMyTickets(query: MyTicketsQuery) {
  const api = useSupportApi();
  return useQuery({
    queryKey: supportKeys.mine(query),
    queryFn: ({ signal }) => api.myTickets(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAllTickets(query: AdminTicketsQuery) {
  const api = useSupportApi();
  return useQuery({
    queryKey: supportKeys.every(query),
    queryFn: ({ signal }) => api.allTickets(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(side: TicketSide, id: string) {
  const api = useSupportApi();
  return useQuery({
    queryKey: supportKeys.ticket(side, id),
    queryFn: ({ signal }) => api.ticket(side, id, signal),
    // A refused ticket is not asked again: the page sends the person back to the list.
    retry: false,
  });
}

/**
 * A change to one ticket whose answer is the ticket as it now is: it replaces the cached ticket,
 * and the lists (and the bell, which counts support's unread replies) are read again.
 */
export function useTicketChange<Input>(
  side: TicketSide,
  id: string,
  fn: (input: Input) => Promise<TicketDetail>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (ticket) => {
      client.setQueryData(supportKeys.ticket(side, id), ticket);
      return Promise.all([
        client.invalidateQueries({ queryKey: ["support", "mine"] }),
        client.invalidateQueries({ queryKey: ["support", "every"] }),
      ]);
    },
  });
}

/** A new attachment: the ticket is read again to list it. */
export function useAttach(side: TicketSide, id: string) {
  const api = useSupportApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api.attach(side, id, file),
    onSuccess: () => client.invalidateQueries({ queryKey: supportKeys.ticket(side, id) }),
  });
}
