import { expect, type Page } from "@playwright/test";
import { e2ePasswords } from "./passwords";
import { consoleScreens, openTicket, pausedScreens, screenPartsDrawn, ticketScreens } from "./screens";
import { appReady, demoUser, field, openScreen, signIn, test } from "./support";
import { pausedTrialAccount } from "./trial-account";

/** A phone's width (iPhone 12-15). */
const PHONE = { width: 390, height: 844 };

/** The page itself never scrolls sideways: only a wide table, inside its own box. */
async function pageScrollWidth(page: Page): Promise<number> {
  return page.evaluate<number>("document.documentElement.scrollWidth");
}

/** Presses Tab until `target` has the focus (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, target: ReturnType<Page["getByRole"]>, limit = 30) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element.matches(":focus"))) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test.describe("the console at 390 px", () => {
  test.use({ viewport: PHONE });

  /** Each screen fits the width, and its user menu with Sign out is in reach. */
  async function walk(page: Page, paths: string[], paused = false) {
    for (const path of paths) {
      await openScreen(page, path);
      await screenPartsDrawn(page, path, paused);
      expect
        .soft(await pageScrollWidth(page), `${path} scrolls the page sideways`)
        .toBeLessThanOrEqual(PHONE.width);
      const userMenu = page.getByRole("button", { name: "User menu" });
      await expect.soft(userMenu, `${path}: the user menu`).toBeInViewport({ ratio: 1 });
      await userMenu.click();
      await expect.soft(page.getByRole("menuitem", { name: "Sign out" })).toBeInViewport({ ratio: 1 });
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeHidden();
    }
  }

  test("every screen fits the width, and the user menu with Sign out is in reach", async ({ page }) => {
    // Seventeen screens in one test.
    test.slow();
    await signIn(page, demoUser);
    await expect(page).toHaveURL(/\/dashboard$/);
    const ticketId = await openTicket(page, "390 px");
    await walk(page, [...consoleScreens, ticketScreens.customer(ticketId)]);
  });

  test("the screens that say telephony is paused fit the width, banner and all", async ({ page }) => {
    await signIn(page, { email: pausedTrialAccount.email, password: e2ePasswords().trial });
    await expect(page).toHaveURL(/\/dashboard$/);
    await walk(page, pausedScreens, true);
  });

  test("the navigation toggle says whether the sidebar is open", async ({ page }) => {
    await signIn(page, demoUser);
    await expect(page).toHaveURL(/\/dashboard$/);
    const toggle = page.getByRole("button", { name: "Toggle navigation" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(
      page.getByRole("navigation", { name: "Dashboard navigation" }).getByRole("link", { name: "Messages" }),
    ).toBeInViewport();
  });

  test("a chosen message thread shows instead of the list, and Back returns to the list", async ({
    page,
  }) => {
    await signIn(page, demoUser);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openScreen(page, "/dashboard/messages");
    const list = page.getByRole("list", { name: "Conversations" });
    await list.getByRole("button").first().click();
    await expect(page).toHaveURL(/peer=/);
    await expect(list).toBeHidden();
    // The thread is on the first screen, not below the list.
    await expect(page.getByTestId("message").first()).toBeInViewport();
    await page.getByRole("button", { name: "Back to conversations" }).click();
    await expect(list).toBeVisible();
    await expect(page).not.toHaveURL(/peer=/);
  });

  test("a wide table scrolls in its own box and says so", async ({ page }) => {
    await signIn(page, demoUser);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openScreen(page, "/dashboard/call-history");
    const region = page.getByRole("region", { name: "Call logs" });
    await expect(region).toBeVisible();
    await expect(page.getByText("Scroll sideways for more columns")).toBeVisible();
    // The hint is the region's description: announced with it.
    await expect(region).toHaveAccessibleDescription(/Scroll sideways for more columns/);
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  test("by keyboard alone: sign in, the skip link, a dialog opened with Enter and closed with Escape", async ({
    page,
  }) => {
    await page.goto("/login");
    await appReady(page);
    // The sign-in page drawn (its code loads after the app's): a Tab pressed before would be lost.
    await expect(field(page, /^Email( Address)?( \*)?$/i)).toBeVisible();
    // The skip link is the first stop; Enter moves past the header into the page.
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
    const email = field(page, /^Email( Address)?( \*)?$/i);
    await tabTo(page, email);
    await page.keyboard.type(demoUser.email);
    await tabTo(page, field(page, "Password"));
    await page.keyboard.type(demoUser.password);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    // The dashboard: skip link, then on to Make a Call.
    await tabTo(page, page.getByRole("link", { name: "Skip to content" }), 5);
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
    const makeCall = page.getByRole("button", { name: "Make a Call", exact: true });
    await tabTo(page, makeCall, 40);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Make a Call" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(makeCall).toBeFocused();
  });
});
