import { expect, type Page } from "@playwright/test";
import { appReady, demoMember, demoUser, seriousAxeViolations, signIn, test, toast } from "./support";

/** The shared inbox: a conversation assigned to a member, a note that mentions them, their bell. */

const origin = (page: Page) => new URL(page.url()).origin;

/** A North American number no other run uses: +1 305 N5x xxxx (an exchange starts 2-9). */
function freshNumber(): string {
  const line = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
  return `+1305${2 + (Number(line[0]) % 8)}5${line.slice(1)}`;
}

test.describe("Shared inbox", () => {
  test("the owner assigns a conversation to Sam and mentions him in a note; Sam's bell shows both", async ({
    browser,
    page,
  }) => {
    await signIn(page, demoUser);
    await page.waitForURL(/\/dashboard/);
    const senders = await page.request.get("/api/conversations/senders");
    const from = ((await senders.json()) as { numbers: { e164: string }[] }).numbers[0]?.e164 ?? "";
    const to = freshNumber();
    const sent = await page.request.post("/api/messages", {
      headers: { origin: origin(page) },
      data: { from, to, body: `Shared inbox ${Date.now()}` },
    });
    expect(sent.ok(), await sent.text()).toBe(true);

    await page.goto(`/dashboard/messages?our=${encodeURIComponent(from)}&peer=${encodeURIComponent(to)}`);
    await appReady(page);
    const assignee = page.getByRole("textbox", { name: "Assigned to" });
    await expect(assignee).toHaveValue("Unassigned");
    await assignee.click();
    await page.getByRole("option", { name: "Sam Rivera" }).click();
    await expect(assignee).toHaveValue("Sam Rivera");

    const note = `@Sam Rivera please call them back ${Date.now()}`;
    await page.getByRole("textbox", { name: "Internal note" }).fill(note);
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByRole("region", { name: "Internal notes" }).getByText(note)).toBeVisible();
    const axe = await seriousAxeViolations(page);
    expect(axe.count, axe.report).toBe(0);

    const sam = await (await browser.newContext()).newPage();
    await signIn(sam, demoMember);
    await sam.waitForURL(/\/dashboard/);
    await appReady(sam);
    await sam.getByRole("button", { name: /^Notifications \(/ }).click();
    const menu = sam.getByRole("dialog", { name: "Notifications" });
    await expect(menu.getByText(/assigned you the conversation with/).first()).toBeVisible();
    await expect(menu.getByText(/mentioned you on the conversation with/).first()).toBeVisible();
    const bellAxe = await seriousAxeViolations(sam);
    expect(bellAxe.count, bellAxe.report).toBe(0);

    // Sam's "Assigned to me" lists the conversation.
    await sam.goto("/dashboard/messages");
    await appReady(sam);
    await sam.locator("label", { hasText: "Assigned to me" }).first().click();
    await expect(sam.getByRole("radio", { name: "Assigned to me" })).toBeChecked();
    await expect(
      sam
        .getByRole("list", { name: "Conversations" })
        .getByText(/Shared inbox/)
        .first(),
    ).toBeVisible();
  });

  test("a note on a call mentions Sam; round robin on a number gives a new text to a member", async ({
    browser,
    page,
  }) => {
    await signIn(page, demoUser);
    await page.waitForURL(/\/dashboard/);
    await page.goto("/dashboard/call-history");
    await appReady(page);
    await expect(page.getByText("Loading call logs...")).toBeHidden();
    await page
      .getByRole("button", { name: /^Internal notes on the call/ })
      .first()
      .click();
    const details = page.getByRole("dialog", { name: /^Call (from|to) / });
    const note = `@Sam Rivera this caller wants a quote ${Date.now()}`;
    await details.getByRole("textbox", { name: "Internal note" }).fill(note);
    await details.getByRole("button", { name: "Add note" }).click();
    await expect(details.getByRole("region", { name: "Internal notes" }).getByText(note)).toBeVisible();
    const notesAxe = await seriousAxeViolations(page);
    expect(notesAxe.count, notesAxe.report).toBe(0);
    await details.getByRole("button", { name: "Close dialog" }).click();

    // Round robin on the account's last texting number, for as long as one text takes.
    const senders = await page.request.get("/api/conversations/senders");
    const ours = ((await senders.json()) as { numbers: { e164: string }[] }).numbers.at(-1)?.e164 ?? "";
    await page.goto("/dashboard/settings?tab=inbox");
    await appReady(page);
    const rule = page.getByRole("switch", {
      name: /^Assign new conversations and voicemails on .* round robin/,
    });
    const numbers = (await (await page.request.get("/api/inbox/round-robin")).json()) as {
      numbers: { e164: string }[];
    };
    const mine = rule.nth(numbers.numbers.findIndex((n) => n.e164 === ours));
    await expect(mine).not.toBeChecked();
    await mine.click();
    await expect(toast(page, "Round Robin Saved")).toBeVisible();
    await expect(mine).toBeChecked();
    const settingsAxe = await seriousAxeViolations(page);
    expect(settingsAxe.count, settingsAxe.report).toBe(0);

    const peer = freshNumber();
    const texted = await page.request.post("/carrier-sim/sim/texts", {
      headers: { origin: origin(page) },
      data: { from: peer, to: ours, body: `Round robin ${Date.now()}` },
    });
    expect(texted.ok(), await texted.text()).toBe(true);
    const query = `ourNumber=${encodeURIComponent(ours)}&peerNumber=${encodeURIComponent(peer)}`;
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/inbox/conversation?${query}`);
        return res.ok() ? ((await res.json()) as { assignee: { name: string } | null }).assignee : null;
      })
      .not.toBeNull();
    await mine.click();
    await expect(mine).not.toBeChecked();
    await page.goto(`/dashboard/messages?our=${encodeURIComponent(ours)}&peer=${encodeURIComponent(peer)}`);
    await appReady(page);
    await expect(page.getByRole("textbox", { name: "Assigned to" })).not.toHaveValue("Unassigned");

    // Sam: the mention on the call in the bell; the round-robin switches he may not change.
    const sam = await (await browser.newContext()).newPage();
    await signIn(sam, demoMember);
    await sam.waitForURL(/\/dashboard/);
    await appReady(sam);
    await sam.getByRole("button", { name: /^Notifications \(/ }).click();
    await expect(
      sam
        .getByRole("dialog", { name: "Notifications" })
        .getByText(/mentioned you on a call/)
        .first(),
    ).toBeVisible();
    await sam.goto("/dashboard/settings?tab=inbox");
    await appReady(sam);
    await expect(sam.getByText(/can change call routing/)).toBeVisible();
    await expect(
      sam.getByRole("switch", { name: /^Assign new conversations and voicemails on / }).first(),
    ).toBeDisabled();
    await sam.goto("/dashboard/settings?tab=notifications");
    await appReady(sam);
    await expect(sam.getByRole("switch", { name: "Bell on missed call" })).toBeChecked();
    const prefsAxe = await seriousAxeViolations(sam);
    expect(prefsAxe.count, prefsAxe.report).toBe(0);
  });
});
