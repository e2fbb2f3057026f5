import { expect, type Page } from "@playwright/test";
import { appReady, demoMember, demoUser, signIn, test } from "./support";

/** The console by role: a member uses the phones; buying, releasing and billing are not theirs. */

const nav = (page: Page) => page.getByRole("navigation", { name: "Dashboard navigation" });

async function openNumbers(page: Page) {
  await nav(page).getByRole("link", { name: "Phone Numbers" }).click();
  await page.waitForURL(/\/dashboard\/numbers$/);
  await expect(page.getByText("Loading phone numbers...")).toBeHidden();
  await expect(page.getByRole("table", { name: "Phone numbers" }).getByText("(407) 555-0123")).toBeVisible();
}

test.describe("Roles", () => {
  test("a member sees the numbers but no Buy, Release or billing; the page of billing says why", async ({
    page,
  }) => {
    await signIn(page, demoMember);
    await page.waitForURL(/\/dashboard/);
    await appReady(page);
    await expect(nav(page).getByRole("link", { name: "Messages" })).toBeVisible();
    for (const hidden of ["Billing & Wallet", "Call Routing", "IVR Menus", "Website Widgets"])
      await expect(nav(page).getByRole("link", { name: hidden })).toHaveCount(0);

    await openNumbers(page);
    await expect(page.getByRole("button", { name: "Buy a Number" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Release / })).toHaveCount(0);

    await page.goto("/dashboard/billing");
    await appReady(page);
    await expect(
      page.getByText(
        "Only the account's owner, an administrator or a bookkeeper can see the account's billing.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Funds to Wallet" })).toHaveCount(0);
  });

  test("the owner sees Buy a Number, Release and Add Funds", async ({ page }) => {
    await signIn(page, demoUser);
    await page.waitForURL(/\/dashboard/);
    await appReady(page);
    await openNumbers(page);
    await expect(page.getByRole("button", { name: "Buy a Number" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Release (407) 555-0123" })).toBeVisible();

    await nav(page).getByRole("link", { name: "Billing & Wallet" }).click();
    await expect(page.getByRole("button", { name: "Add Funds to Wallet" })).toBeVisible();
  });
});
