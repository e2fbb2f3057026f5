import { expect } from "@playwright/test";
import { e2ePasswords } from "./passwords";
import { appReady, seriousAxeViolations, signIn, test } from "./support";
import { pausedTrialAccount } from "./trial-account";

/**
 * A trial whose included minutes are used and whose wallet is empty (seeded by start-server.ts):
 * every screen the user looks at says telephony is paused, with the action that resumes it.
 */
const pausedUser = { email: pausedTrialAccount.email, password: e2ePasswords().trial };

test("a paused trial sees why and how to resume, on the dashboard, numbers, routing and billing", async ({
  page,
}) => {
  await signIn(page, pausedUser);
  await expect(page).toHaveURL(/\/dashboard$/);
  await appReady(page);

  const banner = page.getByTestId("paused-banner");
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("Telephony paused");
  await expect(banner).toContainText(
    "your trial's included minutes are used and your prepaid wallet is empty",
  );
  await expect(banner.getByRole("link", { name: "Add funds" })).toBeVisible();
  // The dashboard shows what is left of the trial's allowance.
  const allowance = page.getByTestId("trial-allowance");
  await expect(allowance).toContainText("0 of 100 minutes left");
  await expect(allowance).toContainText("88 of 100 texts left");
  const axe = await seriousAxeViolations(page);
  expect(axe.count, axe.report).toBe(0);

  for (const [path, heading] of [
    ["/dashboard/numbers", "Phone Numbers"],
    ["/dashboard/call-routing", "Call Routing"],
  ] as const) {
    await page.goto(path);
    await appReady(page);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByTestId("paused-banner").getByRole("link", { name: "Add funds" })).toBeVisible();
  }

  // The action leads to Billing & Wallet, which says it too and shows the allowance.
  await page.getByTestId("paused-banner").getByRole("link", { name: "Add funds" }).click();
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  await expect(page.getByTestId("paused-banner")).toBeVisible();
  await expect(page.getByTestId("trial-allowance")).toContainText("0 of 100 minutes left");
});
