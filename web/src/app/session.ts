import type { Action } from "@poundline/contracts/auth/permissions";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiClient, SessionResponse } from "../api/client";
import { useApi } from "../api/context";
import { verifyTwoFactor } from "../api/settings";

/** Who is signed in, as `GET /api/auth/session` answers: all null/false for a visitor. */
export type Session = SessionResponse;

export const signedOut: Session = {
  user: null,
  account: null,
  isAdmin: false,
  twoFactorEnabled: false,
  twoFactorPending: false,
};

/**
 * Signed out by the person in this tab (the user menu, "sign out everywhere"): the guards then go
 * to /login remembering no page, as the console may still be drawn when the session goes.
 */
export const signedOutHere: Session = { ...signedOut };

/** The session as the app keeps it: the admin flag is false without a user (seed 000). */
export function sessionOf(answer: SessionResponse): Session {
  return {
    user: answer.user,
    account: answer.account,
    isAdmin: Boolean(answer.user && answer.isAdmin),
    twoFactorEnabled: Boolean(answer.user && answer.twoFactorEnabled),
    // The password was right; the two-factor code is still due (/login/two-factor).
    twoFactorPending: !answer.user && answer.twoFactorPending,
  };
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

/**
 * Whether the signed-in person's role allows the action: the API's permission table, as the
 * session carries it. The console hides what it does not allow (the API refuses it anyway).
 */
export function useCan(action: Action): boolean {
  return useSession().account?.permissions.includes(action) ?? false;
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

/** The second step of sign-in: a code from the app or a recovery code; the answer is the session. */
export function useVerifyTwoFactor() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Parameters<typeof verifyTwoFactor>[1]) => verifyTwoFactor(api, body),
    onSuccess: (answer) => queryClient.setQueryData(sessionKey, sessionOf(answer)),
  });
}

/** Reads the session again (after a change to the profile, the avatar or two-factor authentication). */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionKey });
}

/** Signs out; the app counts as signed out afterwards even when the request failed. */
export function useSignOut() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.auth.logout,
    onSettled: () => queryClient.setQueryData(sessionKey, signedOutHere),
  });
}
