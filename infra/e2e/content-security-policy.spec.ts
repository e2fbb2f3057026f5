import { expect, type Page, test } from "@playwright/test";
import { appReady, field, toast } from "./support";

/**
 * The site works under its Content-Security-Policy (no inline scripts but index.html's hashed
 * ones, no eval): a visit, a form checked in the browser and sent, and not one violation.
 */

/** Every CSP violation the page reports, from before its first script runs. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  // A script string: this file is compiled without the DOM's types.
  await page.addInitScript({
    content: `document.addEventListener("securitypolicyviolation", (event) => {
      window.reportCspViolation(\`\${event.violatedDirective} blocked \${event.blockedURI || "inline"} on \${location.pathname}\`);
    });`,
  });
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });
  return violations;
}

test("the pages run under the Content-Security-Policy without a violation", async ({ page }) => {
  const violations = await recordViolations(page);

  const home = await page.goto("/");
  const policy = home?.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toMatch(/script-src 'self'(?: 'sha256-[A-Za-z0-9+/=]+')*;/);
  await appReady(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  for (const path of ["/features", "/pricing", "/contact", "/register"]) {
    await page.goto(path);
    await appReady(page);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  }

  // A form validated in the browser (the API's schemas) and sent to the API.
  await page.goto("/login");
  await appReady(page);
  await page.getByRole("button", { name: /^(sign in|log in)$/i }).click();
  await field(page, /^Email( Address)?( \*)?$/i).fill("nobody@example.com");
  await field(page, "Password").fill("not the password");
  await page.getByRole("button", { name: /^(sign in|log in)$/i }).click();
  await expect(toast(page, "Invalid Credentials")).toBeVisible();

  expect(violations).toEqual([]);
});
