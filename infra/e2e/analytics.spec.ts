import { expect } from "@playwright/test";
import { appReady, choose, demoUser, seriousAxeViolations, signIn, test } from "./support";

/** Seed 001's Call Analytics on the demo account's call logs. */

/** The figures of a range: the aggregate can take a while on a busy machine's embedded database. */
const FIGURES_MS = 30_000;

test.beforeEach(async ({ page }) => {
  await signIn(page, demoUser);
  await expect(page).toHaveURL(/\/dashboard/);
});

test("analytics shows the range's cards, charts, heatmap and tables, and switches ranges", async ({
  page,
}) => {
  await page.goto("/dashboard/analytics");
  await appReady(page);
  await expect(page.getByRole("heading", { name: "Call Analytics", level: 1 })).toBeVisible();

  // The screen opens on the last 30 days.
  await expect(page.getByRole("textbox", { name: "Date range", exact: true })).toHaveValue("Last 30 days");
  const cards = page.getByRole("region", { name: "Total Calls" });
  await expect(cards).toBeVisible({ timeout: FIGURES_MS });
  await expect(page.getByTestId("stat-Total Calls")).toHaveText(/^\d[\d,]*$/);
  for (const section of [
    "Calls per Day",
    "Answered vs Missed",
    "Busiest Hours",
    "Top Callers",
    "Top Area Codes",
    "Top States",
    "Extension Performance",
  ])
    await expect(page.getByRole("region", { name: section })).toBeVisible();
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  // The heatmap is a table: 7 weekdays × 24 hours, each cell a number a screen reader reads.
  const heatmap = page.getByRole("table", { name: "Busiest Hours" });
  await expect(heatmap.getByRole("rowheader")).toHaveCount(7);
  await expect(heatmap.getByRole("cell")).toHaveCount(168);
  const days30 = (await page.getByTestId("range-days").textContent()) ?? "";

  await choose(page, "Date range", "Today");
  await expect(page).toHaveURL(/range=today/);
  await expect(page.getByTestId("range-days")).not.toHaveText(days30, { timeout: FIGURES_MS });
  await expect(page.getByTestId("range-days")).not.toContainText("–");
  await expect(page.getByRole("region", { name: "Calls per Day" })).toBeVisible();

  await choose(page, "Date range", "Last 7 days");
  await expect(page).toHaveURL(/range=last7days/);
  await expect(page.getByTestId("range-days")).toContainText("–", { timeout: FIGURES_MS });

  for (const [label, range] of [
    ["Yesterday", "yesterday"],
    ["This month", "thismonth"],
  ] as const) {
    await choose(page, "Date range", label);
    await expect(page).toHaveURL(new RegExp(`range=${range}`));
    await expect(page.getByTestId("range-days")).not.toContainText("updating", { timeout: FIGURES_MS });
    await expect(page.getByTestId("stat-Total Calls")).toHaveText(/^\d[\d,]*$/);
  }

  // A custom range waits for its two days, then shows them.
  await choose(page, "Date range", "Custom range");
  await expect(page.getByText("Pick the first and last day of the range.")).toBeVisible();
  await page.goto("/dashboard/analytics?range=custom&from=2026-01-01&to=2026-01-31");
  await expect(page.getByTestId("range-days")).toHaveText("Jan 1 – Jan 31", { timeout: FIGURES_MS });
  await expect(page.getByRole("button", { name: "Custom dates" })).toContainText("Jan 1, 2026");
});

test("analytics has no serious or critical accessibility violation", async ({ page }) => {
  await page.goto("/dashboard/analytics?range=last30days");
  await appReady(page);
  await expect(page.getByRole("table", { name: "Busiest Hours" })).toBeVisible({ timeout: FIGURES_MS });
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  const { count, report } = await seriousAxeViolations(page);
  expect(count, report).toBe(0);
});
