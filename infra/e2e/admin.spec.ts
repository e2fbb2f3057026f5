import { expect, type Page } from "@playwright/test";
import {
  adminUser,
  appReady,
  choose,
  field,
  seriousAxeViolations,
  signIn,
  test,
  toast,
  uniqueEmail,
} from "./support";

/** Signs in as the seeded admin and opens an admin page. */
async function openAdmin(page: Page, path = "/admin") {
  await signIn(page, adminUser);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(path);
  await appReady(page);
  await expect(page.getByRole("navigation", { name: "Admin navigation" })).toBeVisible();
}

const adminNav = (page: Page) => page.getByRole("navigation", { name: "Admin navigation" });

test("the admin layout: sidebar, link to the user dashboard, profile menu", async ({ page }) => {
  await openAdmin(page);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  for (const label of [
    "Admin Dashboard",
    "Editable Content",
    "Support Tickets",
    "User Management",
    "Audit Log",
  ])
    await expect(adminNav(page).getByRole("link", { name: label })).toBeVisible();
  await expect(adminNav(page).getByRole("link", { name: "Admin Dashboard" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // Real figures: at least the two seeded demo accounts.
  await expect(page.getByTestId("admin-stat-accounts")).toHaveText(/^\d+$/);
  expect(Number(await page.getByTestId("admin-stat-accounts").textContent())).toBeGreaterThanOrEqual(1);

  await page.getByRole("button", { name: "Profile menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Profile Settings" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("link", { name: "User Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an admin edits the home hero text and the public home shows it at once", async ({ page, admin }) => {
  // The visitor's browser has the home page's texts already (cached as the server allows).
  await page.goto("/");
  await appReady(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const key = "homepage_hero_subtitle";
  const list = await admin.get("/api/admin/content", { params: { search: key } });
  const original = (
    (await list.json()) as { entries: { id: string; contentKey: string; contentValue: string }[] }
  ).entries.find((entry) => entry.contentKey === key);
  expect(original, `${key} is seeded`).toBeTruthy();
  const text = `Every call routed right, tested ${Date.now()}.`;
  try {
    await openAdmin(page, "/admin/editable-content");
    await field(page, "Search content").fill(key);
    await page.getByRole("button", { name: `Edit ${key}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Content" });
    await expect(dialog.getByLabel(/^Content Key/)).toBeDisabled();
    await dialog.getByLabel(/^Content Value/).fill(text);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Content Saved")).toBeVisible();
    // The list's preview: the first 70 characters.
    await expect(page.getByTestId(`content-value-${key}`)).toHaveText(
      text.length > 70 ? `${text.slice(0, 70)}...` : text,
    );

    await page.goto("/");
    await appReady(page);
    await expect(page.getByText(text)).toBeVisible();
  } finally {
    if (original)
      await admin.put(`/api/admin/content/${original.id}`, {
        data: { contentType: "textarea", contentValue: original.contentValue },
      });
  }
});

test("grant and revoke admin, each confirmed; the audit log shows both", async ({ page }) => {
  await openAdmin(page, "/admin/user-management/new");
  const email = uniqueEmail("admin-grant");
  const dialog = page.getByRole("dialog", { name: "Add User" });
  await dialog.getByLabel(/^First Name/).fill("Grace");
  await dialog.getByLabel(/^Last Name/).fill("Granted");
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Password/).fill("a good first password");
  await dialog.getByLabel(/^Company/).fill("Granted Co");
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(toast(page, "User Created")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/user-management$/);

  await field(page, "Search users").fill(email);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Granted Co");
  await row.getByRole("button", { name: "Make Admin" }).click();
  const grant = page.getByRole("dialog", { name: "Make Admin" });
  await expect(grant).toContainText(email);
  await grant.getByRole("button", { name: "Make Admin" }).click();
  await expect(toast(page, "Admin access granted")).toBeVisible();
  await expect(row.getByText("Admin", { exact: true })).toBeVisible();

  await row.getByRole("button", { name: "Revoke Admin" }).click();
  await page
    .getByRole("dialog", { name: "Revoke Admin" })
    .getByRole("button", { name: "Revoke Admin" })
    .click();
  await expect(toast(page, "Admin access revoked")).toBeVisible();
  await expect(row.getByRole("button", { name: "Make Admin" })).toBeVisible();

  await adminNav(page).getByRole("link", { name: "Audit Log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
  await field(page, "Actor").fill(adminUser.email);
  const userId = await page.evaluate(async (address) => {
    const res = await fetch(`/api/admin/users?search=${encodeURIComponent(address)}`);
    const body = (await res.json()) as { users: { id: string }[] };
    return body.users[0]?.id ?? "";
  }, email);
  const entries = page.getByRole("row").filter({ hasText: userId });
  await expect(entries.filter({ hasText: "admin.grant" })).toHaveCount(1);
  await expect(entries.filter({ hasText: "admin.revoke" })).toHaveCount(1);

  // The action filter narrows to one of them.
  await choose(page, "Action", "admin.revoke");
  await expect(entries.filter({ hasText: "admin.grant" })).toHaveCount(0);
  await expect(entries.filter({ hasText: "admin.revoke" })).toHaveCount(1);
});

test.describe("accessibility of the admin area (axe: no serious or critical violations)", () => {
  for (const path of [
    "/admin",
    "/admin/editable-content",
    "/admin/editable-content/new",
    "/admin/user-management",
    "/admin/user-management/new",
    "/admin/requests",
    "/admin/emails",
    "/admin/failed-jobs",
    "/admin/audit-log",
  ]) {
    test(path, async ({ page }) => {
      await openAdmin(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      const { count, report } = await seriousAxeViolations(page);
      expect(count, `axe found serious/critical violations on ${path}:\n\n${report}\n`).toBe(0);
    });
  }
});
