import { expect, type Page } from "@playwright/test";
import {
  appReady,
  linkIn,
  registerAccount,
  seriousAxeViolations,
  signInThroughPage,
  test,
  toast,
  uniqueEmail,
  waitForEmail,
} from "./support";

/**
 * The team: an owner invites two people by e-mail; one already runs an account of their own,
 * accepts with it, and switches between the two accounts; as a member they cannot open billing.
 * The other registers through the link.
 */

type Admin = Parameters<typeof waitForEmail>[0];
const password = "Team-Pass-2026!";

/** A new account (registered, e-mail confirmed, signed in on `page`). */
async function newOwner(
  page: Page,
  admin: Admin,
  label: string,
  company: string,
  name?: { firstName: string; lastName: string },
): Promise<string> {
  const email = uniqueEmail(label);
  await registerAccount(page.request, email, password, company, name);
  const confirmation = await waitForEmail(admin, email, "confirm_email");
  await page.goto(linkIn(confirmation, "/api/auth/confirm-email"));
  await appReady(page);
  await signInThroughPage(page, { email, password });
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

async function openTeam(page: Page) {
  await page.goto("/dashboard/settings?tab=team");
  await appReady(page);
  await expect(page.getByRole("table", { name: "Team members" })).toBeVisible();
}

async function invite(page: Page, email: string) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole("button", { name: "Send Invitation" }).click();
  // The toast names its address: a second invitation's toast can show while the first's is still up.
  await expect(toast(page, "Invitation Sent").filter({ hasText: email })).toBeVisible();
  await expect(page.getByRole("table", { name: "Pending invitations" }).getByText(email)).toBeVisible();
}

/** The invitation's link in its e-mail. */
function invitationLink(email: { textBody: string }): string {
  const link = email.textBody.match(/https?:\/\/\S+\/invitations\/[a-z2-7]+/)?.[0];
  expect(link, `an invitation link in:\n${email.textBody}`).toBeTruthy();
  return link as string;
}

const userMenu = (page: Page) => page.getByRole("button", { name: "User menu" });

