/** Seed 001's side navigation, in its order; Admin Panel is shown to admins only. */
export interface ConsoleNavItem {
  path: string;
  label: string;
  adminOnly?: boolean;
}

export const CONSOLE_NAV: readonly ConsoleNavItem[] = [
  { path: "/dashboard", label: "Dashboard" },
  { path: "/dashboard/contacts", label: "Contacts CRM" },
  { path: "/dashboard/call-history", label: "Call History" },
  { path: "/dashboard/messages", label: "Messages" },
  { path: "/dashboard/voicemails", label: "Voicemails" },
  { path: "/dashboard/numbers", label: "Phone Numbers" },
  { path: "/dashboard/call-routing", label: "Call Routing" },
  { path: "/dashboard/geo-routing", label: "Geo Routing" },
  { path: "/dashboard/ivr-menus", label: "IVR Menus" },
  { path: "/dashboard/extensions", label: "Extensions" },
  { path: "/dashboard/analytics", label: "Analytics" },
  { path: "/dashboard/widgets", label: "Website Widgets" },
  { path: "/dashboard/billing", label: "Billing & Wallet" },
  { path: "/dashboard/settings", label: "Settings" },
  { path: "/dashboard/support", label: "Support" },
  { path: "/admin", label: "Admin Panel", adminOnly: true },
];

/** Seed 001: an item is active when the path equals its path or starts with it; /dashboard only exactly. */
export function isNavItemActive(itemPath: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (itemPath === "/dashboard") return path === "/dashboard";
  return path === itemPath || path.startsWith(`${itemPath}/`);
}

/** Seed 001: the sidebar is open by default from this width, toggled below it. */
export const SIDEBAR_BREAKPOINT_PX = 1024;
