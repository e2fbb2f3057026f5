import { expect, type Page } from "@playwright/test";

/**
 * Every screen of the console and of the admin area (web/src/app/routes.tsx), for the specs that
 * walk them all (accessibility, 390 px layout).
 * Screens addressed by an id (a ticket) are left out: the walks open a ticket they create
 * (ticketScreens). "/dashboard" holds the setup guide; "no-such-screen" is the not-found page.
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
  "/dashboard/settings?tab=team",
  "/dashboard/settings?tab=roles",
  "/dashboard/settings?tab=texting",
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
  "/admin/porting",
  "/admin/failed-jobs",
  "/admin/audit-log",
  "/admin/no-such-screen",
];

/**
 * The screens that say telephony is paused (the paused banner), walked as the paused trial of
 * trial-account.ts, whose setup guide is open with steps to do.
 */
export const pausedScreens: string[] = [
  "/dashboard",
  "/dashboard/numbers",
  "/dashboard/call-routing",
  "/dashboard/billing",
];

/** A ticket's page, on the customer's side and on support's, by the ticket's id. */
export const ticketScreens = {
  customer: (ticketId: string) => `/dashboard/support/ticket/${ticketId}`,
  support: (ticketId: string) => `/admin/support-tickets/${ticketId}`,
};

/** A write as the signed-in user of `page` (the API checks a write's origin); the created row's id. */
export async function postAs(page: Page, path: string, data: unknown): Promise<{ id: string }> {
  const res = await page.request.post(path, { headers: { origin: new URL(page.url()).origin }, data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as { id: string };
}

/** A ticket of the signed-in user's account, opened through the API as the New Ticket form does. */
export async function openTicket(page: Page, label: string): Promise<string> {
  const ticket = await postAs(page, "/api/support/tickets", {
    subject: `Screen walk ${label} ${Date.now()}`,
    description: "Callers hear silence after the greeting.\nSince this morning.",
    priority: "high",
  });
  return ticket.id;
}

/**
 * Waits for what a screen draws after its heading and loaders (openScreen): the dashboard's
 * setup guide (or the button that brings it back), the paused banner on a paused account.
 */
export async function screenPartsDrawn(page: Page, path: string, paused = false) {
  if (path === "/dashboard")
    await expect(
      page
        .getByRole("region", { name: /set up/i })
        .or(page.getByRole("button", { name: "Show setup guide" })),
    ).toBeVisible();
  if (paused) await expect(page.getByTestId("paused-banner")).toBeVisible();
}

/**
 * Each screen's main dialogs: the button that opens one (on that screen); a RegExp opens the
 * first button it names (a contact card's "Delete <name>": the walk adds a contact first).
 */
export const screenDialogs: { path: string; opener: string | RegExp }[] = [
  { path: "/dashboard", opener: "Make a Call" },
  { path: "/dashboard/contacts", opener: "Add Contact" },
  { path: "/dashboard/contacts", opener: "Import CSV" },
  { path: "/dashboard/contacts", opener: /^Delete / },
  { path: "/dashboard/messages", opener: "New Message" },
  { path: "/dashboard/numbers", opener: "Verify a Number" },
  { path: "/dashboard/numbers", opener: "Buy Abroad" },
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
