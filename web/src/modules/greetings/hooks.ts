import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "../../api/context";
import { type GreetingCall, greetingsApi } from "../../api/greetings";

export const greetingKeys = {
  all: ["greetings"] as const,
  call: (id: string) => ["greetings", "call", id] as const,
};

export function useGreetingsApi() {
  const api = useApi();
  return useMemo(() => greetingsApi(api), [api]);
}

export function useGreetings() {
  const api = useGreetingsApi();
  return useQuery({ queryKey: greetingKeys.all, queryFn: ({ signal }) => api.list(signal) });
}

/** A change to a greeting: the greetings (and the IVR menus, whose greeting a phone call may set) read again. */
export function useGreetingMutation<Input, Output>(fn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: greetingKeys.all }),
        client.invalidateQueries({ queryKey: ["ivr-menus"] }),
      ]),
  });
}

const FINAL: readonly GreetingCall["status"][] = ["saved", "cancelled", "failed"];

/** A greeting call followed until it ends (polled: it moves as the member presses keys). */
export function useGreetingCall(id: string | null) {
  const api = useGreetingsApi();
  return useQuery({
    queryKey: greetingKeys.call(id ?? ""),
    queryFn: ({ signal }) => api.getCall(id ?? "", signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && FINAL.includes(query.state.data.status) ? false : 1500),
  });
}
