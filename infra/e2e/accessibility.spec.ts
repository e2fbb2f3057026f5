import { expect, type Page, test } from "@playwright/test";
import { e2ePasswords } from "./passwords";
import {
  adminScreens,
  consoleScreens,
  openTicket,
  pausedScreens,
  postAs,
  screenDialogs,
  screenPartsDrawn,
  ticketScreens,
  viewports,
} from "./screens";
import { adminUser, appReady, demoUser, openScreen, seriousAxeViolations, signIn } from "./support";
import { pausedTrialAccount } from "./trial-account";

/** Every page a visitor can open without signing in. */
const publicPaths = [
  "/",
  "/features",
  "/pricing",
  "/marketing-programs",
  "/nonprofit-info",
  "/contact",
  "/help",
  "/qa",
  "/request-feature",
  "/request-phone-number",
  "/terms-of-service",
  "/privacy-policy",
  "/disclaimer",
  "/ca-privacy-policy",
  "/e911-policy",
  "/developers/api",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password?token=not-a-real-token",
  "/invitations/not-a-real-token",
  "/no-such-page",
];

/** The nonprofit site has its own (green) theme: its colours are checked too. */
const nonprofitPaths = ["/", "/nonprofit-info", "/register"];

// The file's tests are independent (each signs in on its own): both workers share them, so the
// longest file of the run is not one worker's tail.
test.describe.configure({ mode: "parallel" });

/** The console's screens in two halves, one test each, so that the workers share them. */
const consoleHalves = [
  consoleScreens.slice(0, Math.ceil(consoleScreens.length / 2)),
  consoleScreens.slice(Math.ceil(consoleScreens.length / 2)),
];

test.describe("accessibility (axe: no serious or critical violations)", () => {
  const pages = [
    ...publicPaths.map((path) => ({ label: path, path, nonprofit: false })),
    ...nonprofitPaths.map((path) => ({ label: `nonprofit ${path}`, path, nonprofit: true })),
  ];
  for (const { label, path, nonprofit } of pages) {
    test(label, async ({ page, baseURL }) => {
      const origin = nonprofit ? (baseURL ?? "").replace("//localhost", "//nonprofit.localhost") : "";
      await page.goto(`${origin}${path}`);
      await appReady(page);
      // Scan the finished page: its content loaded and the page's own loaders gone.
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText("Loading page content...")).toBeHidden();
      await page.waitForLoadState("networkidle");
      const { count, report } = await seriousAxeViolations(page);
      expect(count, `axe found serious/critical violations on ${label}:\n\n${report}\n`).toBe(0);
    });
  }
});

/** axe over the page as it is now; a soft failure naming the place, so one run lists them all. */
async function expectNoSeriousViolations(page: Page, where: string) {
  const { count, report } = await seriousAxeViolations(page);
  expect.soft(count, `axe found serious/critical violations on ${where}:\n\n${report}\n`).toBe(0);
}

/** The paused trial of trial-account.ts (seeded by start-server.ts). */
const pausedUser = { email: pausedTrialAccount.email, password: e2ePasswords().trial };

test.describe("accessibility of the console and the admin area (axe: no serious or critical violations)", () => {
  for (const viewport of viewports) {
    for (const [half, screens] of consoleHalves.entries()) {
      test(`every console screen at ${viewport.label} (part ${half + 1} of 2)`, async ({ page }) => {
        // Many screens in one test (each axe run also extends the budget: seriousAxeViolations).
        test.slow();
        await page.setViewportSize(viewport);
        await signIn(page, demoUser);
        await expect(page).toHaveURL(/\/dashboard$/);
        const ticketScreen =
          half === 0 ? [ticketScreens.customer(await openTicket(page, viewport.label))] : [];
        for (const path of [...screens, ...ticketScreen]) {
          await openScreen(page, path);
          await screenPartsDrawn(page, path);
          await expectNoSeriousViolations(page, `${path} at ${viewport.label}`);
        }
      });
    }

    test(`the screens that say telephony is paused at ${viewport.label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signIn(page, pausedUser);
      await expect(page).toHaveURL(/\/dashboard$/);
      for (const path of pausedScreens) {
        await openScreen(page, path);
        await screenPartsDrawn(page, path, true);
        await expectNoSeriousViolations(page, `${path} (paused) at ${viewport.label}`);
      }
    });

    test(`every admin screen at ${viewport.label}`, async ({ page }) => {
      // Many screens in one test (each axe run also extends the budget: seriousAxeViolations).
      test.slow();
      await page.setViewportSize(viewport);
      await signIn(page, adminUser);
      await expect(page).toHaveURL(/\/dashboard$/);
      // A ticket with a reply from support: both sides of the conversation on the page.
      const ticketId = await openTicket(page, viewport.label);
      await postAs(page, `/api/admin/support-tickets/${ticketId}/replies`, {
        message: "Thanks, we are looking into it.",
      });
      for (const path of [...adminScreens, ticketScreens.support(ticketId)]) {
        await openScreen(page, path);
        await expectNoSeriousViolations(page, `${path} at ${viewport.label}`);
      }
    });

    test(`the screens' main dialogs at ${viewport.label}`, async ({ page }) => {
      // Many screens in one test (each axe run also extends the budget: seriousAxeViolations).
      test.slow();
      await page.setViewportSize(viewport);
      await signIn(page, adminUser);
      await expect(page).toHaveURL(/\/dashboard$/);
      // A contact, for its card's Delete button.
      await postAs(page, "/api/contacts", {
        name: `Walk Contact ${Date.now()}`,
        phone: `+1415555${String(Math.floor(1000 + Math.random() * 8999))}`,
      });
      for (const { path, opener } of screenDialogs) {
        await openScreen(page, path);
        const button = page.getByRole("button", { name: opener, exact: true }).first();
        await button.click();
        const dialog = page.getByRole("dialog");
        await expect(dialog).toBeVisible();
        // Past its opening transition: axe would see half-transparent colours.
        await expect(dialog).toHaveCSS("opacity", "1");
        await expectNoSeriousViolations(
          page,
          `the "${String(opener)}" dialog of ${path} at ${viewport.label}`,
        );
        await dialog.getByRole("button", { name: "Close dialog" }).click();
        await expect(dialog).toBeHidden();
        // The keyboard focus is back on the control that opened it.
        await expect(button).toBeFocused();
      }
    });
  }
});
