import { expect, type Page } from "@playwright/test";
import { appReady, demoUser, seriousAxeViolations, signIn, test, toast } from "./support";

/** The demo account's toll-free line (packages/db/src/seed/phone-system.ts). */
const TOLL_FREE = "+18885550142";
const origin = (page: Page) => new URL(page.url()).origin;
const randomDigits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, "0");

interface ListedCall {
  id: string;
  fromNumber: string;
  callStatus: string;
}

async function placeCall(page: Page, from: string) {
  const res = await page.request.post("/carrier-sim/sim/calls", {
    headers: { origin: origin(page) },
    data: { from, to: TOLL_FREE },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function callsFrom(page: Page, from: string, direction = "all"): Promise<ListedCall[]> {
  const list = await page.request.get(`/api/calls?direction=${direction}&q=${encodeURIComponent(from)}`);
  return ((await list.json()) as { calls: ListedCall[] }).calls.filter((c) => c.fromNumber === from);
}

async function expectNoSeriousAxe(page: Page) {
  const { count, report } = await seriousAxeViolations(page);
  expect(count, report).toBe(0);
}

test.describe("Call history: dispositions, tag filters, blocking a caller", () => {
  test("edits the disposition list, filters by tag and disposition, blocks a caller from history", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const disposition = `E2E ${randomDigits(5)}`;
    await signIn(page, demoUser);
    await page.waitForURL(/\/dashboard/);
    const before = (await (await page.request.get("/api/call-dispositions")).json()) as {
      dispositions: string[];
    };

    // The disposition list: add one, move it to the top, save.
    await page.goto("/dashboard/call-history");
    await appReady(page);
    await page.getByRole("button", { name: "Call Dispositions" }).click();
    const dialog = page.getByRole("dialog", { name: "Call Dispositions" });
    await dialog.getByRole("button", { name: "Add Disposition" }).click();
    const last = before.dispositions.length + 1;
    await dialog.getByRole("textbox", { name: `Disposition ${last}` }).fill(disposition);
    await expectNoSeriousAxe(page);
    for (let index = last; index > 1; index--)
      await dialog.getByRole("button", { name: `Move ${disposition} up` }).click();
    await dialog.getByRole("button", { name: "Save Dispositions" }).click();
    await expect(toast(page, "Dispositions Saved")).toBeVisible();
    await expect
      .poll(
        async () =>
          ((await (await page.request.get("/api/call-dispositions")).json()) as { dispositions: string[] })
            .dispositions,
      )
      .toEqual([disposition, ...before.dispositions]);

    // A call from a number of this run's own, tagged with the new disposition.
    const from = `+1786${randomDigits(7)}`;
    await placeCall(page, from);
    await expect.poll(async () => (await callsFrom(page, from)).length).toBe(1);
    const [call] = await callsFrom(page, from);
    const tag = `e2e-${randomDigits(6)}`;
    const tagged = await page.request.put(`/api/calls/${call?.id}/tags`, {
      headers: { origin: origin(page) },
      data: { tags: [tag], disposition },
    });
    expect(tagged.ok(), await tagged.text()).toBe(true);

    // Filters by the tag and the disposition: only that call is listed.
    await page.reload();
    await appReady(page);
    await page.getByRole("textbox", { name: "Tags", exact: true }).click();
    await page.getByRole("option", { name: tag }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("textbox", { name: "Disposition", exact: true }).click();
    await page.getByRole("option", { name: disposition }).click();
    const rows = page.getByRole("table", { name: "Call logs" }).locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(from.slice(-4));

    // Block the caller from its row: the row then says so, and their next call is blocked.
    await rows
      .first()
      .getByRole("button", { name: /^Block / })
      .click();
    const confirm = page.getByRole("dialog", { name: "Block this caller?" });
    await expect(confirm).toBeVisible();
    await expectNoSeriousAxe(page);
    await confirm.getByRole("button", { name: "Block Caller" }).click();
    await expect(toast(page, "Caller Blocked")).toBeVisible();
    await expect(rows.first().getByText("Blocked", { exact: true })).toBeVisible();
    await placeCall(page, from);
    await expect
      .poll(async () => (await callsFrom(page, from, "blocked")).map((c) => c.callStatus))
      .toEqual(["blocked"]);

    // Leave the demo account as it was for the other specs.
    const blocking = (await (await page.request.get("/api/call-blocking")).json()) as {
      entries: { id: string; value: string }[];
    };
    const entry = blocking.entries.find((e) => e.value === from);
    await page.request.delete(`/api/call-blocking/entries/${entry?.id}`, {
      headers: { origin: origin(page) },
    });
    await page.request.put("/api/call-dispositions", {
      headers: { origin: origin(page) },
      data: { dispositions: before.dispositions },
    });
  });
});
