import { expect, test } from "@playwright/test";
import {
  appReady,
  choose,
  demoUser,
  field,
  releaseNumber,
  seriousAxeViolations,
  signIn,
  toast,
} from "./support";

/** The sim's bundles, as its reviewer sees them (this machine, no session: the control's "all" scope). */
interface SimBundle {
  sid: string;
  friendlyName: string;
  status: string;
}

test("an owner submits regulatory information for UK numbers, and buys one once the carrier approves it", async ({
  page,
  playwright,
}) => {
  const company = `Acme E2E ${Date.now()}`;
  await signIn(page, demoUser);
  await page.waitForURL(/\/dashboard/);
  await page.goto("/dashboard/numbers");
  await appReady(page);

  await page.getByRole("button", { name: "Buy Abroad" }).click();
  const dialog = page.getByRole("dialog", { name: "Buy a Number Abroad" });
  await choose(page, "Country", "United Kingdom");
  await choose(page, "Number Type", /^Local/);
  await expect(dialog.getByText("Numbers in this country need this information")).toBeVisible();
  await field(page, "Business Name").fill(company);
  await field(page, "Business Registration Number").fill("01234567");
  await field(page, "Street").fill("1 Long Acre");
  await field(page, "City").fill("London");
  await field(page, "Postal Code").fill("WC2E 9LA");
  const axe = await seriousAxeViolations(page);
  expect(axe.count, axe.report).toBe(0);
  await dialog.getByRole("button", { name: "Submit for Review" }).click();
  await expect(dialog.getByRole("status")).toContainText("In review");

  // The carrier's reviewer approves it (the sim's control, from this machine).
  const reviewer = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  let sid = "";
  await expect(async () => {
    const bundles = (await (await reviewer.get("/carrier-sim/sim/bundles")).json()) as SimBundle[];
    sid = bundles.find((b) => b.friendlyName.startsWith(company))?.sid ?? "";
    expect(sid).not.toBe("");
  }).toPass();
  const review = await reviewer.post(`/carrier-sim/sim/bundles/${sid}/review`, {
    data: { decision: "approve" },
  });
  expect(review.status(), await review.text()).toBe(200);
  await reviewer.dispose();

  await expect(dialog.getByRole("status")).toContainText("Approved");
  const table = dialog.getByRole("table", { name: "Available numbers" });
  const buyButton = table.getByRole("button", { name: /^Buy / }).first();
  const label = (await buyButton.getAttribute("aria-label")) ?? "";
  await buyButton.click();
  await expect(toast(page, "Number Purchased")).toBeVisible();
  const bought = label.replace(/^Buy /, "");
  await expect(page.getByRole("cell", { name: bought, exact: true })).toBeVisible();
  // Leave the demo account's plan room for the other specs' numbers (a number abroad is shown as E.164).
  await releaseNumber(page, bought);
});
