import { expect, test } from "@playwright/test";
import { appReady, seriousAxeViolations } from "./support";

/** Every page a visitor can open without signing in. */
const publicPaths = [
  "/",
  "/features",
  "/pricing",
  "/marketing-programs",
  "/nonprofit-info",
  "/contact",
  "/help",
  "/qa",
  "/request-feature",
  "/request-phone-number",
  "/terms-of-service",
  "/privacy-policy",
  "/disclaimer",
  "/ca-privacy-policy",
  "/e911-policy",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password?token=not-a-real-token",
  "/no-such-page",
];

/** The nonprofit site has its own (green) theme: its colours are checked too. */
const nonprofitPaths = ["/", "/nonprofit-info", "/register"];

test.describe("accessibility (axe: no serious or critical violations)", () => {
  const pages = [
    ...publicPaths.map((path) => ({ label: path, path, nonprofit: false })),
    ...nonprofitPaths.map((path) => ({ label: `nonprofit ${path}`, path, nonprofit: true })),
  ];
  for (const { label, path, nonprofit } of pages) {
    test(label, async ({ page, baseURL }) => {
      const origin = nonprofit ? (baseURL ?? "").replace("//localhost", "//nonprofit.localhost") : "";
      await page.goto(`${origin}${path}`);
      await appReady(page);
      // Scan the finished page: its content loaded and the page's own loaders gone.
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText("Loading page content...")).toBeHidden();
      await page.waitForLoadState("networkidle");
      const { count, report } = await seriousAxeViolations(page);
      expect(count, `axe found serious/critical violations on ${label}:\n\n${report}\n`).toBe(0);
    });
  }
});
