import { expect, type Page } from "@playwright/test";
import { adminUser, appReady, demoUser, seriousAxeViolations, signIn, test, toast } from "./support";

/** Signs in as the demo user and waits for the console's shell. */
async function openConsole(page: Page, user = demoUser) {
  await signIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("navigation", { name: "Dashboard navigation" })).toBeVisible();
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Dashboard navigation" });

test("sign in, see the shell with its navigation rule, sign out", async ({ page }) => {
  await openConsole(page);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // The demo user is no admin: no Admin Panel.
  await expect(nav(page).getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
  await expect(nav(page).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");

  // A screen not built yet: its item active, /dashboard (exact rule) not.
  await nav(page).getByRole("link", { name: "IVR Menus" }).click();
  await expect(page).toHaveURL(/\/dashboard\/ivr-menus$/);
  await expect(nav(page).getByRole("link", { name: "IVR Menus" })).toHaveAttribute("aria-current", "page");
  await expect(nav(page).getByRole("link", { name: "Dashboard" })).not.toHaveAttribute(
    "aria-current",
    "page",
  );
  // Prefix rule: a sub-route keeps its item active.
  await page.goto("/dashboard/contacts/anything");
  await appReady(page);
  await expect(nav(page).getByRole("link", { name: "Contacts CRM" })).toHaveAttribute("aria-current", "page");

  // The user menu: Settings, and Sign out.
  await page.getByRole("button", { name: "User menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Profile" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Admin Panel" })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(toast(page, "Logged out successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Signed out, the console is refused with seed 001's toast.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, "Authentication required")).toBeVisible();
});

test("an admin sees Admin Panel in the navigation and the user menu", async ({ page }) => {
  await openConsole(page, adminUser);
  await expect(nav(page).getByRole("link", { name: "Admin Panel" })).toBeVisible();
  await page.getByRole("button", { name: "User menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Admin Panel" })).toBeVisible();
});

test("below 1024 px the sidebar is closed and toggled", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await signIn(page, demoUser);
  await expect(page).toHaveURL(/\/dashboard$/);
  const item = nav(page).getByRole("link", { name: "Call History" });
  await expect(item).not.toBeInViewport();
  await page.getByRole("button", { name: "Toggle navigation" }).click();
  await expect(item).toBeInViewport();
});

test("the header search finds the account's contacts", async ({ page }) => {
  await openConsole(page);
  // A contact of the demo account, read through the API as the page would.
  const found = await page.request.get("/api/console/search?q=%2B1");
  expect(found.ok()).toBe(true);
  const { contacts } = (await found.json()) as { contacts: { name: string }[] };
  const name = contacts[0]?.name ?? "";
  expect(name).not.toBe("");
  await page.getByRole("textbox", { name: "Search contacts, calls and messages" }).fill(name.slice(0, 6));
  await expect(page.getByRole("option", { name }).first()).toBeVisible();
});

test("a simulated call appears live in Active Calls, then in Recent Calls, without a reload", async ({
  page,
  baseURL,
}) => {
  await openConsole(page);
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  const numbers = await page.request.get("/api/console/numbers");
  const { numbers: ours } = (await numbers.json()) as { numbers: { e164: string }[] };
  const to = ours.find((n) => n.e164.startsWith("+1407"))?.e164 ?? ours[0]?.e164 ?? "";
  const line = String(Math.floor(Math.random() * 9000) + 1000);
  const caller = `+1305555${line}`;
  // Written as the rest of the console writes numbers (web/src/ui/format.ts), not in E.164.
  const shown = `(305) 555-${line}`;

  const placed = await page.request.post("/carrier-sim/sim/calls", {
    data: { from: caller, to },
    headers: { origin: baseURL ?? "" },
  });
  expect(placed.ok(), await placed.text()).toBe(true);

  const panel = page.getByRole("region", { name: "Active calls" });
  await expect(panel.getByTestId("active-call").filter({ hasText: shown })).toBeVisible();
  const recent = page.getByTestId("recent-call").filter({ hasText: shown });
  await expect(recent).toBeVisible();
});

test("Make a Call rings the user's phone, then the destination, and the call shows in Recent Calls", async ({
  page,
}) => {
  await openConsole(page);
  const line = String(Math.floor(Math.random() * 9000) + 1000);
  const destination = `+1404555${line}`;
  await page.getByRole("button", { name: "Make a Call" }).click();
  const dialog = page.getByRole("dialog", { name: "Make a Call" });
  await dialog.getByLabel("Your phone").fill("(305) 555-0142");
  await dialog.getByLabel("Number to call").fill(destination);
  await expect(dialog.getByRole("textbox", { name: "Caller ID" })).not.toHaveValue("");
  await dialog.getByRole("button", { name: "Call", exact: true }).click();
  await expect(toast(page, "Calling your phone")).toBeVisible();
  await expect(page.getByTestId("recent-call").filter({ hasText: `(404) 555-${line}` })).toBeVisible();

  // The user's phone is remembered for the next call.
  await page.getByRole("button", { name: "Make a Call" }).click();
  await expect(page.getByRole("dialog", { name: "Make a Call" }).getByLabel("Your phone")).toHaveValue(
    "(305) 555-0142",
  );
});

test("the dashboard has no serious or critical axe violations", async ({ page }) => {
  await openConsole(page);
  await expect(page.getByTestId("stat-totalCalls")).toBeVisible();
  await expect(page.getByTestId("recent-call").first()).toBeVisible();
  const { count, report } = await seriousAxeViolations(page);
  expect(count, `axe found serious/critical violations on /dashboard:\n\n${report}\n`).toBe(0);
});
