import { isNavItemActive } from "./console-nav";

/**
 * Seed 001's admin sidebar, in its order, then the admin screens of issue 14 it does not name.
 * A page of the admin area adds its entry here and its route under `/admin` in app/routes.tsx.
 */
export interface AdminNavItem {
  path: string;
  label: string;
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { path: "/admin", label: "Admin Dashboard" },
  { path: "/admin/editable-content", label: "Editable Content" },
  { path: "/admin/support-tickets", label: "Support Tickets" },
  { path: "/admin/user-management", label: "User Management" },
  { path: "/admin/requests", label: "Requests" },
  { path: "/admin/emails", label: "E-mail Outbox" },
  { path: "/admin/porting", label: "Port-In Requests" },
  { path: "/admin/failed-jobs", label: "Failed Jobs" },
  { path: "/admin/audit-log", label: "Audit Log" },
];

/** The console's rule (console-nav.ts), with /admin the exact-match root: active on its path or below it. */
export function isAdminNavItemActive(itemPath: string, pathname: string): boolean {
  if (itemPath === "/admin") return pathname.replace(/(.)\/+$/, "$1") === "/admin";
  return isNavItemActive(itemPath, pathname);
}
