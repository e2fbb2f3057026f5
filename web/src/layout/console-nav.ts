import type { Action } from "@poundline/contracts/auth/permissions";

/**
 * Seed 001's side navigation, in its order; Admin Panel is shown to admins only, and the pages
 * that only configure the phone system to the roles that may change it.
 */
export interface ConsoleNavItem {
  path: string;
  label: string;
  adminOnly?: boolean;
  /** The permission-table action the page is for: hidden from a role without it. */
  requires?: Action;
}

export const CONSOLE_NAV: readonly ConsoleNavItem[] = [
  { path: "/dashboard", label: "Dashboard" },
  { path: "/dashboard/contacts", label: "Contacts CRM" },
  { path: "/dashboard/call-history", label: "Call History" },
  { path: "/dashboard/messages", label: "Messages" },
  { path: "/dashboard/voicemails", label: "Voicemails" },
  { path: "/dashboard/numbers", label: "Phone Numbers" },
  { path: "/dashboard/call-routing", label: "Call Routing", requires: "routing.edit" },
  { path: "/dashboard/geo-routing", label: "Geo Routing", requires: "routing.edit" },
  { path: "/dashboard/ivr-menus", label: "IVR Menus", requires: "ivr.edit" },
  { path: "/dashboard/extensions", label: "Extensions", requires: "extensions.edit" },
  { path: "/dashboard/analytics", label: "Analytics" },
  { path: "/dashboard/widgets", label: "Website Widgets", requires: "widgets.edit" },
  { path: "/dashboard/webhooks", label: "Webhooks", requires: "webhooks.manage" },
  { path: "/dashboard/billing", label: "Billing & Wallet", requires: "billing.view" },
  { path: "/dashboard/settings", label: "Settings" },
  { path: "/dashboard/support", label: "Support" },
  { path: "/admin", label: "Admin Panel", adminOnly: true },
];

/** The items this person sees: by their platform admin flag and their role's permissions. */
export function consoleNavFor(isAdmin: boolean, permissions: readonly string[]): ConsoleNavItem[] {
  return CONSOLE_NAV.filter(
    (item) => (!item.adminOnly || isAdmin) && (!item.requires || permissions.includes(item.requires)),
  );
}

/** Seed 001: an item is active when the path equals its path or starts with it; /dashboard only exactly. */
export function isNavItemActive(itemPath: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (itemPath === "/dashboard") return path === "/dashboard";
  return path === itemPath || path.startsWith(`${itemPath}/`);
}

/** Seed 001: the sidebar is open by default from this width, toggled below it. */
export const SIDEBAR_BREAKPOINT_PX = 1024;
