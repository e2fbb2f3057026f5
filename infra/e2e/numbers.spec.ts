import { expect, type Locator, type Page } from "@playwright/test";
import { appReady, demoUser, seriousAxeViolations, signIn, test, toast } from "./support";

/** Cookie-authenticated writes carry the app's Origin, as the browser's do. */
const origin = (page: Page) => new URL(page.url()).origin;
const dialog = (page: Page, title: string | RegExp) => page.getByRole("dialog", { name: title });

/** The control with this label inside a dialog (the required-field asterisk ignored). */
function field(scope: Locator, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return scope.getByLabel(new RegExp(`^${escaped}( \\*)?$`, "i"));
}

async function openNumbers(page: Page) {
  await signIn(page, demoUser);
  await page.waitForURL(/\/dashboard/);
  await page.getByRole("link", { name: "Phone Numbers" }).click();
  await page.waitForURL(/\/dashboard\/numbers$/);
  await appReady(page);
  await expect(page.getByRole("heading", { name: "Phone Numbers", level: 1 })).toBeVisible();
  await expect(page.getByText("Loading phone numbers...")).toBeHidden();
}

/** A caller dials the number through the carrier simulator; the transcript of the call. */
async function call(page: Page, to: string, from: string) {
  return page.request.post("/carrier-sim/sim/calls", {
    headers: { origin: origin(page) },
    data: { from, to, recordSeconds: 2 },
  });
}

