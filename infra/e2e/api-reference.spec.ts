import { expect, test } from "@playwright/test";
import { appReady } from "./support";

/** The API reference page: the served OpenAPI document, read by a visitor. */
test.describe("the API reference", () => {
  test("is linked from the footer and shows the extensions' endpoints", async ({ page }) => {
    await page.goto("/");
    await appReady(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "API Reference" }).click();
    await expect(page).toHaveURL(/\/developers\/api$/);
    await expect(page.getByRole("heading", { level: 1, name: "API Reference" })).toBeVisible();

    await expect(page.getByRole("heading", { level: 2, name: "Extensions" })).toBeVisible();
    const update = page.getByRole("button", { name: /PATCH\s*\/api\/extensions\/\{id\}/ });
    await expect(update).toBeVisible();
    await update.click();
    const details = page.getByRole("region", { name: /PATCH\s*\/api\/extensions\/\{id\}/ });
    await expect(details.getByText("extensions.update")).toBeVisible();
    await expect(details.getByRole("heading", { name: "Request body" })).toBeVisible();
    await expect(details.getByText(/^extensionNumber whole number, optional/)).toBeVisible();
    await expect(details.getByText("Not found, or not this account's.")).toBeVisible();
  });

  test("shows one part of the API at a time", async ({ page }) => {
    await page.goto("/developers/api");
    await appReady(page);
    await expect(page.getByRole("heading", { level: 2, name: "Extensions" })).toBeVisible();
    await page.getByRole("textbox", { name: "Part of the API" }).click();
    await page.getByRole("option", { name: /^Softphone \(\d+\)$/ }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Softphone" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Extensions" })).toBeHidden();
    await expect(page.getByRole("button", { name: /POST\s*\/api\/softphone\/token/ })).toBeVisible();
  });

  test("searches the endpoints", async ({ page }) => {
    await page.goto("/developers/api");
    await appReady(page);
    const list = page.getByRole("button", { name: /^GET\s*\/api\/extensions\s*The account's extensions/ });
    await expect(list).toBeVisible();
    await page.getByRole("textbox", { name: "Search endpoints" }).fill("DELETE");
    await expect(
      page.getByRole("button", { name: /DELETE\s*\/api\/extensions\/\{id\}\s*Remove an extension/ }),
    ).toBeVisible();
    await expect(list).toBeHidden();
    await page.getByRole("textbox", { name: "Search endpoints" }).fill("no such endpoint");
    await expect(page.getByText("No endpoint matches “no such endpoint”.")).toBeVisible();
  });

  test("links the OpenAPI document it shows", async ({ page }) => {
    await page.goto("/developers/api");
    await appReady(page);
    const link = page.getByRole("link", { name: "/api/openapi.json" });
    await expect(link).toHaveAttribute("href", "/api/openapi.json");
    const res = await page.request.get("/api/openapi.json");
    expect(res.ok()).toBe(true);
    const document = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toContain("/api/extensions/{id}");
  });
});
