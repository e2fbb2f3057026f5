import { expect, type Page } from "@playwright/test";
import { appReady, choose, demoUser, field, seriousAxeViolations, signIn, test, toast } from "./support";

/** The demo account's toll-free line (packages/db/src/seed/phone-system.ts). */
const TOLL_FREE = "+18885550142";
const origin = (page: Page) => new URL(page.url()).origin;
const randomDigits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, "0");

test.describe("Blocking unwanted callers", () => {
  test("a prefix blocked on Call Routing rejects the next call from it, shown as blocked in history", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // A prefix of this run's own: +1 786 9 and four random digits.
    const prefix = `+17869${randomDigits(4)}`;
    await signIn(page, demoUser);
    await page.waitForURL(/\/dashboard/);
    await page.goto("/dashboard/call-routing");
    await appReady(page);
    await expect(page.getByRole("heading", { name: "Blocked Numbers" })).toBeVisible();

    const form = page.getByRole("form", { name: "Block a number or prefix" });
    // Keys open the list whatever the state of the input (a click toggles it).
    const kind = form.getByRole("textbox", { name: "Block" });
    await kind.focus();
    await kind.press("ArrowDown");
    await page.getByRole("option", { name: "A prefix" }).click();
    await field(page, "Number or prefix").fill(prefix);
    await field(page, "Note").fill("e2e");
    await form.getByRole("button", { name: "Block" }).click();
    await expect(toast(page, "Caller Blocked")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: prefix })).toBeVisible();
    const { count, report } = await seriousAxeViolations(page);
    expect(count, report).toBe(0);

    const from = `${prefix}${randomDigits(11 - prefix.length + 1)}`.slice(0, 12);
    const res = await page.request.post("/carrier-sim/sim/calls", {
      headers: { origin: origin(page) },
      data: { from, to: TOLL_FREE },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await expect
      .poll(async () => {
        const list = await page.request.get("/api/calls?direction=blocked");
        const body = (await list.json()) as { calls: { fromNumber: string; callStatus: string }[] };
        return body.calls.find((c) => c.fromNumber === from)?.callStatus ?? null;
      })
      .toBe("blocked");

    // In call history: the Blocked filter shows the call; tag it and give it a disposition.
    const tag = `e2e-${randomDigits(6)}`;
    await page.goto("/dashboard/call-history");
    await appReady(page);
    await choose(page, "Direction", "Blocked");
    const row = page
      .getByRole("row")
      .filter({ hasText: from.slice(-4) })
      .first();
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: "Add tags" }).click();
    const dialog = page.getByRole("dialog", { name: "Tags and Disposition" });
    await dialog.getByRole("textbox", { name: "Tags" }).fill(tag);
    await dialog.getByRole("textbox", { name: "Tags" }).press("Enter");
    // The account's other tags stay offered below the input: leave it so its list closes.
    await dialog.getByRole("heading", { name: "Tags and Disposition" }).click();
    await expect(page.getByRole("listbox")).toHaveCount(0);
    await dialog.getByRole("textbox", { name: "Disposition" }).click();
    await page.getByRole("option", { name: "Wrong number" }).click();
    await dialog.getByRole("button", { name: "Save Tags" }).click();
    await expect(toast(page, "Tags saved")).toBeVisible();
    await expect(row.getByText(tag)).toBeVisible();
    const axe = await seriousAxeViolations(page);
    expect(axe.count, axe.report).toBe(0);
    const tagged = await page.request.get(`/api/calls?tag=${tag}&disposition=Wrong%20number`);
    expect(
      ((await tagged.json()) as { calls: { fromNumber: string }[] }).calls.map((c) => c.fromNumber),
    ).toEqual([from]);
    const csv = await page.request.get(`/api/calls/export.csv?from=2020-01-01&to=2020-12-31`);
    expect(csv.headers()["content-type"]).toContain("text/csv");

    await page.goto("/dashboard/call-routing");
    await appReady(page);
    await page.getByRole("button", { name: `Unblock ${prefix}` }).click();
    await expect(page.getByRole("row").filter({ hasText: prefix })).toHaveCount(0);
  });
});