test.describe("Phone Numbers", () => {
  test("the page lists the account's numbers with their E911 status, and has no serious axe violations", async ({
    page,
  }) => {
    await openNumbers(page);
    const table = page.getByRole("table", { name: "Phone numbers" });
    const main = table.getByRole("row").filter({ hasText: "(407) 555-0123" });
    await expect(main).toContainText("Main Office");
    await expect(main).toContainText("Registered");
    await expect(page.getByText(/^\d+ of 5 numbers on the Professional plan$/)).toBeVisible();
    const { count, report } = await seriousAxeViolations(page);
    expect(count, report).toBe(0);

    await page.getByRole("button", { name: "Buy a Number" }).click();
    const buy = dialog(page, "Buy a Phone Number");
    await field(buy, "Area Code").fill("91");
    await buy.getByRole("button", { name: "Search Numbers" }).click();
    await expect(buy.getByText("Enter a 3-digit area code.")).toBeVisible();
    await field(buy, "Area Code").fill("919");
    await buy.getByRole("button", { name: "Search Numbers" }).click();
    await expect(buy.getByRole("table", { name: "Available numbers" })).toBeVisible();
    const axe = await seriousAxeViolations(page);
    expect(axe.count, axe.report).toBe(0);
    await buy.getByRole("button", { name: "Close dialog" }).click();

    // The E911 form, filled with the demo office's address.
    await main.getByRole("button", { name: "E911 address of (407) 555-0123" }).click();
    const e911 = dialog(page, "E911 Address for (407) 555-0123");
    await expect(field(e911, "Street Address")).toHaveValue("200 S Orange Ave");
    const e911Axe = await seriousAxeViolations(page);
    expect(e911Axe.count, e911Axe.report).toBe(0);
  });

  test("a number request sent from the public form is fulfilled by buying", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, demoUser);
    await page.waitForURL(/\/dashboard/);
    await page.goto("/request-phone-number");
    await appReady(page);
    await page.getByRole("radio", { name: "Local Number" }).check();
    await page.getByLabel(/^Area Code( \*)?$/i).fill("919");
    await page.getByLabel(/^Purpose \/ Department \(optional\)$/i).fill("Raleigh intake");
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByText("Request Sent!")).toBeVisible();

    await page.goto("/dashboard/numbers");
    await appReady(page);
    const requests = page.getByRole("table", { name: "Number requests" });
    const request = requests.getByRole("row").filter({ hasText: "Raleigh intake" });
    await expect(request).toContainText("919");
    await request.getByRole("button", { name: "Fulfil" }).click();
    const fulfil = dialog(page, "Fulfil Number Request");
    await expect(field(fulfil, "Area Code")).toHaveValue("919");
    await expect(field(fulfil, "Friendly Name")).toHaveValue("Raleigh intake");
    await fulfil.getByRole("button", { name: "Search Numbers" }).click();
    const first = fulfil.getByRole("button", { name: /^Buy \(919\) 555-\d{4}$/ }).first();
    const shown = ((await first.getAttribute("aria-label")) ?? "").replace(/^Buy /, "");
    await first.click();
    // The price, from the server, and a confirmation before anything is bought.
    await expect(fulfil.getByText(/^Price: \$\d+\.\d{2} a month, included in your/)).toBeVisible();
    await fulfil.getByRole("button", { name: "Confirm Purchase" }).click();
    await expect(toast(page, "Number Purchased")).toBeVisible();
    await expect(
      page.getByRole("table", { name: "Phone numbers" }).getByRole("row").filter({ hasText: shown }),
    ).toContainText("Raleigh intake");
    // Fulfilled: no longer an open request.
    await expect(page.getByText("Raleigh intake", { exact: true })).toHaveCount(1);

    // Leave the demo account as it was.
    const list = (await (await page.request.get("/api/numbers")).json()) as {
      numbers: { id: string; friendlyName: string }[];
    };
    const bought = list.numbers.find((n) => n.friendlyName === "Raleigh intake");
    const released = await page.request.delete(`/api/numbers/${bought?.id}`, {
      headers: { origin: origin(page) },
    });
    expect(released.status()).toBe(204);
  });

  test("buy a number and see it answer a simulated call; add its E911 address, rename it, release it", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openNumbers(page);
    await page.getByRole("button", { name: "Buy a Number" }).click();
    const buy = dialog(page, "Buy a Phone Number");
    await field(buy, "Area Code").fill("919");
    await field(buy, "Friendly Name").fill("Raleigh Office");
    await buy.getByRole("button", { name: "Search Numbers" }).click();
    const first = buy.getByRole("button", { name: /^Buy \(919\) 555-\d{4}$/ }).first();
    const label = (await first.getAttribute("aria-label")) ?? "";
    const shown = label.replace(/^Buy /, "");
    const e164 = `+1${shown.replace(/\D/g, "")}`;
    await first.click();
    await buy.getByRole("button", { name: "Confirm Purchase" }).click();
    await expect(toast(page, "Number Purchased")).toContainText(shown);
    await expect(buy).toBeHidden();

    const row = page
      .getByRole("table", { name: "Phone numbers" })
      .getByRole("row")
      .filter({ hasText: shown });
    await expect(row).toContainText("Raleigh Office");
    await expect(row).toContainText("Missing");
    await expect(row).toContainText("Voicemail (not configured)");

    // The bought number answers a call: the caller reaches its voicemail.
    const caller = `+1786555${String(Math.floor(1000 + Math.random() * 8999))}`;
    // Once the routing tables have recompiled (announced on the bus), the call goes through.
    let transcript: { to: string; verbs: { verb: string }[] } = { to: "", verbs: [] };
    await expect(async () => {
      const answered = await call(page, e164, caller);
      expect(answered.status(), await answered.text()).toBe(200);
      transcript = await answered.json();
    }).toPass();
    expect(transcript.to).toBe(e164);
    expect(transcript.verbs.map((v) => v.verb)).toContain("Record");
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/calls?q=${encodeURIComponent(caller)}`);
        const { calls } = (await res.json()) as { calls: { toNumber: string }[] };
        return calls.map((c) => c.toNumber);
      })
      .toEqual([e164]);

    // E911: a ZIP of the wrong shape is refused under its field; a valid address is registered.
    await row.getByRole("button", { name: `E911 address of ${shown}` }).click();
    const e911 = dialog(page, `E911 Address for ${shown}`);
    await field(e911, "Name").fill("Demo Law Group");
    await field(e911, "Street Address").fill("100 Fayetteville St");
    await field(e911, "City").fill("Raleigh");
    await e911.getByRole("textbox", { name: "State / Province" }).click();
    await page.getByRole("option", { name: "NC", exact: true }).click();
    await field(e911, "ZIP / Postal Code").fill("2760");
    await e911.getByRole("button", { name: "Save Address" }).click();
    await expect(e911.getByText("Enter a valid ZIP or postal code.")).toBeVisible();
    await field(e911, "ZIP / Postal Code").fill("27601");
    await e911.getByRole("button", { name: "Save Address" }).click();
    await expect(toast(page, "E911 Address Saved")).toBeVisible();
    await expect(row).toContainText("Registered");

    // Rename.
    await row.getByRole("button", { name: `Rename ${shown}` }).click();
    const rename = dialog(page, `Rename ${shown}`);
    await field(rename, "Friendly Name").fill("Raleigh Front Desk");
    await rename.getByRole("button", { name: "Save" }).click();
    await expect(row).toContainText("Raleigh Front Desk");

    // Release, confirmed: the number is gone and answers no more.
    await row.getByRole("button", { name: `Release ${shown}` }).click();
    const confirm = dialog(page, "Release Number");
    await expect(confirm).toContainText(shown);
    await confirm.getByRole("button", { name: "Release Number" }).click();
    await expect(toast(page, "Number Released")).toBeVisible();
    await expect(page.getByRole("table", { name: "Phone numbers" }).getByText(shown)).toHaveCount(0);
    await expect.poll(async () => (await call(page, e164, caller)).status()).toBe(404);
  });
});
