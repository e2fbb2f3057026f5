import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { e2ePasswords } from "./passwords";
import { appReady, seriousAxeViolations, signIn, test, toast } from "./support";
import { trialAccount } from "./trial-account";

/** The platform's number the codes come from, on the simulator (packages/modules/src/verified-numbers/sender.ts). */
const VERIFICATION_SENDER = "+15005550006";
const trialUser = { email: trialAccount.email, password: e2ePasswords().trial };

/** Fresh numbers each run (the simulator limits codes to one number per hour). */
const runBlock = String(10 + Math.floor(Math.random() * 90));
const runNumber = (last: number) => `+1404555${runBlock}0${last}`;
const shown = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

/**
 * The carrier simulator's view, asked from this machine as `npm run text` does (no session: a
 * signed-in browser only sees its own numbers' texts, and the code comes from the platform's).
 */
async function simulator(baseURL: string | undefined): Promise<APIRequestContext> {
  const { request } = await import("@playwright/test");
  return request.newContext({ baseURL: baseURL ?? "" });
}

/** The code the simulator delivered to `e164` by text. */
async function codeTextedTo(sim: APIRequestContext, e164: string): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const res = await sim.get("/carrier-sim/sim/messages");
        const texts = (await res.json()) as { from: string; to: string; body: string }[];
        const text = texts.filter((m) => m.to === e164 && m.from === VERIFICATION_SENDER).at(-1);
        code = /\b(\d{6})\b/.exec(text?.body ?? "")?.[1] ?? "";
        return code;
      },
      { message: `a code texted to ${e164}` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

async function verifyByText(page: Page, sim: APIRequestContext, e164: string) {
  await page.getByRole("button", { name: "Verify a Number" }).click();
  const add = page.getByRole("dialog", { name: "Verify a Number" });
  await add.getByLabel(/^Phone Number/).fill(e164);
  await expect(add.getByRole("radio", { name: "Text message" })).toBeChecked();
  await add.getByRole("button", { name: "Send Code" }).click();
  const enter = page.getByRole("dialog", { name: `Enter the Code for ${shown(e164)}` });
  await expect(enter).toBeVisible();
  await enter.getByLabel(/^Verification Code/).fill(await codeTextedTo(sim, e164));
  await enter.getByRole("button", { name: "Verify" }).click();
  // The toast of this number: the previous number's may still be on screen.
  await expect(toast(page, `${shown(e164)} is verified.`)).toBeVisible();
  const row = page
    .getByRole("table", { name: "Verified numbers" })
    .getByRole("row")
    .filter({ hasText: shown(e164) });
  await expect(row).toContainText("Verified");
}

test.describe("Trial limits", () => {
  test("an unpaid trial verifies numbers by a texted code, calls them, and nothing else; it buys no second number", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const sim = await simulator(baseURL);
    const myPhone = runNumber(1);
    const colleague = runNumber(2);
    const stranger = runNumber(3);

    await signIn(page, trialUser);
    await page.waitForURL(/\/dashboard/);
    await page.goto("/dashboard/numbers");
    await appReady(page);
    await expect(page.getByRole("heading", { name: "Verified Numbers" })).toBeVisible();
    await expect(
      page.getByText(/During the free trial, calls and texts go only to your verified numbers/),
    ).toBeVisible();
    const axe = await seriousAxeViolations(page);
    expect(axe.count, axe.report).toBe(0);

    await verifyByText(page, sim, myPhone);
    await verifyByText(page, sim, colleague);

    // The trial's one included number is held already: a second is refused by the trial's limits.
    await page.getByRole("button", { name: "Buy a Number" }).click();
    const buy = page.getByRole("dialog", { name: "Buy a Phone Number" });
    await buy.getByLabel(/^Area Code/).fill("407");
    await buy.getByRole("button", { name: "Search Numbers" }).click();
    await buy.getByRole("table", { name: "Available numbers" }).getByRole("button").first().click();
    await buy.getByRole("button", { name: "Confirm Purchase" }).click();
    await expect(
      buy.getByText(/^Your Free Trial plan includes 1 local number and this account has 1\./),
    ).toBeVisible();
    await buy.getByRole("button", { name: "Close dialog" }).click();

    // A verified number can be called, from the verified phone.
    await page.goto("/dashboard");
    await appReady(page);
    await page.getByRole("button", { name: "Make a Call" }).click();
    const dialog = page.getByRole("dialog", { name: "Make a Call" });
    await dialog.getByLabel("Your phone").fill(myPhone);
    await dialog.getByLabel("Number to call").fill(colleague);
    await expect(dialog.getByRole("textbox", { name: "Caller ID" })).not.toHaveValue("");
    await dialog.getByRole("button", { name: "Call", exact: true }).click();
    await expect(toast(page, "Calling your phone")).toBeVisible();
    await expect
      .poll(async () => {
        const calls = (await (await sim.get("/carrier-sim/sim/calls")).json()) as {
          from: string;
          to: string;
          legs: { target: string }[];
        }[];
        const call = calls.find((c) => c.from === trialAccount.number && c.to === myPhone);
        return call?.legs.map((leg) => leg.target) ?? [];
      })
      .toContain(colleague);

    // Any other number is refused, with the reason under the field.
    await page.getByRole("button", { name: "Make a Call" }).click();
    await dialog.getByLabel("Number to call").fill(stranger);
    await dialog.getByRole("button", { name: "Call", exact: true }).click();
    // The destination policy's trial refusal (telephony/destination-policy.ts, whose JSON import
    // Playwright's loader cannot read).
    await expect(dialog.getByText(/^During the free trial, calls and texts can only go to/)).toBeVisible();
    const calls = (await (await sim.get("/carrier-sim/sim/calls")).json()) as {
      to: string;
      legs: { target: string }[];
    }[];
    expect(calls.some((c) => c.to === stranger || c.legs.some((leg) => leg.target === stranger))).toBe(false);
    await sim.dispose();
  });
});
