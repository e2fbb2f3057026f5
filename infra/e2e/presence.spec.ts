import { expect } from "@playwright/test";
import { appReady, demoUser, newTeammate, seriousAxeViolations, signIn, test, toast } from "./support";

/**
 * Live presence: the owner's Team list shows a member's state as the member changes it, from the
 * live socket, without reloading: Available once they sign in, Do not disturb, Offline once their
 * page is closed.
 */
test("the owner sees a member Available, then Do not disturb, then Offline, without reloading", async ({
  browser,
  admin,
}) => {
  test.setTimeout(120_000);
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, demoUser);
  await owner.waitForURL(/\/dashboard/);
  // A member of their own: the demo's members are signed in and out by other specs at the same time.
  const { page: member, email } = await newTeammate(owner, browser, admin, {
    firstName: "Pia",
    lastName: "Present",
  });
  const memberContext = member.context();
  await owner.goto("/dashboard/settings?tab=team");
  await appReady(owner);
  const memberRow = owner
    .getByRole("table", { name: "Team members" })
    .getByRole("row")
    .filter({ hasText: email });
  const memberState = memberRow.getByTestId("presence");
  await expect(memberState).toHaveText("Available");

  await member.getByRole("button", { name: "User menu" }).click();
  await member.getByRole("menuitem", { name: /^Do not disturb/ }).click();
  await expect(toast(member, "Availability Updated")).toContainText("Do not disturb");
  await expect(memberState).toHaveText("Do not disturb");
  const { count, report } = await seriousAxeViolations(owner);
  expect(count, report).toBe(0);

  // Back to Available; then the page is closed.
  await member.getByRole("button", { name: "User menu" }).click();
  await member.getByRole("menuitem", { name: /^Available/ }).click();
  await expect(memberState).toHaveText("Available");
  await memberContext.close();
  await expect(memberState).toHaveText("Offline");
});
