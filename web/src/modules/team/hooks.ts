import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "../../api/context";
import { teamApi } from "../../api/team";

export const teamKeys = {
  members: ["team", "members"] as const,
  invitations: ["team", "invitations"] as const,
  myAccounts: ["team", "my-accounts"] as const,
};

export function useTeamApi() {
  const api = useApi();
  return useMemo(() => teamApi(api), [api]);
}

export function useMembers() {
  const api = useTeamApi();
  return useQuery({ queryKey: teamKeys.members, queryFn: ({ signal }) => api.members(signal) });
}

export function useInvitations() {
  const api = useTeamApi();
  return useQuery({ queryKey: teamKeys.invitations, queryFn: ({ signal }) => api.invitations(signal) });
}

export function useMyAccounts() {
  const api = useTeamApi();
  return useQuery({ queryKey: teamKeys.myAccounts, queryFn: ({ signal }) => api.myAccounts(signal) });
}

/** A change to the team: the members and the invitations are read again once it is done. */
export function useTeamMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["team"] }),
  });
}
