import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { appReady, demoUser, seriousAxeViolations, signIn, test } from "./support";

/** Each screen's export: its address, what the dropdown says, and the CSV's header line. */
const SCREENS = [
  {
    path: "/dashboard/call-history",
    what: "calls",
    file: /^calls-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    header:
      '"Date","Time","Direction","From","To","Contact","Status","Duration (seconds)","Tags","Disposition","Blocked by","Notes"',
  },
  {
    path: "/dashboard/messages",
    what: "texts",
    file: /^messages-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    header:
      '"Date","Time","Direction","From","To","Contact","Status","Body","Automated","Segments","Cost (USD)"',
  },
  {
    path: "/dashboard/analytics",
    what: "daily figures",
    file: /^analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    header:
      '"Date","Calls in","Calls out","Answered","Missed","Talk minutes","Voicemails","Call cost (USD)","Texts in","Texts out","Text cost (USD)"',
  },
] as const;

async function downloadedCsv(page: Page) {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), csv: readFileSync((await download.path()) ?? "", "utf8") };
}

test.describe("CSV exports", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, demoUser);
    await page.waitForURL(/\/dashboard/);
  });

  for (const screen of SCREENS) {
    test(`Export on ${screen.path} downloads the range's CSV`, async ({ page }) => {
      await page.goto(screen.path);
      await appReady(page);
      await page.getByRole("button", { name: "Export", exact: true }).click();
      const dropdown = page.getByText(`Export ${screen.what} as CSV`);
      await expect(dropdown).toBeVisible();
      // The range picker open: its calendar is what must pass axe.
      await page.getByRole("button", { name: "Export range" }).click();
      await expect(page.getByRole("table").last()).toBeVisible();
      const { count, report } = await seriousAxeViolations(page);
      expect(count, report).toBe(0);
      await dropdown.click();

      const { name, csv } = await downloadedCsv(page);
      expect(name).toMatch(screen.file);
      // A byte-order mark first, so that spreadsheets read the file as UTF-8.
      expect(csv.startsWith("\uFEFF")).toBe(true);
      expect(csv.slice(1).split("\r\n")[0]).toBe(screen.header);
    });
  }
});
