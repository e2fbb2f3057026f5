import { expect, type Page, test } from "@playwright/test";
import { appReady, choose, demoUser, seriousAxeViolations, signIn, toast } from "./support";

/** The demo's pound code: Demo Law Group manages #4LAW, licensed to three law firms. */
const POUND_CODE = "#4LAW";

async function openGeoRouting(page: Page) {
  await signIn(page, demoUser);
  await page.waitForURL(/\/dashboard/);
  await page.goto("/dashboard/geo-routing");
  await appReady(page);
  await expect(page.getByRole("heading", { name: "Geo-Location Routing", level: 1 })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Shared Number" })).toHaveValue(new RegExp(POUND_CODE));
  await expect(rules(page).first()).toBeVisible();
}

const rules = (page: Page) => page.getByTestId("geo-rule-row");
const result = (page: Page) => page.getByTestId("test-caller-result");

async function testCaller(page: Page, number: string) {
  await page.getByRole("radio", { name: "Phone number" }).check({ force: true });
  await page.getByRole("textbox", { name: "Caller", exact: true }).fill(number);
  await page.getByRole("button", { name: "Test Caller" }).click();
}

test.describe("geo-location routing", () => {
  test("add a rule, test a caller, save, and a simulated call from that area code follows it", async ({
    page,
    baseURL,
  }) => {
    await openGeoRouting(page);
    const clients = page.getByRole("table", { name: "Licensed clients" });
    await expect(clients).toContainText("Demo Law Group");
    await expect(clients.locator("tbody tr")).toHaveCount(3);

    // An Austin caller: no rule of the demo's covers Texas, so the default licensee answers.
    const caller = `+1512555${String(Math.floor(Math.random() * 9000) + 1000)}`;
    await testCaller(page, `(512) ${caller.slice(5, 8)}-${caller.slice(8)}`);
    await expect(result(page)).toContainText("No rule matches");
    await expect(result(page)).toContainText("Located: TX, US (area code 512)");
    await expect(page.getByTestId("coverage")).toContainText("TX");

    // Adding without a value is refused with the seed's words.
    await choose(page, "Location Type", "Area Code");
    await page.getByRole("button", { name: "Add Rule" }).click();
    await expect(toast(page, "Missing Information")).toContainText(
      "Please provide location value and select a client/licensee.",
    );

    const before = await rules(page).count();
    await page.getByRole("textbox", { name: "Location Value", exact: true }).fill("512");
    await choose(page, "Client / Licensee", "Demo Law Group");
    await choose(page, "IVR Menu (optional)", "New Client Intake");
    await page.getByRole("button", { name: "Add Rule" }).click();
    await expect(rules(page)).toHaveCount(before + 1);
    // Priority = count + 1: the new rule comes last.
    await expect(rules(page).last()).toContainText(String(before + 1));
    await expect(page.getByRole("textbox", { name: `Location value of rule ${before + 1}` })).toHaveValue(
      "512",
    );

    // Drag it to the top (the keyboard's drag: lift, move up, drop).
    const handle = page.getByRole("button", { name: `Drag rule ${before + 1} to reorder` });
    await handle.focus();
    await page.keyboard.press("Space");
    for (let i = 0; i < before; i++) await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Space");
    await expect(page.getByRole("textbox", { name: "Location value of rule 1" })).toHaveValue("512");

    // The unsaved draft already routes the caller: rule 1, a menu, said in words (no TwiML).
    await testCaller(page, caller);
    await expect(result(page)).toContainText("Matches rule 1: Area Code 512");
    await expect(result(page)).toContainText("Licensee: Demo Law Group");
    await expect(result(page)).toContainText("The caller hears the menu “New Client Intake”");
    await expect(result(page)).not.toContainText("TwiML");

    await page.getByRole("button", { name: "Save Rules" }).click();
    await expect(toast(page, "Rules Saved")).toBeVisible();
    const numbers = (await (await page.request.get("/api/geo-routing/shared-numbers")).json()) as {
      sharedNumbers: { id: string; poundCode: string; e164: string }[];
    };
    const law = numbers.sharedNumbers.find((n) => n.poundCode === POUND_CODE);
    expect(law).toBeDefined();
    const saved = (await (await page.request.get(`/api/geo-routing/shared-numbers/${law?.id}`)).json()) as {
      rules: { locationType: string; locationValue: string; priority: number }[];
    };
    expect(saved.rules[0]).toMatchObject({ locationType: "areaCode", locationValue: "512", priority: 1 });
    expect(saved.rules).toHaveLength(before + 1);

    // A simulated call to the pound code from that area code hears the intake menu.
    const call = await page.request.post("/carrier-sim/sim/calls", {
      headers: { origin: baseURL ?? "" },
      data: { from: caller, to: POUND_CODE, press: ["9"] },
    });
    expect(call.ok(), await call.text()).toBe(true);
    const transcript = (await call.json()) as { spoken: string[]; to: string };
    expect(transcript.to).toBe(law?.e164);
    expect(transcript.spoken[0]).toContain("Please choose your practice area.");

    // Why this route: the call history says which rule routed the call and where the caller was.
    await page.goto("/dashboard/call-history");
    await appReady(page);
    const row = page
      .getByRole("table", { name: "Call logs" })
      .locator("tbody tr")
      // Numbers are written as the console writes them: (512) 555-0123.
      .filter({ hasText: `(512) ${caller.slice(5, 8)}-${caller.slice(8)}` });
    await expect(row.getByTestId("call-route")).toHaveText(
      `${POUND_CODE} · rule 1: Area Code 512 · caller in TX, US (area code 512)`,
    );
  });

  test("the page has no serious or critical axe violations", async ({ page }) => {
    await openGeoRouting(page);
    await expect(page.getByTestId("coverage")).toBeVisible();
    const { count, report } = await seriousAxeViolations(page);
    expect(count, `axe found serious/critical violations on /dashboard/geo-routing:\n\n${report}\n`).toBe(0);
  });
});
