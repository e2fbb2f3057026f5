import { expect, type Locator, type Page } from "@playwright/test";
import {
  appReady,
  choose,
  field,
  linkIn,
  seriousAxeViolations,
  signInThroughPage,
  test,
  toast,
  uniqueEmail,
  waitForEmail,
} from "./support";

/**
 * A new business's first day, from the dashboard's setup guide: it registers (its address is the
 * E911 address to be), sees the checklist, gets its number from the guide's link with the price
 * shown and confirmed, confirms the E911 address the form fills from registration, and makes a
 * test call from the guide that the simulator places into its number: answered, and ticked. The
 * caller leaves a voicemail, transcribed out of the box (no carrier account: the simulator's
 * transcription, the words the test caller says). No card and no money: the unpaid trial's
 * included number and minutes (billing/trial-allowance.ts).
 */

const company = "Sunrise Dental";
const address = { street: "200 S Orange Ave", city: "Orlando", zip: "32801" };

async function registerThroughPage(page: Page, email: string, password: string) {
  await page.goto("/register");
  await appReady(page);
  await field(page, "First Name").fill("Dana");
  await field(page, "Last Name").fill("Molar");
  await field(page, /^Email( Address)?( \*)?$/i).fill(email);
  await field(page, /^Company( Name)?( \*)?$/i).fill(company);
  await field(page, "Password").fill(password);
  await field(page, "Confirm Password").fill(password);
  await field(page, "Address Line 1").fill(address.street);
  await field(page, "City").fill(address.city);
  await choose(page, "State", /^(FL|Florida)$/);
  await field(page, "ZIP / Postal Code").fill(address.zip);
  await page.getByRole("button", { name: "Create Free Account" }).click();
  await expect(toast(page, "Registration Successful!")).toBeVisible();
}

/** The control with this label inside `scope` (a dialog), asterisk or not. */
function inside(scope: Locator, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return scope.getByLabel(new RegExp(`^${escaped}( \\*)?$`, "i"));
}

const guideOf = (page: Page) => page.getByRole("region", { name: "Set up your phone system" });

/** What the guide's test caller says into voicemail (TEST_CALL_WORDS, packages/modules/src/console/setup-guide.ts). */
const TEST_CALL_WORDS = "Hello, this is a test call from the Poundline setup guide.";

function step(guide: Locator, title: string) {
  return guide.getByRole("list", { name: "Setup steps" }).getByRole("listitem").filter({ hasText: title });
}

