/**
 * Every screen of the console and of the admin area (web/src/app/routes.tsx), for the specs that
 * walk them all (accessibility, 390 px layout).
 * Screens addressed by an id (a ticket) are left out: their lists are here.
 */
export const consoleScreens: string[] = [
  "/dashboard",
  "/dashboard/contacts",
  "/dashboard/call-history",
  "/dashboard/messages",
  "/dashboard/voicemails",
  "/dashboard/numbers",
  "/dashboard/call-routing",
  "/dashboard/geo-routing",
  "/dashboard/ivr-menus",
  "/dashboard/extensions",
  "/dashboard/analytics",
  "/dashboard/widgets",
  "/dashboard/billing",
  "/dashboard/settings",
  "/dashboard/support",
  "/dashboard/support/ticket/new",
  "/dashboard/no-such-screen",
];

export const adminScreens: string[] = [
  "/admin",
  "/admin/editable-content",
  "/admin/editable-content/new",
  "/admin/support-tickets",
  "/admin/user-management",
  "/admin/user-management/new",
  "/admin/requests",
  "/admin/emails",
  "/admin/failed-jobs",
  "/admin/audit-log",
  "/admin/no-such-screen",
];

/** Each screen's main dialogs: the button that opens one (on that screen). */
export const screenDialogs: { path: string; opener: string }[] = [
  { path: "/dashboard", opener: "Make a Call" },
  { path: "/dashboard/contacts", opener: "Add Contact" },
  { path: "/dashboard/contacts", opener: "Import CSV" },
  { path: "/dashboard/messages", opener: "New Message" },
  { path: "/dashboard/numbers", opener: "Verify a Number" },
  { path: "/dashboard/extensions", opener: "New Extension" },
  { path: "/dashboard/billing", opener: "Add Funds to Wallet" },
  { path: "/admin/user-management", opener: "Add User" },
  { path: "/admin/editable-content", opener: "Add Content" },
];

/** Phone-sized and desktop viewports. */
export const viewports = [
  { label: "390 px", width: 390, height: 844 },
  { label: "desktop", width: 1366, height: 900 },
];