test("the owner invites two people; one joins with their own account, switches, and cannot open billing; a conversation is assigned, a note mentions the other", async ({
  page,
  browser,
  admin,
}) => {
  test.slow();
  await newOwner(page, admin, "team-owner", "Harbour Dental");

  // The colleague runs an account of their own already.
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  const colleagueEmail = await newOwner(colleague, admin, "team-colleague", "Rivera Books", {
    firstName: "Cole",
    lastName: "Rivera",
  });
  const newcomerEmail = uniqueEmail("team-newcomer");

  await openTeam(page);
  await invite(page, colleagueEmail);
  await invite(page, newcomerEmail);

  // The colleague follows their link, signed in as themselves, and accepts.
  const invitation = await waitForEmail(admin, colleagueEmail, "team_invitation");
  await colleague.goto(invitationLink(invitation));
  await appReady(colleague);
  await expect(colleague.getByText(/to join Harbour Dental as Member/)).toBeVisible();
  await colleague.getByRole("button", { name: "Accept Invitation" }).click();
  await expect(colleague).toHaveURL(/\/dashboard$/);
  await appReady(colleague);

  // Working in Harbour Dental as a member: no billing, and its page says why.
  const nav = colleague.getByRole("navigation", { name: "Dashboard navigation" });
  await expect(nav.getByRole("link", { name: "Messages" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Billing & Wallet" })).toHaveCount(0);
  await colleague.goto("/dashboard/billing");
  await appReady(colleague);
  await expect(
    colleague.getByText(
      "Only the account's owner, an administrator or a bookkeeper can see the account's billing.",
    ),
  ).toBeVisible();

  // Back to their own account, where they own the billing, and over again.
  await userMenu(colleague).click();
  await colleague.getByRole("menuitem", { name: "Rivera Books (Owner)" }).click();
  await expect(colleague).toHaveURL(/\/dashboard$/);
  await appReady(colleague);
  await expect(nav.getByRole("link", { name: "Billing & Wallet" })).toBeVisible();
  await userMenu(colleague).click();
  await expect(colleague.getByRole("menuitem", { name: "Rivera Books (Owner)" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await colleague.getByRole("menuitem", { name: "Harbour Dental (Member)" }).click();
  await expect(colleague).toHaveURL(/\/dashboard$/);
  await appReady(colleague);
  await expect(nav.getByRole("link", { name: "Messages" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Billing & Wallet" })).toHaveCount(0);

  // The newcomer has no Poundline user: the link registers them into the team.
  const newcomerContext = await browser.newContext();
  const newcomer = await newcomerContext.newPage();
  const second = await waitForEmail(admin, newcomerEmail, "team_invitation");
  await newcomer.goto(invitationLink(second));
  await appReady(newcomer);
  await expect(newcomer.getByRole("button", { name: "Create Account and Join" })).toBeVisible();
  const { count, report } = await seriousAxeViolations(newcomer);
  expect(count, `axe found serious/critical violations on the invitation page:\n\n${report}\n`).toBe(0);
  await newcomer.getByLabel(/^First name/).fill("Nia");
  await newcomer.getByLabel(/^Last name/).fill("Okafor");
  await newcomer.getByLabel(/^Password/).fill(password);
  await newcomer.getByLabel(/^Confirm password/).fill(password);
  await newcomer.getByRole("button", { name: "Create Account and Join" }).click();
  await expect(newcomer).toHaveURL(/\/dashboard$/);

  // The owner sees both in the team, and no invitation waiting.
  await openTeam(page);
  const members = page.getByRole("table", { name: "Team members" });
  await expect(members.getByText(colleagueEmail)).toBeVisible();
  await expect(members.getByText(newcomerEmail)).toBeVisible();
  await expect(page.getByText("No invitations are waiting.")).toBeVisible();

  // The team at work: the trial's number is Cole's direct line; a text to it is assigned to him,
  // and a note mentions Nia. Each hears of it in their bell.
  const number = await claimNumber(page);
  await page.getByRole("textbox", { name: "Direct number of Cole Rivera" }).click();
  await page.getByRole("option", { name: new RegExp(number.friendlyName) }).click();
  await expect(toast(page, "Direct Line Saved")).toBeVisible();
  const { count: teamAxe, report: teamReport } = await seriousAxeViolations(page);
  expect(teamAxe, teamReport).toBe(0);

  const peer = freshNumber();
  const texted = await page.request.post("/carrier-sim/sim/texts", {
    headers: { origin: new URL(page.url()).origin },
    data: { from: peer, to: number.e164, body: `Is the clinic open on Saturday? ${Date.now()}` },
  });
  expect(texted.ok(), await texted.text()).toBe(true);
  await page.goto(
    `/dashboard/messages?our=${encodeURIComponent(number.e164)}&peer=${encodeURIComponent(peer)}`,
  );
  await appReady(page);
  const assignee = page.getByRole("textbox", { name: "Assigned to" });
  await expect(assignee).toHaveValue("Unassigned");
  await assignee.click();
  await page.getByRole("option", { name: "Cole Rivera" }).click();
  await expect(assignee).toHaveValue("Cole Rivera");
  const note = `@Nia Okafor can you take Saturdays? ${Date.now()}`;
  await page.getByRole("textbox", { name: "Internal note" }).fill(note);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("region", { name: "Internal notes" }).getByText(note)).toBeVisible();

  await expect(await bellEntry(colleague, /assigned you the conversation with/)).toBeVisible();
  await expect(await bellEntry(newcomer, /mentioned you on the conversation with/)).toBeVisible();

  await colleagueContext.close();
  await newcomerContext.close();
});

/** The account's one included number, claimed by the trial for this test. */
async function claimNumber(page: Page): Promise<{ e164: string; friendlyName: string }> {
  const available = await page.request.get("/api/numbers/available?areaCode=305");
  const { numbers } = (await available.json()) as { numbers: { e164: string }[] };
  const e164 = numbers[Math.floor(Math.random() * numbers.length)]?.e164 as string;
  const friendlyName = `Cole direct ${Date.now()}`;
  const bought = await page.request.post("/api/numbers", {
    headers: { origin: new URL(page.url()).origin },
    data: { e164, friendlyName },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  // The Team tab's choices read the numbers when drawn.
  await openTeam(page);
  return { e164, friendlyName };
}

/** A North American number no other run uses: +1 305 55x xxxx. */
function freshNumber(): string {
  const line = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
  return `+1305${line.slice(0, 1)}5${line.slice(1)}`;
}

/** An entry of the person's bell, opened afresh. */
async function bellEntry(person: Page, text: RegExp) {
  await person.goto("/dashboard");
  await appReady(person);
  await person.getByRole("button", { name: /^Notifications \(/ }).click();
  return person.getByRole("dialog", { name: "Notifications" }).getByText(text).first();
}
