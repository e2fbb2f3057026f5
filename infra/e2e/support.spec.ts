import { type Browser, expect, type Page } from "@playwright/test";
import {
  adminUser,
  appReady,
  choose,
  demoUser,
  field,
  seriousAxeViolations,
  signIn,
  test,
  toast,
  waitForEmail,
} from "./support";

/** A page of its own (cookies and all) signed in as `user`. */
async function signedInPage(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user);
  await expect(page).toHaveURL(/\/dashboard/);
  return page;
}

/** No serious or critical axe violations on the page as it stands. */
async function expectAccessible(page: Page, label: string) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const { count, report } = await seriousAxeViolations(page);
  expect(count, `axe found serious/critical violations on ${label}:\n\n${report}\n`).toBe(0);
}

const status = (page: Page) => page.locator(".mantine-Badge-root").first();

/** A tiny but real PNG (1×1), as a person would attach a screenshot. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

test.describe("Support tickets", () => {
  test("a ticket goes back and forth between a user and support, is closed and reopened", async ({
    browser,
    admin,
  }) => {
    test.setTimeout(120_000);
    const subject = `Calls drop after 30 seconds ${Date.now()}`;
    const user = await signedInPage(browser, demoUser);

    // The user opens a ticket from the console's Support entry.
    await user.getByRole("link", { name: "Support", exact: true }).click();
    await expect(user.getByRole("heading", { name: "My Support Tickets" })).toBeVisible();
    await expectAccessible(user, "My Support Tickets");
    await user.getByRole("link", { name: "New Ticket" }).click();
    await expect(user).toHaveURL(/\/dashboard\/support\/ticket\/new$/);
    await expectAccessible(user, "New Support Ticket");
    // Both fields are required, with the API's own messages.
    await user.getByRole("button", { name: "Submit Ticket" }).click();
    await expect(user.locator(".mantine-InputWrapper-error").getByText("Subject is required.")).toBeVisible();
    await field(user, "Subject").fill(subject);
    await field(user, "Description").fill("Every call drops after about 30 seconds.\nSince Monday.");
    await choose(user, "Priority", "High");
    await user.getByRole("button", { name: "Submit Ticket" }).click();
    await expect(toast(user, "Ticket Submitted")).toBeVisible();
    await expect(user.getByRole("heading", { name: subject })).toBeVisible();
    await expect(status(user)).toHaveText("Open");
    const ticketId = user.url().split("/").pop() ?? "";
    expect(ticketId).toMatch(/^tkt_/);

    // A screenshot attached: checked by its bytes, listed, downloadable.
    await user
      .locator('input[type="file"]')
      .setInputFiles({ name: "dropped-call.png", mimeType: "image/png", buffer: PNG });
    await expect(toast(user, "File Attached")).toBeVisible();
    await expect(user.getByRole("link", { name: "dropped-call.png" })).toBeVisible();
    await expectAccessible(user, "the ticket (user)");

    // Support finds it by its subject and replies.
    const support = await signedInPage(browser, adminUser);
    await support.goto("/admin/support-tickets");
    await appReady(support);
    await expect(support.getByRole("heading", { name: "Support Tickets" })).toBeVisible();
    await field(support, "Search").fill(subject);
    const row = support.getByRole("row").filter({ hasText: subject });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(demoUser.email);
    await expectAccessible(support, "Support Tickets (admin)");
    await row.getByRole("link", { name: `View ${subject}` }).click();
    await expect(support).toHaveURL(new RegExp(`/admin/support-tickets/${ticketId}$`));
    await expect(support.getByRole("link", { name: "dropped-call.png" })).toBeVisible();
    await field(support, "Your Reply").fill("Does it happen on every number?");
    await support.getByRole("button", { name: "Send Reply" }).click();
    await expect(support.getByText("Does it happen on every number?")).toBeVisible();
    await expect(status(support)).toHaveText("Awaiting customer");
    await expectAccessible(support, "the ticket (admin)");
    // The user is e-mailed support's reply, with a link to the ticket.
    const mail = await waitForEmail(
      admin,
      demoUser.email,
      "ticket_reply",
      (m) => m.subject === `Re: ${subject}`,
    );
    expect(mail.textBody).toContain(`/dashboard/support/ticket/${ticketId}`);

    // The user reads it and answers.
    await user.reload();
    await expect(user.getByText("Does it happen on every number?")).toBeVisible();
    // The customer reads whose turn it is in their words, not the stored "pending_user".
    await expect(status(user)).toHaveText("Awaiting your reply");
    await field(user, "Your Reply").fill("   ");
    await user.getByRole("button", { name: "Send Reply" }).click();
    await expect(
      user.locator(".mantine-InputWrapper-error").getByText("Reply message cannot be empty."),
    ).toBeVisible();
    await field(user, "Your Reply").fill("Yes, on both of them.");
    await user.getByRole("button", { name: "Send Reply" }).click();
    await expect(user.getByText("Yes, on both of them.")).toBeVisible();
    await expect(status(user)).toHaveText("Awaiting support");

    // Support closes it, after confirming.
    await support.reload();
    await expect(support.getByText("Yes, on both of them.")).toBeVisible();
    await support.getByRole("button", { name: "Close Ticket" }).click();
    const dialog = support.getByRole("dialog", { name: "Close this ticket?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(status(support)).toHaveText("Awaiting support");
    await support.getByRole("button", { name: "Close Ticket" }).click();
    await dialog.getByRole("button", { name: "Confirm Close" }).click();
    await expect(status(support)).toHaveText("Closed");
    await expect(support.getByRole("button", { name: "Send Reply" })).toHaveCount(0);

    // The user finds it closed, with no reply form, and reopens it.
    await user.reload();
    await expect(user.getByText("This ticket is closed.")).toBeVisible();
    await expect(user.getByRole("button", { name: "Send Reply" })).toHaveCount(0);
    await user.getByRole("button", { name: "Reopen Ticket" }).click();
    await expect(toast(user, "Ticket Reopened")).toBeVisible();
    await expect(status(user)).toHaveText("Open");
    await expect(user.getByRole("button", { name: "Send Reply" })).toBeVisible();

    // What the server holds: the whole conversation, the ticket open again.
    const stored = await admin.get(`/api/admin/support-tickets/${ticketId}`);
    expect(stored.ok()).toBe(true);
    const ticket = (await stored.json()) as {
      status: string;
      priority: string;
      closedAt: string | null;
      replies: { message: string; isAdminReply: boolean }[];
      attachments: { fileName: string; contentType: string }[];
    };
    expect(ticket).toMatchObject({ status: "open", priority: "high", closedAt: null });
    expect(ticket.replies.map((r) => [r.isAdminReply, r.message])).toEqual([
      [true, "Does it happen on every number?"],
      [false, "Yes, on both of them."],
    ]);
    expect(ticket.attachments).toEqual([
      expect.objectContaining({ fileName: "dropped-call.png", contentType: "image/png" }),
    ]);

    // The user's list shows it with its priority and status.
    await user.getByRole("link", { name: "Back to Tickets" }).click();
    const mine = user.getByRole("row").filter({ hasText: subject });
    await expect(mine).toContainText("Open");
    await expect(mine).toContainText("high");
    await user.context().close();
    await support.context().close();
  });

  test("a ticket that is not the user's says so and goes back to the list", async ({ page }) => {
    await signIn(page, demoUser);
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto("/dashboard/support/ticket/tkt_notyours");
    await expect(toast(page, "Access Denied")).toContainText(
      "Access Denied: You don't have permission to view this ticket.",
    );
    await expect(page).toHaveURL(/\/dashboard\/support\/tickets$/);
  });
});
