import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "../../api/context";
import { type Availability, type DirectLineBody, peopleApi, type WorkingHoursBody } from "../../api/people";

export const peopleKeys = {
  all: ["people"] as const,
  list: ["people", "list"] as const,
  availability: ["people", "me", "availability"] as const,
  workingHours: ["people", "me", "working-hours"] as const,
  forwarding: ["people", "me", "forwarding"] as const,
  presence: ["people", "presence"] as const,
};

function usePeopleApi() {
  const api = useApi();
  return useMemo(() => peopleApi(api), [api]);
}

/** The account's members with their availability (the ring-group editor's choices). */
export function usePeople() {
  const api = usePeopleApi();
  return useQuery({ queryKey: peopleKeys.list, queryFn: ({ signal }) => api.list(signal) });
}

/**
 * Each member's live state. Kept current by the live socket's presence.changed (see live/events);
 * the slow refetch catches a console that vanished with its instance (its entry expires).
 */
export function usePresence() {
  const api = usePeopleApi();
  return useQuery({
    queryKey: peopleKeys.presence,
    queryFn: ({ signal }) => api.presence(signal),
    refetchInterval: 60_000,
  });
}

/** Each member's state by user id (absent while loading). */
export function usePresenceByMember() {
  const { data } = usePresence();
  return useMemo(() => new Map((data?.members ?? []).map((m) => [m.userId, m])), [data]);
}

/** `enabled`: false where there is no account (the admin area's menu). */
export function useMyAvailability(enabled = true) {
  const api = usePeopleApi();
  return useQuery({
    queryKey: peopleKeys.availability,
    queryFn: ({ signal }) => api.availability(signal),
    enabled,
  });
}

export function useMyWorkingHours() {
  const api = usePeopleApi();
  return useQuery({ queryKey: peopleKeys.workingHours, queryFn: ({ signal }) => api.workingHours(signal) });
}

export function useMyForwarding() {
  const api = usePeopleApi();
  return useQuery({ queryKey: peopleKeys.forwarding, queryFn: ({ signal }) => api.forwarding(signal) });
}

/** Every change to one's own settings refreshes the team's list too (it shows them). */
interface Outcome<T> {
  onSuccess?: (input: T) => void;
  onError?: (error: Error) => void;
}

/**
 * A change of one's own settings. Its outcome callbacks belong to the mutation, not to `mutate`:
 * they still run when the control that started it is gone (a menu closes on click).
 */
function usePeopleMutation<T, R>(mutationFn: (input: T) => Promise<R>, outcome: Outcome<T> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_answer: R, input: T) => {
      outcome.onSuccess?.(input);
      return client.invalidateQueries({ queryKey: peopleKeys.all });
    },
    ...(outcome.onError ? { onError: outcome.onError } : {}),
  });
}

export function useSetAvailability(outcome: Outcome<Availability> = {}) {
  const api = usePeopleApi();
  return usePeopleMutation((availability: Availability) => api.setAvailability(availability), outcome);
}

export function useSetWorkingHours() {
  const api = usePeopleApi();
  return usePeopleMutation((body: WorkingHoursBody) => api.setWorkingHours(body));
}

export function useSetForwarding() {
  const api = usePeopleApi();
  return usePeopleMutation((phone: string | null) => api.setForwarding(phone));
}

/** An owner's or admin's assignment of a member's direct number and extension. */
export function useSetDirectLine(userId: string, outcome: Outcome<DirectLineBody> = {}) {
  const api = usePeopleApi();
  return usePeopleMutation((body: DirectLineBody) => api.setDirectLine(userId, body), outcome);
}
