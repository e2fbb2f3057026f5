import { expect, type Page } from "@playwright/test";
import { appReady, demoUser, field, openScreen, seriousAxeViolations, signIn, test, toast } from "./support";

/** Signs the demo owner in and opens Settings → API keys. */
async function openApiKeys(page: Page) {
  await signIn(page, demoUser);
  await expect(page).toHaveURL(/\/dashboard/);
  await openScreen(page, "/dashboard/settings?tab=api-keys");
  await expect(page.getByRole("heading", { name: "API Keys" })).toBeVisible();
}

test.describe("API keys and the public API", () => {
  test("an owner creates a key, calls /v1 with it, and revokes it", async ({ page, playwright, baseURL }) => {
    await openApiKeys(page);
    const name = `E2E key ${Date.now()}`;
    await page.getByRole("button", { name: "Create API Key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create API Key" });
    await field(page, /^Name/).fill(name);
    await dialog.getByRole("checkbox", { name: "Contacts: read" }).check();
    await dialog.getByRole("checkbox", { name: "Contacts: write" }).check();
    await dialog.getByRole("button", { name: "Create Key" }).click();

    const shown = page.getByRole("dialog", { name: "Your New API Key" });
    const secret = (await shown.getByTestId("new-api-key").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^pl_live_[a-z2-7]{52}$/);
    await shown.getByRole("button", { name: "Copy Key" }).click();
    await expect(shown.getByRole("button", { name: "Copied" })).toBeVisible();
    await shown.getByRole("button", { name: "Done" }).click();
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText(secret.slice(0, 16));
    await expect(row).toContainText("contacts:read, contacts:write");

    // The key, and no cookie, from a client of its own.
    const client = await playwright.request.newContext({ baseURL: baseURL ?? "" });
    const headers = { authorization: `Bearer ${secret}` };
    const contactName = `Api Person ${Date.now()}`;
    const created = await client.post("/v1/contacts", {
      headers: { ...headers, "idempotency-key": `e2e-${Date.now()}` },
      data: { name: contactName, phone: `555${String(Date.now()).slice(-7)}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    const listed = await client.get(`/v1/contacts?q=${encodeURIComponent(contactName)}`, { headers });
    expect(listed.status()).toBe(200);
    expect(listed.headers()["ratelimit-limit"]).toBeDefined();
    const body = (await listed.json()) as { contacts: { name: string }[] };
    expect(body.contacts.map((contact) => contact.name)).toEqual([contactName]);

    // The key's use shows in the table once the list is fetched again.
    await page.reload();
    await appReady(page);
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText(/ from \d/);

    await page.getByRole("button", { name: `Revoke ${name}` }).click();
    await page
      .getByRole("dialog", { name: "Revoke API Key" })
      .getByRole("button", { name: "Revoke Key" })
      .click();
    await expect(toast(page, "Key Revoked")).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Revoked");
    const refused = await client.get("/v1/contacts", { headers });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("UNAUTHORIZED");
    await client.dispose();
  });

  test("the API keys screen has no serious accessibility violations", async ({ page }) => {
    await openApiKeys(page);
    const { count, report } = await seriousAxeViolations(page);
    expect(count, report).toBe(0);
    await page.getByRole("button", { name: "Create API Key" }).click();
    await expect(page.getByRole("dialog", { name: "Create API Key" })).toBeVisible();
    const dialog = await seriousAxeViolations(page);
    expect(dialog.count, dialog.report).toBe(0);
  });

  test("the public API's reference is linked from the footer, with examples, and accessible", async ({
    page,
  }) => {
    await page.goto("/");
    await appReady(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Public API" }).click();
    await expect(page).toHaveURL(/\/developers\/public-api$/);
    await expect(page.getByRole("heading", { level: 1, name: "Public API Reference" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Idempotency" })).toBeVisible();
    await page.getByRole("textbox", { name: "Search endpoints" }).fill("contacts");
    const create = page.getByRole("button", { name: /POST\s*\/v1\/contacts\s/ });
    await create.click();
    const details = page.getByRole("region", { name: /POST\s*\/v1\/contacts\s/ });
    await expect(details.getByText(/curl -X POST ".*\/v1\/contacts"/)).toBeVisible();
    await expect(details.getByText(/Idempotency-Key/).first()).toBeVisible();
    const { count, report } = await seriousAxeViolations(page);
    expect(count, report).toBe(0);
  });
});
