import { expect, type Page } from "@playwright/test";
import { e2ePasswords } from "./passwords";
import {
  adminUser,
  appReady,
  demoUser,
  field,
  registerAccount,
  signIn,
  signInThroughPage,
  test,
  toast,
  uniqueEmail,
  waitForEmail,
} from "./support";
import { trialAccount } from "./trial-account";

/**
 * Issue 21, "words for customers": what the console says is said once, in the customer's words,
 * and only when it is true.
 */

const notifications = (page: Page) => page.locator(".mantine-Notification-root");

test.describe("one message per event", () => {
  test("signing out says so once", async ({ page }) => {
    await signIn(page, demoUser);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(toast(page, "Logged out successfully")).toHaveCount(1);
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, "Authentication required")).toHaveCount(0);
    await expect(notifications(page)).toHaveCount(1);
  });

  test("Access Denied to the admin area is told once", async ({ page }) => {
    await signIn(page, demoUser);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page, "Access Denied")).toHaveCount(1);
  });

  test("an empty ticket is told under its fields, with no toast repeating them", async ({ page }) => {
    await signIn(page, demoUser);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/dashboard/support/ticket/new");
    await appReady(page);
    await page.getByRole("button", { name: "Submit Ticket" }).click();
    const errors = page.locator(".mantine-InputWrapper-error");
    await expect(errors.getByText("Subject is required.")).toBeVisible();
    await expect(errors.getByText("Description is required.")).toBeVisible();
    await expect(toast(page, "Error submitting ticket")).toHaveCount(0);
  });

  test("a refused purchase is told in the dialog only", async ({ page }) => {
    await signIn(page, { email: trialAccount.email, password: e2ePasswords().trial });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/dashboard/numbers");
    await appReady(page);
    await page.getByRole("button", { name: "Buy a Number" }).click();
    const buy = page.getByRole("dialog", { name: "Buy a Phone Number" });
    await buy.getByRole("textbox", { name: "Area Code" }).fill("919");
    await buy.getByRole("button", { name: "Search Numbers" }).click();
    await buy
      .getByRole("button", { name: /^Buy \(919\)/ })
      .first()
      .click();
    await buy.getByRole("button", { name: "Confirm Purchase" }).click();
    // The trial's one included number is taken: a second one is refused in the plan's words.
    await expect(buy.getByRole("alert").filter({ hasText: "Cannot buy this number" })).toContainText(
      "Your Free Trial plan includes 1 local number",
    );
    await expect(toast(page, "Purchase Error")).toHaveCount(0);
  });
});

test("an unknown console address is a not-found page inside the console, with the way back", async ({
  page,
}) => {
  await signIn(page, demoUser);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/anything");
  await appReady(page);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText("Coming soon")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Dashboard navigation" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("a crafted return from Checkout claims no payment and no plan", async ({ page }) => {
  await signIn(page, demoUser);
  await expect(page).toHaveURL(/\/dashboard$/);
  const plan = ((await (await page.request.get("/api/billing/plan")).json()) as { plan: string }).plan;
  const other = plan === "Enterprise" ? "Starter" : "Enterprise";
  for (const query of [
    "status=success&plan=Starter",
    "status=success&plan=Starter&session_id=cs_test_crafted000000000000",
    `status=plan_changed&plan=${other}`,
  ]) {
    await page.goto(`/dashboard/billing?${query}`);
    // The query string is cleared once the server has answered what it confirms.
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
    await expect(page.getByRole("heading", { level: 1, name: /Billing/ })).toBeVisible();
    await expect(toast(page, "Payment Successful")).toHaveCount(0);
    await expect(toast(page, "Plan Changed")).toHaveCount(0);
  }
});

test("sign-in with two-factor returns to the page first asked for", async ({ page }) => {
  await page.goto("/dashboard/call-history");
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughPage(page, adminUser);
  await expect(page).toHaveURL(/\/dashboard\/call-history$/);
});

test("'Email Not Confirmed' offers a new confirmation e-mail, whose link confirms", async ({
  page,
  admin,
}) => {
  const email = uniqueEmail("resend");
  const password = e2ePasswords().demo;
  await registerAccount(page.request, email, password, "Resend Dental");
  const first = await waitForEmail(admin, email, "confirm_email");

  await signIn(page, { email, password });
  await expect(toast(page, "Email Not Confirmed")).toBeVisible();
  await page.getByRole("button", { name: "Resend Confirmation Email" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "a new confirmation email is on its way" }),
  ).toBeVisible();

  const second = await waitForEmail(admin, email, "confirm_email", (m) => m.id !== first.id);
  const link = (second.textBody.match(/https?:\/\/\S+/g) ?? []).find((url) =>
    url.includes("/api/auth/confirm-email?token="),
  );
  expect(link).toBeTruthy();
  await page.goto(link ?? "");
  await expect(page).toHaveURL(/\/login\?confirmed=1$/);
  await signInThroughPage(page, { email, password });
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("Make a Call names the contact called and starts from the user's own phone", async ({ page }) => {
  await signIn(page, demoUser);
  await expect(page).toHaveURL(/\/dashboard$/);
  const profile = (await (await page.request.get("/api/settings/profile")).json()) as {
    phone: string | null;
  };
  const { contacts } = (await (await page.request.get("/api/contacts?limit=1")).json()) as {
    contacts: { name: string; phone: string }[];
  };
  const [contact] = contacts;
  expect(contact, "the demo has contacts").toBeTruthy();

  await page.getByRole("button", { name: "Make a Call" }).click();
  const dialog = page.getByRole("dialog", { name: "Make a Call" });
  await expect(field(page, "Your phone")).toHaveValue(profile.phone ?? "");
  await field(page, "Number to call").fill(contact?.phone ?? "");
  await expect(dialog.getByText(`${contact?.name}, from your contacts`)).toBeVisible();
  await field(page, "Number to call").fill("+12025550999");
  await expect(dialog.getByText("from your contacts")).toHaveCount(0);
});