test.describe("Setup guide", () => {
  test("registers a new business and reaches its first answered call and a transcribed voicemail without a card and without leaving the setup guide", async ({
    page,
    admin,
  }) => {
    test.setTimeout(150_000);
    const email = uniqueEmail("setup-guide");
    const password = "Dental-Pass-2026!";
    await registerThroughPage(page, email, password);
    const confirmation = await waitForEmail(admin, email, "confirm_email");
    await page.goto(linkIn(confirmation, "/api/auth/confirm-email"));
    await appReady(page);
    await signInThroughPage(page, { email, password });
    await expect(page).toHaveURL(/\/dashboard$/);

    // The checklist, nothing done yet.
    const guide = guideOf(page);
    await expect(guide.getByText("0 of 7 steps done")).toBeVisible();
    for (const title of [
      "Get a phone number",
      "Confirm the E911 address",
      "Set your business hours",
      "Build your greeting or IVR menu",
      "Add extensions or people",
      "Make a test call",
      "Put the call widget on your website",
    ])
      await expect(step(guide, title)).toContainText("To do");
    const axe = await seriousAxeViolations(page);
    expect(axe.count, axe.report).toBe(0);

    // The number, from the guide's link: its price is shown, and the purchase confirmed.
    await step(guide, "Get a phone number").getByRole("link", { name: "Get a Number" }).click();
    await expect(page).toHaveURL(/\/dashboard\/numbers$/);
    await page.getByRole("button", { name: "Buy a Number" }).click();
    const buy = page.getByRole("dialog", { name: "Buy a Phone Number" });
    await inside(buy, "Area Code").fill("407");
    await buy.getByRole("button", { name: "Search Numbers" }).click();
    await expect(buy.getByText(/^Each number: \$0\.00 a month, included in your Free Trial/)).toBeVisible();
    const first = buy.getByRole("button", { name: /^Buy \(407\) 555-\d{4}$/ }).first();
    const shown = ((await first.getAttribute("aria-label")) ?? "").replace(/^Buy /, "");
    await first.click();
    await expect(
      buy.getByText("Price: $0.00 a month, included in your Free Trial (1 number, 0 in use)."),
    ).toBeVisible();
    await buy.getByRole("button", { name: "Confirm Purchase" }).click();
    await expect(toast(page, "Number Purchased")).toContainText(shown);

    // E911: the form starts from the address given at registration; confirming registers it.
    const row = page
      .getByRole("table", { name: "Phone numbers" })
      .getByRole("row")
      .filter({ hasText: shown });
    await row.getByRole("button", { name: `E911 address of ${shown}` }).click();
    const e911 = page.getByRole("dialog", { name: `E911 Address for ${shown}` });
    await expect(e911.getByText("Filled in from the address given at registration")).toBeVisible();
    await expect(inside(e911, "Name")).toHaveValue(company);
    await expect(inside(e911, "Street Address")).toHaveValue(address.street);
    await expect(inside(e911, "City")).toHaveValue(address.city);
    await expect(inside(e911, "ZIP / Postal Code")).toHaveValue(address.zip);
    await expect(e911.getByRole("textbox", { name: "State / Province" })).toHaveValue("FL");
    await e911.getByRole("button", { name: "Save Address" }).click();
    await expect(toast(page, "E911 Address Saved")).toBeVisible();
    await expect(row).toContainText("Registered");

    // Back on the dashboard, both steps are ticked.
    await page.getByRole("link", { name: "Dashboard", exact: true }).click();
    await expect(guide.getByText("2 of 7 steps done")).toBeVisible();
    await expect(step(guide, "Get a phone number")).toContainText("Done");
    await expect(step(guide, "Confirm the E911 address")).toContainText("Done");

    // The test call rings the new number through the simulator: answered, by its voicemail.
    const testCall = step(guide, "Make a test call");
    await expect(testCall).toContainText(`A simulated caller rings ${shown}`);
    await testCall.getByRole("button", { name: "Make a Test Call" }).click();
    const result = testCall.getByRole("status");
    await expect(result).toContainText("Answered by voicemail: the caller left a 5-second message.");
    await expect(result).toContainText("Please leave a message after the tone.");
    const resultAxe = await seriousAxeViolations(page);
    expect(resultAxe.count, resultAxe.report).toBe(0);
    await expect(testCall).toContainText("Done");
    await expect(guide.getByText("3 of 7 steps done")).toBeVisible();
    // Its voicemail, on the same dashboard: transcribed, the words the test caller said.
    const voicemails = page.getByRole("region", { name: "Voicemails", exact: true });
    await expect(voicemails).toContainText(TEST_CALL_WORDS);

    // Put away, and brought back.
    await guide.getByRole("button", { name: "Dismiss setup guide" }).click();
    await expect(guide).toBeHidden();
    await page.reload();
    await appReady(page);
    await page.getByRole("button", { name: "Show setup guide" }).click();
    await expect(guide.getByText("3 of 7 steps done")).toBeVisible();

    // The Voicemails screen shows the same text.
    await voicemails.getByRole("link", { name: "View All" }).click();
    await expect(page).toHaveURL(/\/dashboard\/voicemails$/);
    await expect(page.getByTestId("voicemail").filter({ hasText: TEST_CALL_WORDS })).toHaveCount(1);
  });
});
