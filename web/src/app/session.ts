import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiClient, SessionResponse } from "../api/client";
import { useApi } from "../api/context";

/** Who is signed in, as `GET /api/auth/session` answers: all null/false for a visitor. */
export type Session = SessionResponse;

export const signedOut: Session = { user: null, account: null, isAdmin: false };

/** The session as the app keeps it: the admin flag is false without a user (seed 000). */
export function sessionOf(answer: SessionResponse): Session {
  return { user: answer.user, account: answer.account, isAdmin: Boolean(answer.user && answer.isAdmin) };
}

export const sessionKey = ["session"] as const;

/** The session check: asked once per page load, then kept up to date by sign-in and sign-out. */
export function sessionQuery(api: ApiClient) {
  return queryOptions({
    queryKey: sessionKey,
    queryFn: ({ signal }) =>
      api.auth.session(signal).then(sessionOf, (err: unknown) => {
        if (signal.aborted) throw err;
        // A failed check counts as signed out (seed 000).
        return signedOut;
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The session check itself: pending until the first answer ("Loading application..."). */
export function useSessionQuery() {
  return useQuery(sessionQuery(useApi()));
}

/** The current session; signed out until the check has answered. */
export function useSession(): Session {
  return useSessionQuery().data ?? signedOut;
}

/** Signs in with e-mail and password: the answer is the new session. */
export function useSignIn() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.auth.login,
    onSuccess: (answer) => queryClient.setQueryData(sessionKey, sessionOf(answer)),
  });
}

/** Signs out; the app counts as signed out afterwards even when the request failed. */
export function useSignOut() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.auth.logout,
    onSettled: () => queryClient.setQueryData(sessionKey, signedOut),
  });
}
