import { useEffect, useRef } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageLoader } from "../layout/PageLoader";
import { toast, toastError } from "../ui/toast";
import { signedOutHere, useSession, useSessionQuery } from "./session";

/** Seed 001: the not-authenticated toast stays 3 s. */
export const AUTH_REQUIRED_TOAST_MS = 3000;

const currentPath = (location: { pathname: string; search: string; hash: string }) =>
  `${location.pathname}${location.search}${location.hash}`;

/** Where a visitor sent to /login wanted to go; login sends them back there. */
export interface FromState {
  from?: string;
}

/**
 * /dashboard/*: 'Loading...' while the session is determined; without one, to /login with the
 * origin remembered and seed 001's 'Authentication required' toast (3 s).
 */
export function RequireSession() {
  const session = useSessionQuery();
  const user = session.data?.user ?? null;
  const location = useLocation();
  const leftHere = session.data === signedOutHere;
  const missing = !session.isPending && !user && !session.data?.twoFactorPending && !leftHere;
  // Once per refusal: React's development double effects would otherwise show it twice.
  const toldMissing = useRef(false);
  useEffect(() => {
    if (!missing || toldMissing.current) return;
    toldMissing.current = true;
    // Not after a sign-out: the console left for /login before the session was cleared.
    toast({
      title: "Authentication required",
      description: "Please log in to access the dashboard.",
      duration: AUTH_REQUIRED_TOAST_MS,
      variant: "destructive",
    });
  }, [missing]);
  if (session.isPending) return <PageLoader label="Loading..." />;
  // Signed in with the password (or Google), the two-factor code still due.
  if (session.data?.twoFactorPending)
    return (
      <Navigate to="/login/two-factor" replace state={{ from: currentPath(location) } satisfies FromState} />
    );
  if (leftHere) return <Navigate to="/login" replace />;
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from } satisfies FromState} />;
  }
  return <Outlet />;
}

/** Where to send an admin who has not set up two-factor authentication yet. */
export const TWO_FACTOR_SETUP_PATH = "/dashboard/settings?tab=security";

/**
 * /admin/*: needs a session and admin status; others get "Access Denied" and go to /dashboard.
 * An admin without two-factor authentication (the API refuses them too) goes to set it up.
 */
export function RequireAdmin() {
  const session = useSession();
  const { user, isAdmin, twoFactorEnabled, twoFactorPending } = session;
  const location = useLocation();
  const denied = Boolean(user) && !isAdmin;
  const needsTwoFactor = Boolean(user) && isAdmin && !twoFactorEnabled;
  const toldSetup = useRef(false);
  useEffect(() => {
    if (!needsTwoFactor || toldSetup.current) return;
    toldSetup.current = true;
    toastError(
      "Two-factor authentication required",
      "Administrators must turn on two-factor authentication before entering the admin area.",
    );
  }, [needsTwoFactor]);
  // Once per refusal: React's development double effects would otherwise show it twice.
  const toldDenied = useRef(false);
  useEffect(() => {
    if (!denied || toldDenied.current) return;
    toldDenied.current = true;
    toast({
      title: "Access Denied",
      // Seed 001: the admin layout's wording (the console pages say "...access this page.").
      description: "You do not have permission to access the admin area.",
      variant: "destructive",
    });
  }, [denied]);
  if (twoFactorPending)
    return (
      <Navigate to="/login/two-factor" replace state={{ from: currentPath(location) } satisfies FromState} />
    );
  if (!user) {
    if (session === signedOutHere) return <Navigate to="/login" replace />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from } satisfies FromState} />;
  }
  if (denied) return <Navigate to="/dashboard" replace />;
  if (needsTwoFactor) return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;
  return <Outlet />;
}
