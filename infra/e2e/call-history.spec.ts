import { expect, type Page, test } from "@playwright/test";
import { appReady, demoUser, seriousAxeViolations, signIn, toast } from "./support";

async function openCallHistory(page: Page) {
  await signIn(page, demoUser);
  await page.waitForURL(/\/dashboard/);
  await page.goto("/dashboard/call-history");
  await appReady(page);
  await expect(page.getByRole("heading", { name: "Call History", level: 1 })).toBeVisible();
  await expect(page.getByText("Loading call logs...")).toBeHidden();
}

/** The parts of the page's elements the test reads (the e2e project has no DOM types). */
interface AudioElement {
  paused: boolean;
  played: { length: number };
}
interface Box {
  tagName: string;
  parentElement: Box | null;
  scrollWidth: number;
  clientWidth: number;
}
interface Cell {
  ownerDocument: {
    createRange(): { selectNodeContents(node: Cell): void; getClientRects(): ArrayLike<{ top: number }> };
  };
}

/**
 * A caller leaves a voicemail through the carrier simulator (the demo IVR's 3); resolves with the
 * caller's number once the voicemail's recording is stored.
 */
async function leaveVoicemail(page: Page): Promise<string> {
  const senders = (await (await page.request.get("/api/conversations/senders")).json()) as {
    numbers: { e164: string }[];
  };
  const from = `+1786555${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
  const call = await page.request.post("/carrier-sim/sim/calls", {
    headers: { origin: new URL(page.url()).origin },
    data: { from, to: senders.numbers[0]?.e164 ?? "", press: ["3"], recordSeconds: 3 },
  });
  expect(call.ok(), await call.text()).toBe(true);
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/voicemails?q=${encodeURIComponent(from)}`);
      const body = (await res.json()) as { voicemails: { hasRecording: boolean }[] };
      return body.voicemails[0]?.hasRecording ?? false;
    })
    .toBe(true);
  return from;
}

const rows = (page: Page) => page.getByRole("table", { name: "Call logs" }).locator("tbody tr");
/** Until the filter's answer replaces the page shown before it: then every row listed passes `check`. */
const expectEveryRow = (page: Page, check: (row: string) => void) =>
  expect(async () => {
    const listed = await rows(page).allTextContents();
    expect(listed.length).toBeGreaterThan(0);
    for (const row of listed) check(row);
  }).toPass();
const summary = (page: Page) => page.getByText(/^Showing \d+ to \d+ of [\d,]+ calls$/);

