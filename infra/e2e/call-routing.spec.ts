import { expect, type Page } from "@playwright/test";
import { appReady, choose, demoUser, field, seriousAxeViolations, signIn, test, toast } from "./support";

/** The demo account's toll-free line (packages/db/src/seed/phone-system.ts): the other specs call the main line. */
const TOLL_FREE = "+18885550142";

/** Cookie-authenticated writes carry the app's Origin, as the browser's do. */
const origin = (page: Page) => new URL(page.url()).origin;
const randomDigits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, "0");

interface SimCallJson {
  direction: string;
  from: string;
  to: string;
}
interface TranscriptJson {
  dials: { legs: { target: string }[] }[];
}

/** A call from a new caller to the toll-free line, through the carrier simulator. */
async function placeCall(page: Page): Promise<TranscriptJson> {
  const res = await page.request.post("/carrier-sim/sim/calls", {
    headers: { origin: origin(page) },
    data: { from: `+1786555${randomDigits(4)}`, to: TOLL_FREE },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as TranscriptJson;
}

/** Which of `numbers` the app has rung so far (the carrier's outbound calls to them). */
async function rung(page: Page, numbers: string[]): Promise<string[]> {
  const calls = (await (await page.request.get("/carrier-sim/sim/calls")).json()) as SimCallJson[];
  return calls.filter((c) => c.direction === "outbound-api" && numbers.includes(c.to)).map((c) => c.to);
}

async function addExtension(page: Page, number: string, name: string, forwarding: string) {
  await page.getByRole("button", { name: "New Extension" }).click();
  const dialog = page.getByRole("dialog");
  await field(page, "Extension Number").fill(number);
  await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await field(page, "Department").fill("E2E");
  const forwardingInput = dialog.getByRole("textbox", { name: "Forwarding Numbers" });
  await forwardingInput.fill(forwarding);
  await forwardingInput.press("Enter");
  await dialog.getByRole("button", { name: "Create Extension" }).click();
  // The previous extension's toast may still be showing: this one names its extension.
  await expect(toast(page, "Extension Saved").filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
}

async function saveRouting(page: Page) {
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Routing Saved").last()).toBeVisible();
}

test.describe("Call Routing and Extensions", () => {
  test("extensions made on the page are rung by the next call, as the ring strategy and business hours say", async ({
    page,
  }) => {
    // A long flow: two extensions, three saves and three calls (a budget against a hang, not a judge of speed).
    test.setTimeout(180_000);
    const run = randomDigits(4);
    const alice = { number: `7${run}`, name: `Alice ${run}`, phone: `+1305555${run}` };
    const bob = { number: `8${run}`, name: `Bob ${run}`, phone: `+1954555${run}` };
    await signIn(page, demoUser);
    await page.waitForURL(/\/dashboard/);

    await page.goto("/dashboard/extensions");
    await appReady(page);
    await expect(page.getByRole("heading", { name: "Extensions", level: 1 })).toBeVisible();
    await addExtension(page, alice.number, alice.name, alice.phone);
    await addExtension(page, bob.number, bob.name, bob.phone);
    await field(page, "Search extensions").fill(run);
    await expect(page.getByRole("row").filter({ hasText: run })).toHaveCount(2);

    await page.goto("/dashboard/call-routing");
    await appReady(page);
    await expect(page.getByRole("heading", { name: "Call Routing", level: 1 })).toBeVisible();
    await choose(page, "Phone Number", TOLL_FREE);
    await expect(page.getByRole("form", { name: `Routing of ${TOLL_FREE}` })).toBeVisible();

    // Open around the clock, ringing the two new extensions one after the other.
    await choose(page, "Ring Strategy", "Sequential");
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
      const on = page.getByRole("switch", { name: day, exact: true });
      if (!(await on.isChecked())) await on.click({ force: true });
      await page.getByLabel(`${day} opens`, { exact: true }).fill("00:00");
      await page.getByLabel(`${day} closes`, { exact: true }).fill("23:59");
    }
    // A change of kind clears the members: voicemail first, so the group holds only the new two.
    await choose(page, "During Business Hours", "Voicemail");
    await choose(page, "During Business Hours", "Ring group");
    const group = page.getByRole("textbox", { name: "During Business Hours: extensions and people rung" });
    await group.click({ force: true });
    await page.getByRole("option", { name: `${alice.number} ${alice.name}` }).click();
    await page.getByRole("option", { name: `${bob.number} ${bob.name}` }).click();
    await page.keyboard.press("Escape");
    await choose(page, "After Hours", "Extension");
    await choose(page, "After Hours: extension", `${alice.number} ${alice.name}`);
    await saveRouting(page);

    // Sequential: Alice answers (the simulator's phones answer unless told otherwise), Bob is never rung.
    await placeCall(page);
    await expect.poll(() => rung(page, [alice.phone, bob.phone])).toEqual([alice.phone]);

    // Simultaneous: both ring at once.
    await choose(page, "Ring Strategy", "Simultaneous");
    await saveRouting(page);
    await placeCall(page);
    await expect
      .poll(async () => (await rung(page, [alice.phone, bob.phone])).sort())
      .toEqual([alice.phone, alice.phone, bob.phone].sort());

    // Closed every day: the next call goes to the after-hours destination, Alice's extension.
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
      await page.getByRole("switch", { name: day, exact: true }).click({ force: true });
    await saveRouting(page);
    const closed = await placeCall(page);
    expect(closed.dials.map((d) => d.legs.map((l) => l.target))).toEqual([[alice.phone]]);

    // Alice is in use now: her extension cannot be deleted, and the page says by what.
    await page.goto("/dashboard/extensions");
    await appReady(page);
    await page.getByRole("row").filter({ hasText: alice.name }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("Edit Extension")).toBeVisible();
    await expect(field(page, "Extension Number")).toBeDisabled();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Confirm Delete" }).click();
    await expect(toast(page, "Delete Error")).toContainText(`${TOLL_FREE} (after hours destination)`);
  });

  for (const path of ["/dashboard/call-routing", "/dashboard/extensions"]) {
    test(`${path} has no serious accessibility violations`, async ({ page }) => {
      await signIn(page, demoUser);
      await page.waitForURL(/\/dashboard/);
      await page.goto(path);
      await appReady(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (path.endsWith("extensions")) await expect(page.getByRole("row").nth(1)).toBeVisible();
      else await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();
      const { count, report } = await seriousAxeViolations(page);
      expect(count, report).toBe(0);
    });
  }
});
