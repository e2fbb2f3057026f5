import { expect } from "@playwright/test";
import {
  appReady,
  choose,
  demoMember,
  demoUser,
  field,
  seriousAxeViolations,
  signIn,
  test,
  toast,
} from "./support";

test.describe("People in the routing", () => {
  test("a member sets do not disturb from the user menu and their phone and hours in Settings; the ring-group editor shows it", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const member = await (await browser.newContext()).newPage();
    await signIn(member, demoMember);
    await member.waitForURL(/\/dashboard/);

    await member.getByRole("button", { name: "User menu" }).click();
    await member.getByRole("menuitem", { name: /^Do not disturb/ }).click();
    await expect(toast(member, "Availability Updated")).toContainText("Do not disturb");
    await member.getByRole("button", { name: "User menu" }).click();
    await expect(member.getByRole("menuitem", { name: "Do not disturb (current)" })).toBeVisible();
    await member.keyboard.press("Escape");

    await member.goto("/dashboard/settings?tab=availability");
    await appReady(member);
    await field(member, "Forwarding phone").fill("call me");
    await member.getByRole("button", { name: "Save Phone" }).click();
    await expect(member.getByText("Enter a phone number in E.164 form, e.g. +14075550123.")).toBeVisible();
    await field(member, "Forwarding phone").fill("(305) 555-0188");
    await member.getByRole("button", { name: "Save Phone" }).click();
    await expect(toast(member, "Forwarding Phone Saved")).toBeVisible();

    await choose(member, "Your Time Zone", "America/Chicago");
    await member.getByRole("switch", { name: "Take calls at any time" }).click({ force: true });
    await member.getByLabel("Monday starts", { exact: true }).fill("08:00");
    await member.getByRole("button", { name: "Save Working Hours" }).click();
    await expect(toast(member, "Working Hours Saved")).toBeVisible();
    const { count, report } = await seriousAxeViolations(member);
    expect(count, report).toBe(0);

    // What was saved is what the page shows after a reload.
    await member.reload();
    await appReady(member);
    await expect(field(member, "Forwarding phone")).toHaveValue("+13055550188");
    await expect(member.getByLabel("Monday starts", { exact: true })).toHaveValue("08:00");

    // The owner's ring-group editor names the member with their availability.
    const owner = await (await browser.newContext()).newPage();
    await signIn(owner, demoUser);
    await owner.waitForURL(/\/dashboard/);
    await owner.goto("/dashboard/call-routing");
    await appReady(owner);
    await choose(owner, "During Business Hours", "Ring group");
    await owner
      .getByRole("textbox", { name: "During Business Hours: extensions and people rung" })
      .click({ force: true });
    await expect(owner.getByRole("option", { name: "Sam Rivera (Do not disturb)" })).toBeVisible();

    // Back to Available, as the other specs find the demo member.
    await member.getByRole("button", { name: "User menu" }).click();
    await member.getByRole("menuitem", { name: /^Available/ }).click();
    await expect(toast(member, "Availability Updated")).toContainText("Available");
  });
});
