import { expect, type Page } from "@playwright/test";
import { appReady, demoUser, seriousAxeViolations, signIn, test } from "./support";

/** Cookie-authenticated writes carry the app's Origin, as the browser's do. */
const origin = (page: Page) => new URL(page.url()).origin;

/** A North American number no other run uses: +1 305 55x xxxx. */
function freshNumber(): { e164: string; typed: string } {
  const line = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
  const e164 = `+1305${line.slice(0, 1)}5${line.slice(1)}`;
  return { e164, typed: `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}` };
}

async function openMessages(page: Page, query = "") {
  await signIn(page, demoUser);
  await page.waitForURL(/\/dashboard/);
  await page.goto(`/dashboard/messages${query}`);
  await appReady(page);
  await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
}

/** The demo account's first number that can text. */
async function ourNumber(page: Page): Promise<string> {
  const res = await page.request.get("/api/conversations/senders");
  expect(res.ok()).toBe(true);
  const { numbers } = (await res.json()) as { numbers: { e164: string }[] };
  const first = numbers[0]?.e164;
  if (!first) throw new Error("the demo account has no number that can text");
  return first;
}

test.describe("Messages", () => {
  test("New Message sends a text; the thread shows it with its status; Enter sends, Shift+Enter breaks the line", async ({
    page,
  }) => {
    const recipient = freshNumber();
    const body = `E2E hello ${Date.now()}`;
    await openMessages(page);
    await expect(page.getByText("Select a conversation to view messages")).toBeVisible();

    await page.getByRole("button", { name: "New Message" }).click();
    const dialog = page.getByRole("dialog", { name: "New Message" });
    await dialog.getByRole("textbox", { name: "To" }).fill(recipient.typed);
    await dialog.getByRole("textbox", { name: "Message", exact: true }).fill(body);
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog).toBeHidden();

    // The new conversation is open, its text shown with the carrier's delivery status.
    await expect(page).toHaveURL(
      new RegExp(`peer=${encodeURIComponent(recipient.e164).replace("+", "\\+")}`),
    );
    const sent = page.getByTestId("message").filter({ hasText: body });
    await expect(sent).toBeVisible();
    await expect(sent.getByTestId("message-status")).toHaveText(/^(Queued|Sending|Sent|Delivered)$/);
    await expect(page.getByRole("list", { name: "Conversations" }).getByText(body)).toBeVisible();

    // The composer: Shift+Enter is a new line, Enter sends.
    const composer = page.getByRole("textbox", { name: "Message", exact: true });
    await composer.fill("first line");
    await composer.press("Shift+Enter");
    await composer.pressSequentially("second line");
    await expect(composer).toHaveValue("first line\nsecond line");
    await composer.press("Enter");
    await expect(composer).toHaveValue("");
    const twoLines = page.getByTestId("message").filter({ hasText: "second line" });
    await expect(twoLines).toContainText("first line\nsecond line");
    await expect(twoLines.getByTestId("message-status")).toHaveText(/^(Queued|Sending|Sent|Delivered)$/);
  });

  test("a text received through the carrier simulator appears in the open console without a reload", async ({
    page,
  }) => {
    const live = await page.request.get("/api/live");
    test.fixme(
      live.status() === 404,
      "needs the live websocket /api/live (shell branch): it invalidates the ['messages', ...] queries",
    );
    const sender = freshNumber();
    await openMessages(page);
    const ours = await ourNumber(page);
    await page.goto(
      `/dashboard/messages?our=${encodeURIComponent(ours)}&peer=${encodeURIComponent(sender.e164)}`,
    );
    await expect(page.getByText("No messages in this conversation yet")).toBeVisible();

    const body = `Inbound E2E ${Date.now()}`;
    const res = await page.request.post("/carrier-sim/sim/texts", {
      headers: { origin: origin(page) },
      data: { from: sender.e164, to: ours, body },
    });
    expect(res.ok(), await res.text()).toBe(true);

    // No reload: the live connection refreshes the open thread and the list.
    await expect(page.getByTestId("message").filter({ hasText: body })).toBeVisible();
    await expect(page.getByRole("list", { name: "Conversations" }).getByText(body)).toBeVisible();
  });

  test("an opted-out number is marked and nothing can be sent to it", async ({ page }) => {
    const sender = freshNumber();
    await openMessages(page);
    const ours = await ourNumber(page);
    const res = await page.request.post("/carrier-sim/sim/texts", {
      headers: { origin: origin(page) },
      data: { from: sender.e164, to: ours, body: "STOP" },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await page.goto(
      `/dashboard/messages?our=${encodeURIComponent(ours)}&peer=${encodeURIComponent(sender.e164)}`,
    );
    await expect(page.getByText("This number has opted out")).toBeVisible();
    await expect(page.getByText(/They must text START to opt back in/)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toBeDisabled();

    // The API refuses it too, with the reason.
    const refused = await page.request.post("/api/messages", {
      headers: { origin: origin(page) },
      data: { from: ours, to: sender.e164, body: "Are you there?" },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/opted out/);
  });

  test("search finds conversations on the server; none found says so", async ({ page }) => {
    await openMessages(page);
    const search = page.getByRole("textbox", { name: "Search conversations" });
    await search.fill("zz-no-such-conversation");
    await expect(page.getByText("No conversations found")).toBeVisible();
  });

  test("axe: no serious or critical violation, list and open thread", async ({ page }) => {
    await openMessages(page);
    await page.getByRole("list", { name: "Conversations" }).getByRole("button").first().click();
    await expect(page.getByTestId("message").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    const { count, report } = await seriousAxeViolations(page);
    expect(count, `axe found serious/critical violations on /dashboard/messages:\n\n${report}\n`).toBe(0);
  });
});
