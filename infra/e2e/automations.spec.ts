import { expect, type Page } from "@playwright/test";
import { appReady, demoUser, seriousAxeViolations, signIn, test } from "./support";

/** Cookie-authenticated writes carry the app's Origin, as the browser's do. */
const origin = (page: Page) => new URL(page.url()).origin;

/** A caller no other run uses: +1 786 55x xxxx (Miami). */
function freshCaller(): string {
  const line = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
  return `+1786${line.slice(0, 1)}5${line.slice(1)}`;
}

/** The demo account's numbers, with their ids. */
async function numbers(page: Page): Promise<{ id: string; e164: string }[]> {
  const res = await page.request.get("/api/numbers");
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { numbers: { id: string; e164: string }[] }).numbers;
}

/** The number whose missed-call text-back is on, once saved. */
async function textBackNumber(page: Page): Promise<string | null> {
  for (const number of await numbers(page)) {
    const res = await page.request.get(`/api/numbers/${number.id}/automations`);
    if (res.ok() && ((await res.json()) as { missedCallEnabled: boolean }).missedCallEnabled)
      return number.e164;
  }
  return null;
}

test.describe("Automations", () => {
  test("missed-call text-back turned on for a number texts a missed caller, shown with its badge", async ({
    page,
  }) => {
    await signIn(page, demoUser);
    await page.waitForURL(/\/dashboard/);
    await page.goto("/dashboard/numbers");
    await appReady(page);
    await page
      .getByRole("button", { name: /^Automated texts of/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("switch", { name: "Text callers nobody answered" }).check();
    // The run may fall at night: quiet hours would hold the text until morning.
    await dialog.getByRole("switch", { name: /Send no automated text in quiet hours/ }).uncheck();
    const { count, report } = await seriousAxeViolations(page);
    expect(count, report).toBe(0);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();

    const ours = await textBackNumber(page);
    expect(ours).not.toBeNull();
    const caller = freshCaller();
    // The caller rings out to voicemail and hangs up: nobody answered.
    const call = await page.request.post("/carrier-sim/sim/calls", {
      headers: { origin: origin(page) },
      data: { from: caller, to: ours, recordSeconds: 2 },
    });
    expect(call.ok(), await call.text()).toBe(true);

    await page.goto(
      `/dashboard/messages?our=${encodeURIComponent(ours ?? "")}&peer=${encodeURIComponent(caller)}`,
    );
    await appReady(page);
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("automation-badge")).toHaveText("Missed-call text-back", {
        timeout: 2000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId("message").filter({ hasText: "Sorry we missed your call" })).toBeVisible();
  });

  test("a template is created and inserted in the composer", async ({ page }) => {
    await signIn(page, demoUser);
    await page.waitForURL(/\/dashboard/);
    const ours = (await numbers(page))[0]?.e164 ?? "";
    await page.goto(
      `/dashboard/messages?our=${encodeURIComponent(ours)}&peer=${encodeURIComponent(freshCaller())}`,
    );
    await appReady(page);
    await page.getByRole("button", { name: "Insert a template" }).click();
    await page.getByRole("menuitem", { name: /Manage templates/ }).click();
    const dialog = page.getByRole("dialog", { name: "Text templates" });
    const name = `Directions ${Date.now()}`;
    await dialog.getByLabel("Template name").fill(name);
    await dialog.getByLabel("Template text").fill("{business_name} is at 100 Main Street.");
    await dialog.getByRole("button", { name: "Add template" }).click();
    await expect(dialog.getByRole("cell", { name, exact: true })).toBeVisible();
    const { count, report } = await seriousAxeViolations(page);
    expect(count, report).toBe(0);
    await dialog.getByRole("button", { name: "Close dialog" }).click();

    await page.getByRole("button", { name: "Insert a template" }).click();
    await page.getByRole("menuitem", { name }).click();
    const composer = page
      .getByRole("form", { name: "Send a message" })
      .getByRole("textbox", { name: "Message" });
    await expect(composer).toHaveValue(/ is at 100 Main Street\.$/);
    await expect(composer).not.toHaveValue(/\{business_name\}/);
  });
});
