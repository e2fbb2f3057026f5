import { expect } from "@playwright/test";
import {
  adminUser,
  appReady,
  choose,
  demoUser,
  field,
  linkIn,
  registerAccount,
  signIn,
  signInThroughPage,
  test,
  toast,
  uniqueEmail,
  waitForEmail,
} from "./support";

test("register, confirm the e-mail through its link, sign in and land on the dashboard", async ({
  page,
  admin,
}) => {
  const email = uniqueEmail("register");
  const password = "Sturdy-Pass-2026!";

  await page.goto("/register");
  await appReady(page);
  await expect(page.getByRole("heading", { level: 1, name: "Create Your Account" })).toBeVisible();
  await field(page, "First Name").fill("Erin");
  await field(page, "Last Name").fill("Tester");
  await field(page, /^Email( Address)?( \*)?$/i).fill(email);
  await field(page, /^Company( Name)?( \*)?$/i).fill("Tester Plumbing");
  await field(page, "Password").fill(password);
  await field(page, "Confirm Password").fill(password);
  await field(page, "Address Line 1").fill("200 S Orange Ave");
  await field(page, "City").fill("Orlando");
  await choose(page, "State", /^(FL|Florida)$/);
  await field(page, "ZIP / Postal Code").fill("32801");
  await page.getByRole("button", { name: "Create Free Account" }).click();

  await expect(toast(page, "Registration Successful!")).toContainText(
    "Please check your email to confirm your account before signing in.",
  );
  await expect(page).toHaveURL(/\/login$/);

  const confirmation = await waitForEmail(admin, email, "confirm_email");
  expect(confirmation.subject).toBe("Confirm your Poundline account");
  expect(confirmation.htmlBody).toContain("/api/auth/confirm-email?token=");
  await page.goto(linkIn(confirmation, "/api/auth/confirm-email"));
  await expect(page).toHaveURL(/\/login\?confirmed=1$/);
  await expect(page.getByText("Your email address has been confirmed. You can now sign in.")).toBeVisible();
  await signInThroughPage(page, { email, password });
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("forgot password: the reset e-mail's link sets a new password that signs in", async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  const email = uniqueEmail("reset");
  const anonymous = await playwright.request.newContext({ baseURL: baseURL ?? "" });
  await registerAccount(anonymous, email, "Forgotten-Pass-1!", "Reset Co");
  await anonymous.dispose();

  await page.goto("/forgot-password");
  await appReady(page);
  await field(page, /^Email( Address)?( \*)?$/i).fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(toast(page, "Password Reset Email Sent")).toContainText(
    "If an account exists for this email, you will receive password reset instructions.",
  );
  await expect(page).toHaveURL(/\/login$/);

  const resetEmail = await waitForEmail(admin, email, "reset_password");
  expect(resetEmail.subject).toBe("Reset your Poundline password");
  await page.goto(linkIn(resetEmail, "/reset-password"));
  await appReady(page);
  const newPassword = "Remembered-Pass-2!";
  await field(page, "New Password").fill(newPassword);
  await field(page, "Confirm New Password").fill(newPassword);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await expect(page.getByText("Your password has been reset. Please sign in.")).toBeVisible();

  await signInThroughPage(page, { email, password: newPassword });
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe("route protection", () => {
  test("/dashboard/* without a session goes to /login, and back there after signing in", async ({ page }) => {
    await page.goto("/dashboard/x");
    await expect(page).toHaveURL(/\/login$/);
    await appReady(page);
    await signInThroughPage(page, demoUser);
    await expect(page).toHaveURL(/\/dashboard\/x$/);
  });

  test("/admin without a session goes to /login", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/admin as a user who is not an admin: "Access Denied" and back to /dashboard', async ({ page }) => {
    await signIn(page, demoUser);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/admin");
    await expect(toast(page, "Access Denied")).toContainText(
      "You do not have permission to access the admin area.",
    );
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("an admin opens /admin", async ({ page }) => {
    await signIn(page, adminUser);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/admin");
    await appReady(page);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(toast(page, "Access Denied")).toHaveCount(0);
  });
});