test.describe("call history", () => {
  test("pages of 10 with a window of 5 page buttons", async ({ page }) => {
    await openCallHistory(page);
    await expect(rows(page)).toHaveCount(10);
    await expect(summary(page)).toHaveText(/^Showing 1 to 10 of/);
    const pages = page.getByRole("navigation", { name: "Pages of calls" });
    await expect(pages.getByRole("button", { name: /^Page \d+$/ })).toHaveCount(5);
    const firstCallOfPage1 = await rows(page).first().textContent();

    await pages.getByRole("button", { name: "Page 4" }).click();
    await expect(summary(page)).toHaveText(/^Showing 31 to 40 of/);
    // The summary and the rows are of one answer: once it reads 31 to 40, the rows are page 4's
    // (the summary used to claim the new page while page 1's rows were still shown).
    expect(await rows(page).first().textContent()).not.toBe(firstCallOfPage1);
    await expect(pages.getByRole("button", { name: "Page 4" })).toHaveAttribute("aria-current", "page");
    // The window slides: 2..6 around page 4.
    await expect(pages.getByRole("button", { name: "Page 2" })).toBeVisible();
    await expect(pages.getByRole("button", { name: "Page 6" })).toBeVisible();
    await expect(pages.getByRole("button", { name: "Page 1", exact: true })).toBeHidden();

    // A filter brings back page 1.
    await page.getByRole("textbox", { name: "Direction" }).click();
    await page.getByRole("option", { name: "Missed" }).click();
    await expect(summary(page)).toHaveText(/^Showing 1 to \d+ of/);
    await expectEveryRow(page, (row) => expect(row).toContain("Missed"));

    await page.getByRole("textbox", { name: "Direction" }).click();
    await page.getByRole("option", { name: "Outbound" }).click();
    await expect(rows(page).first()).toContainText("Outbound");
    await expect(rows(page).filter({ hasText: "Inbound" })).toHaveCount(0);
  });

  test("search, one day, and the empty state", async ({ page }) => {
    await openCallHistory(page);
    // Search by part of the first call's caller number, as digits typed with spaces.
    const from = (await rows(page).first().locator("td").nth(1).textContent()) ?? "";
    const digits = from.replace(/\D/g, "").slice(-7);
    await page
      .getByRole("textbox", { name: "Search", exact: true })
      .fill(`${digits.slice(0, 3)} ${digits.slice(3)}`);
    await expectEveryRow(page, (row) => expect(row).toContain(digits.slice(3)));
    await expect(summary(page)).toHaveText(/^Showing 1 to/);

    await page.getByRole("textbox", { name: "Search", exact: true }).fill("no call has this in it");
    await expect(page.getByRole("heading", { name: "No Call Logs Found" })).toBeVisible();
    await page.getByRole("textbox", { name: "Search", exact: true }).fill("");
    await expect(rows(page)).toHaveCount(10);

    // The day of the newest call: every call listed is on that day (the account's time zone).
    const when = (await rows(page).first().locator("td").nth(4).textContent()) ?? "";
    const day = new Date(`${when.split(",").slice(0, 2).join(",")} 12:00`);
    // Exact: a call's "Edit notes: …" button may say "date" too.
    await page.getByRole("button", { name: "Date", exact: true }).click();
    const label = day.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
    const dayButton = page.getByRole("button", { name: label, exact: true });
    // The calendar drawn first: isVisible does not wait.
    await expect(page.locator("[data-direction='previous']").first()).toBeVisible();
    if (!(await dayButton.isVisible())) await page.locator("[data-direction='previous']").first().click();
    await dayButton.click();
    const dayText = when.split(",").slice(0, 2).join(",");
    await expect(summary(page)).toHaveText(/^Showing 1 to/);
    await expect(async () => {
      const days = await rows(page).locator("td:nth-child(5)").allTextContents();
      expect(days.length).toBeGreaterThan(0);
      for (const listed of days) expect(listed).toContain(dayText);
    }).toPass();
  });

  test("a call's notes are editable", async ({ page }) => {
    await openCallHistory(page);
    const note = `Called back ${Date.now()}`;
    await rows(page)
      .first()
      .getByRole("button", { name: /^(Edit|Add) notes/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Call Notes" });
    await dialog.getByLabel("Notes").fill(note);
    await dialog.getByRole("button", { name: "Save Notes" }).click();
    await expect(toast(page, "Notes saved")).toBeVisible();
    // The row with the note, wherever it is: a call placed meanwhile (other specs call the demo
    // account's numbers) comes first and moves the noted call down.
    await expect(rows(page).filter({ hasText: note })).toHaveCount(1);
    // The notes are searchable.
    await page.getByRole("textbox", { name: "Search", exact: true }).fill(note.toUpperCase());
    await expect(rows(page)).toHaveCount(1);
  });

  test("at 1366 px: notes, the player and one-line dates without scrolling; Play voicemail plays", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, demoUser);
    await page.waitForURL(/\/dashboard/);
    const from = await leaveVoicemail(page);
    await openCallHistory(page);
    await page.getByRole("textbox", { name: "Search", exact: true }).fill(from.slice(-7));
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row).toContainText(`(${from.slice(2, 5)}) ${from.slice(5, 8)}-${from.slice(8)}`);

    // Neither the table nor the page scrolls sideways.
    const table = page.getByRole("table", { name: "Call logs" });
    const tableOverflow = await table.evaluate((element: Box) => {
      let box = element.parentElement;
      while (box && box.tagName !== "BODY" && box.scrollWidth <= box.clientWidth) box = box.parentElement;
      return box && box.tagName !== "BODY" ? box.scrollWidth - box.clientWidth : 0;
    });
    expect(tableOverflow).toBe(0);
    expect(
      await page.evaluate(() => {
        const view = globalThis as unknown as { innerWidth: number; document: { documentElement: Box } };
        return view.document.documentElement.scrollWidth - view.innerWidth;
      }),
    ).toBeLessThanOrEqual(0);
    await expect(row.getByRole("button", { name: /^(Edit|Add) notes/ })).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole("button", { name: /^Internal notes on the call/ })).toBeInViewport({
      ratio: 1,
    });
    const play = row.getByRole("button", { name: /^Play voicemail from/ });
    await expect(play).toBeInViewport({ ratio: 1 });
    // The date and the time on one line.
    const lines = await row
      .locator("td")
      .nth(4)
      .evaluate((cell: Cell) => {
        const range = cell.ownerDocument.createRange();
        range.selectNodeContents(cell);
        return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
      });
    expect(lines).toBe(1);

    // Play voicemail plays the recording, streamed from the API.
    const fetched = page.waitForResponse((res) =>
      /\/api\/voicemails\/[^/]+\/audio$/.test(new URL(res.url()).pathname),
    );
    await play.click();
    // Served (200, or 206 for a range), whatever time it took.
    expect((await fetched).ok()).toBe(true);
    const audio = row.getByTestId("recording-audio");
    await expect.poll(() => audio.evaluate((a: AudioElement) => !a.paused || a.played.length > 0)).toBe(true);
  });

  test("a table with rows shows no empty-state text (one style sheet for every table)", async ({ page }) => {
    await signIn(page, demoUser);
    await page.waitForURL(/\/dashboard/);
    for (const path of ["/dashboard/extensions", "/dashboard/call-history"]) {
      await page.goto(path);
      await appReady(page);
      const table = page.locator(".mantine-datatable").first();
      await expect(table.locator("tbody tr").first()).toBeVisible();
      const empty = table.locator(".mantine-datatable-empty-state");
      // Laid over the body and transparent while there are rows (without the sheet: text under them).
      await expect(empty).toHaveCSS("position", "absolute");
      await expect(empty).toHaveCSS("opacity", "0");
    }
  });

  test("axe: no serious or critical violation", async ({ page }) => {
    await openCallHistory(page);
    await expect(rows(page)).toHaveCount(10);
    await page.waitForLoadState("networkidle");
    const { count, report } = await seriousAxeViolations(page);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/call-history.png`, fullPage: true });
    expect(count, `axe found serious/critical violations:\n\n${report}\n`).toBe(0);
  });
});
