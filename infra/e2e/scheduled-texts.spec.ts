import { expect, type Page } from "@playwright/test";
import { appReady, demoUser, seriousAxeViolations, signIn, test, toast } from "./support";

/** A recipient no other run uses: +1 786 55x xxxx (Miami, New York's zone). */
function freshRecipient(): string {
  const line = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
  return `+1786${line.slice(0, 1)}5${line.slice(1)}`;
}

interface ListedText {
  id: string;
  toNumber: string;
  body: string;
  status: string;
  timeZone: string;
}

/** The account's texts of a view, as the API (the database) holds them. */
async function listed(page: Page, view: string): Promise<ListedText[]> {
  const res = await page.request.get(`/api/scheduled-texts/all?view=${view}&limit=100`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { texts: ListedText[] }).texts;
}

test.describe("Scheduled texts", () => {
  test("schedule a text in the contact's own time zone, see it upcoming, cancel it", async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, demoUser);
    await page.waitForURL(/\/dashboard/);
    const to = freshRecipient();

    // A contact who lives in Tokyo, whatever their area code says: set in the contact form.
    await page.goto("/dashboard/contacts");
    await appReady(page);
    await expect(page.getByRole("heading", { name: "Contacts CRM", level: 1 })).toBeVisible();
    await expect(page.getByText("Loading contacts...")).toBeHidden();
    await page.getByRole("button", { name: "Add Contact" }).click();
    const add = page.getByRole("dialog", { name: "Add New Contact" });
    await add.getByLabel("Name").fill(`Kenji ${to.slice(-4)}`);
    await add.getByLabel("Phone").fill(to);
    await add.getByRole("textbox", { name: "Time Zone" }).fill("Asia/Tok");
    await page.getByRole("option", { name: "Asia/Tokyo" }).click();
    await add.getByRole("button", { name: "Create Contact" }).click();
    await expect(toast(page, "Contact Created")).toBeVisible();

    await page.goto("/dashboard/messages");
    await appReady(page);
    await page.getByRole("link", { name: "Scheduled Texts" }).click();
    await expect(page.getByRole("heading", { name: "Scheduled Texts", level: 1 })).toBeVisible();

    await page.getByRole("button", { name: "Schedule a Text" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule a Text" });
    await dialog.getByLabel("To").fill(to);
    await dialog.getByLabel("Message").fill("Your order ships tomorrow");
    await dialog.getByLabel("Send at").fill("2099-06-01T10:00");
    await expect(dialog.getByText("In the recipient's time zone: Asia/Tokyo")).toBeVisible();
    const inDialog = await seriousAxeViolations(page);
    expect(inDialog.count, inDialog.report).toBe(0);
    await dialog.getByRole("button", { name: "Schedule" }).click();
    await expect(toast(page, "Text Scheduled")).toContainText("Asia/Tokyo");
    await expect(dialog).toBeHidden();

    const table = page.getByRole("table", { name: "Upcoming texts" });
    const row = table.getByRole("row").filter({ hasText: "Your order ships tomorrow" });
    await expect(row).toContainText("Jun 1, 2099, 10:00 AM (Asia/Tokyo)");
    const [saved] = (await listed(page, "upcoming")).filter((text) => text.toNumber === to);
    expect(saved).toMatchObject({ status: "pending", timeZone: "Asia/Tokyo" });
    const onPage = await seriousAxeViolations(page);
    expect(onPage.count, onPage.report).toBe(0);

    await row.getByRole("button", { name: /^Cancel the text to/ }).click();
    await expect(toast(page, "Text Cancelled")).toBeVisible();
    await expect(row).toBeHidden();
    await page.getByText("Cancelled", { exact: true }).click();
    await expect(
      page
        .getByRole("table", { name: "Cancelled texts" })
        .getByRole("row")
        .filter({ hasText: "Your order ships" }),
    ).toBeVisible();
    const cancelled = (await listed(page, "cancelled")).filter((text) => text.toNumber === to);
    expect(cancelled).toMatchObject([{ status: "cancelled" }]);
  });
});
