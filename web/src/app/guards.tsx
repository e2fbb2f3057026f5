import { useEffect, useRef } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { toast } from "../lib/toast";
import { useSession } from "./session";

/** Where a visitor sent to /login wanted to go; login sends them back there. */
export interface FromState {
  from?: string;
}

/** /dashboard/*: without a session, to /login with the origin remembered. */
export function RequireSession() {
  const { user } = useSession();
  const location = useLocation();
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
      description: "You do not have permission to access this page.",
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
