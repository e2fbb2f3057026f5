import { type APIRequestContext, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import {
  adminUser,
  appReady,
  demoMember,
  demoUser,
  enterTwoFactorCode,
  field,
  linkIn,
  registrationBody,
  seriousAxeViolations,
  signIn,
  test,
  toast,
  uniqueEmail,
  unusedTotpCode,
  waitForEmail,
} from "./support";

/** A new user whose e-mail is confirmed (registered through the API, the link followed). */
async function confirmedUser(
  playwright: { request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> } },
  baseURL: string,
  admin: APIRequestContext,
  label: string,
) {
  const email = uniqueEmail(label);
  const password = "Settings-Pass-1!";
  const anonymous = await playwright.request.newContext({ baseURL });
  const registered = await anonymous.post("/api/auth/register", {
    data: registrationBody({
      firstName: "Sam",
      lastName: "Settings",
      email,
      company: "Settings Co",
      password,
    }),
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const confirmation = await waitForEmail(admin, email, "confirm_email");
  const confirmed = await anonymous.get(linkIn(confirmation, "/api/auth/confirm-email"), { maxRedirects: 0 });
  expect(confirmed.status()).toBe(303);
  await anonymous.dispose();
  return { email, password };
}

/** Signs in and waits for the console: a page opened sooner would find no session yet. */
async function signedIn(page: Page, user: typeof demoUser) {
  await signIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function openSettings(page: Page, tab: string) {
  await page.goto(`/dashboard/settings?tab=${tab}`);
  await appReady(page);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

/** On the security tab: sets two-factor authentication up as a person with an app would. */
async function turnOnTwoFactor(page: Page) {
  await page.getByRole("button", { name: "Set Up Two-Factor Authentication" }).click();
  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const key = (await page.getByTestId("totp-key").textContent()) ?? "";
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await field(page, "Verification Code").fill(await unusedTotpCode(key));
  await page.getByRole("button", { name: "Turn On" }).click();
  await expect(toast(page, "Two-Factor Authentication On")).toBeVisible();
  // The recovery codes, shown this once.
  const codes = await page
    .getByRole("list", { name: "Recovery codes" })
    .getByRole("listitem")
    .allTextContents();
  await page.getByRole("button", { name: "I Have Saved Them" }).click();
  return { key, codes };
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The console leaves for /login before the server ends the session: wait for that answer, or
  // the next sign-in's page load can cut the request short and find the old session.
  await expect(toast(page, "Logged out successfully")).toBeVisible();
  // Off /login, so that the next sign-in opens a new page there: the same address again keeps
  // its history state, which may remember the page the console was on (that return is tested
  // in customer-words.spec.ts).
  await page.goto("/");
}

test("upload an avatar: the server stores a resized image, shown in the user menu; then remove it", async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  const user = await confirmedUser(playwright, baseURL ?? "", admin, "avatar");
  await signIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openSettings(page, "profile");

  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2b8a3e" } })
    .png()
    .toBuffer();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await expect(toast(page, "Avatar Updated")).toBeVisible();

  const avatar = page.getByRole("img", { name: "Your avatar" });
  await expect(avatar).toHaveAttribute("src", /^\/media\/avatars\/[^/]+\/[a-f0-9]{32}\.webp$/);
  const src = (await avatar.getAttribute("src")) ?? "";
  const served = await page.request.get(src);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(await sharp(await served.body()).metadata()).toMatchObject({ width: 256, height: 256 });
  // The user menu shows it too.
  await expect(page.getByRole("button", { name: "User menu" }).locator("img")).toHaveAttribute("src", src);

  await page.getByRole("button", { name: "Remove" }).click();
  await expect(toast(page, "Avatar Removed")).toBeVisible();
  await expect(page.getByRole("img", { name: "Your avatar" })).toHaveCount(0);
  expect((await page.request.get(src)).status()).toBe(404);
});

test("change the sign-in e-mail: the current password is asked, the link changes it, the old address is told", async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  // Sign-in, two e-mails through the outbox: more than the default on a busy machine.
  test.setTimeout(90_000);
  const user = await confirmedUser(playwright, baseURL ?? "", admin, "email-change");
  await signIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openSettings(page, "profile");

  const newEmail = uniqueEmail("email-changed");
  await field(page, "New Email").fill(newEmail);
  await page.getByRole("button", { name: "Change Email" }).click();
  await expect(toast(page, "Email Change Failed")).toContainText(
    "Enter your current password to change your email address.",
  );
  await field(page, "Current Password").fill(user.password);
  await page.getByRole("button", { name: "Change Email" }).click();
  await expect(toast(page, "Check Your Inbox")).toBeVisible();
  await expect(page.getByText(`We sent a link to ${newEmail}.`)).toBeVisible();

  const confirmation = await waitForEmail(admin, newEmail, "change_email");
  await page.goto(linkIn(confirmation, "/api/auth/confirm-email-change"));
  await expect(page).toHaveURL(/\/dashboard\/settings\?email=changed$/);
  await waitForEmail(admin, user.email, "email_changed");
});

test("enable two-factor authentication, then sign in with a code, then with a recovery code", async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  // Four sign-ins, each a page load and a password hash: its trace on a loaded machine showed
  // every step progressing, the whole past 45 s. A slow test, not a stuck one.
  test.slow();
  const user = await confirmedUser(playwright, baseURL ?? "", admin, "2fa");
  await signIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openSettings(page, "security");

  const { key, codes } = await turnOnTwoFactor(page);
  expect(codes).toHaveLength(10);
  await expect(page.getByText("Recovery codes left: 10")).toBeVisible();

  // Password, then the code of the app.
  await signOut(page);
  await signIn(page, user);
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  await enterTwoFactorCode(page, await unusedTotpCode(key));
  await expect(page).toHaveURL(/\/dashboard$/);

  // Password, then a recovery code, which is then used up.
  await signOut(page);
  await signIn(page, user);
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await field(page, "Recovery code").fill(codes[0] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await openSettings(page, "security");
  await expect(page.getByText("Recovery codes left: 9")).toBeVisible();

  // The same recovery code does not work twice.
  await signOut(page);
  await signIn(page, user);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await field(page, "Recovery code").fill(codes[0] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(toast(page, "Verification Failed")).toContainText(
    "This recovery code is invalid or has already been used.",
  );
  await expect(page).toHaveURL(/\/login\/two-factor$/);
});

test("an admin without two-factor authentication is sent to set it up, then enters /admin", async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  const user = await confirmedUser(playwright, baseURL ?? "", admin, "new-admin");
  await signIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  const { user: me } = await (await page.request.get("/api/auth/session")).json();
  const granted = await admin.post(`/api/admin/users/${me.id}/admin`, { headers: { origin: baseURL ?? "" } });
  expect(granted.ok(), await granted.text()).toBe(true);
  // The API refuses the new admin until two-factor authentication is on.
  const refused = await page.request.get("/api/admin/users");
  expect(refused.status()).toBe(403);

  await page.goto("/admin");
  await expect(toast(page, "Two-factor authentication required")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=security$/);
  await turnOnTwoFactor(page);

  await page.goto("/admin");
  await appReady(page);
  await expect(page).toHaveURL(/\/admin$/);
  expect((await page.request.get("/api/admin/users")).status()).toBe(200);
});

test("every settings tab has no serious accessibility violation", async ({ page }) => {
  await signIn(page, demoUser);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const tab of ["profile", "company", "calling", "password", "notifications", "activity", "security"]) {
    await openSettings(page, tab);
    await expect(page.getByRole("tab", { name: new RegExp(`^${tab}$`, "i") })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    if (tab === "security") await expect(page.getByRole("table", { name: "Active sessions" })).toBeVisible();
    if (tab === "activity") await expect(page.getByText("Loading activity...")).toBeHidden();
    const { count, report } = await seriousAxeViolations(page);
    expect(count, `${tab}:\n${report}`).toBe(0);
  }
  // The two-factor set-up, with its QR code.
  await page.getByRole("button", { name: "Set Up Two-Factor Authentication" }).click();
  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const { count, report } = await seriousAxeViolations(page);
  expect(count, report).toBe(0);
});

test("a change of the set-up is listed in the account's activity, with who made it; a member has no Activity tab", async ({
  page,
  browser,
}) => {
  await signedIn(page, demoUser);
  await openSettings(page, "calling");
  // The countries' Save (the recordings' card has its own "Save retention").
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Countries Saved")).toBeVisible();

  await openSettings(page, "activity");
  const table = page.getByRole("table", { name: "Account activity" });
  // Other specs change the demo account at the same time: the row is among the newest, not first.
  const saved = table.getByRole("row").filter({ hasText: "Set the countries the account may call and text" });
  await expect(saved.first()).toContainText("Jordan Ellis");

  const memberPage = await browser.newPage();
  await signedIn(memberPage, demoMember);
  await openSettings(memberPage, "activity");
  await expect(memberPage.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
  await expect(memberPage.getByRole("tab", { name: "Activity" })).toHaveCount(0);
  await memberPage.close();
});

test("the sign-in's two-factor step has no serious accessibility violation", async ({ page }) => {
  // The seeded admin has two-factor authentication: its password leads to the step.
  await page.goto("/login");
  await appReady(page);
  await field(page, /^Email( Address)?( \*)?$/i).fill(adminUser.email);
  await field(page, "Password").fill(adminUser.password);
  await page.getByRole("button", { name: /^sign in$/i }).click();
  await expect(page.getByRole("heading", { name: "Two-Factor Authentication" })).toBeVisible();
  const { count, report } = await seriousAxeViolations(page);
  expect(count, report).toBe(0);
});

test("the owner sets how long call recordings are kept; the choice stays after a reload", async ({
  page,
}) => {
  await signedIn(page, demoUser);
  await openSettings(page, "calling");
  const card = page.getByRole("region", { name: "Call Recordings" });
  const keep = card.getByRole("textbox", { name: "Keep recordings" });
  try {
    await keep.click();
    await page.getByRole("option", { name: "90 days" }).click();
    await card.getByRole("button", { name: "Save retention" }).click();
    await expect(toast(page, "Retention Saved")).toBeVisible();
    await openSettings(page, "calling");
    await expect(keep).toHaveValue("90 days");
  } finally {
    // The demo account is shared by the other specs: back to keeping them forever.
    const saved = await page.request.put("/api/recording-retention", {
      headers: { origin: new URL(page.url()).origin },
      data: { days: null },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
});
