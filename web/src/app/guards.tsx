import { useEffect, useRef } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageLoader } from "../layout/PageLoader";
import { toast } from "../lib/toast";
import { useSession, useSessionQuery } from "./session";

/** Seed 001: the not-authenticated toast stays 3 s. */
export const AUTH_REQUIRED_TOAST_MS = 3000;

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
  const missing = !session.isPending && !user;
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
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from } satisfies FromState} />;
  }
  return <Outlet />;
}

/** /admin/*: needs a session and admin status; others get "Access Denied" and go to /dashboard. */
export function RequireAdmin() {
  const { user, isAdmin } = useSession();
  const location = useLocation();
  const denied = Boolean(user) && !isAdmin;
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
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from } satisfies FromState} />;
  }
  if (denied) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
