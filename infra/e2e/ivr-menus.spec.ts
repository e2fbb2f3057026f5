import { expect, type Page } from "@playwright/test";
import { heard, menuIdOf, numberAnsweredBy, openIvrMenus, placeCall, randomDigits } from "./ivr-support";
import { choose, demoUser, field, seriousAxeViolations, signIn, test, toast } from "./support";

const editor = (page: Page) => page.getByRole("form");

/** Adds an option on the Menu Options tab: its key, action and (for some actions) destination. */
async function addOption(page: Page, index: number, key: string, action: string, destination?: string) {
  await page.getByRole("tab", { name: "Menu Options" }).click();
  await page.getByRole("button", { name: "Add Option" }).click();
  const n = index + 1;
  await choose(page, `Option ${n} key`, key);
  await choose(page, `Option ${n} action`, action);
  if (destination === undefined) return;
  const message = page.getByRole("textbox", { name: `Option ${n} message` });
  if (await message.isVisible()) await message.fill(destination);
  else await choose(page, `Option ${n} destination`, destination);
}

async function createMenu(page: Page, name: string, greeting: string, options: () => Promise<void>) {
  await page.getByRole("button", { name: "New Menu" }).click();
  await expect(editor(page).getByRole("heading", { name: "New IVR Menu" })).toBeVisible();
  await field(page, "Menu Name").fill(name);
  await page.getByRole("tab", { name: "Prompts" }).click();
  await field(page, "Greeting Text").fill(greeting);
  await options();
  await page.getByRole("button", { name: "Save Menu" }).click();
  await expect(toast(page, "Menu Saved").filter({ hasText: name })).toBeVisible();
  await expect(editor(page).getByRole("heading", { name: `Edit ${name}` })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "IVR menus" }).getByRole("button", { name }),
  ).toBeVisible();
}

test.describe("IVR Menus", () => {
  test("a two-level menu built in the editor answers a simulated call; the diagram opens its menus", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const run = randomDigits(5);
    const sales = `Sales ${run}`;
    const main = `Main ${run}`;
    await signIn(page, demoUser);
    await page.waitForURL(/\/dashboard/);
    await openIvrMenus(page);

    // Nothing saved is selected: there is nothing to delete.
    await page.getByRole("button", { name: "New Menu" }).click();
    await page.getByRole("button", { name: "Delete Menu" }).click();
    await expect(toast(page, "Cannot Delete")).toBeVisible();
    // Seed 001's defaults and its one save-level message.
    await expect(field(page, "Timeout (seconds)")).toHaveValue("10");
    await expect(field(page, "Max Invalid Inputs")).toHaveValue("3");
    await page.getByRole("button", { name: "Save Menu" }).click();
    await expect(page.getByText("Menu name is required.").first()).toBeVisible();
    await field(page, "Timeout (seconds)").fill("31");
    await field(page, "Menu Name").fill("x");
    await page.getByRole("button", { name: "Save Menu" }).click();
    await expect(page.getByText("Timeout must be between 3 and 30 seconds.").first()).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();

    await createMenu(page, sales, `Sales desk ${run}. Press 1 to hear our hours.`, async () => {
      await addOption(page, 0, "1", "Play a message", `Open nine to five ${run}.`);
      await addOption(page, 1, "9", "Hang up");
    });
    await createMenu(page, main, `Welcome ${run}. Press 2 for sales.`, async () => {
      await addOption(page, 0, "2", "Go to IVR menu", sales);
    });

    // The destination picker never offers the menu being edited; a new action clears the destination.
    await page.getByRole("tab", { name: "Menu Options" }).click();
    await page.getByRole("textbox", { name: "Option 1 destination", exact: true }).click();
    await expect(page.getByRole("option", { name: sales, exact: true })).toBeVisible();
    await expect(page.getByRole("option", { name: main, exact: true })).toHaveCount(0);
    await page.keyboard.press("Escape");

    const number = await numberAnsweredBy(page, await menuIdOf(page, main));
    try {
      // The caller presses 2 in the main menu, then 1 in the sales menu.
      const call = await placeCall(page, number.e164, ["2", "1"]);
      const said = heard(call);
      expect(said.some((s) => s.includes(`Welcome ${run}.`))).toBe(true);
      expect(said.some((s) => s.includes(`Sales desk ${run}.`))).toBe(true);
      expect(said.some((s) => s.includes(`Open nine to five ${run}.`))).toBe(true);

      // The diagram of the number: the number, both menus, the keys; clicking a menu opens it.
      await openIvrMenus(page);
      await choose(page, "Show the menus of", new RegExp(`^\\${number.e164}`));
      const diagram = page.getByTestId("ivr-flow-diagram");
      await expect(diagram.getByText(`IVR menu: ${main}`)).toBeVisible();
      await expect(diagram.getByText(`IVR menu: ${sales}`)).toBeVisible();
      await expect(diagram.getByText("Key 2", { exact: true })).toBeVisible();
      await expect(diagram.getByText(/^Play a message$/)).toBeVisible();
      await diagram.getByText(`IVR menu: ${sales}`).click();
      await expect(editor(page).getByRole("heading", { name: `Edit ${sales}` })).toBeVisible();

      // The main menu answers the number: deleting it is refused, with the reason.
      await page.getByRole("navigation", { name: "IVR menus" }).getByRole("button", { name: main }).click();
      await page.getByRole("button", { name: "Delete Menu" }).click();
      await page
        .getByRole("dialog", { name: "Delete IVR Menu" })
        .getByRole("button", { name: "Delete" })
        .click();
      await expect(toast(page, "Delete Error")).toContainText(number.e164);
    } finally {
      await number.release();
    }
  });

  test("the page has no serious accessibility violations", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, demoUser);
    await page.waitForURL(/\/dashboard/);
    await openIvrMenus(page);
    await page.getByRole("navigation", { name: "IVR menus" }).getByRole("button").nth(1).click();
    await expect(page.getByRole("tab", { name: "General" })).toBeVisible();
    await expect(page.getByTestId("ivr-flow-diagram")).toBeVisible();
    const { count, report } = await seriousAxeViolations(page);
    expect(count, report).toBe(0);
  });
});
