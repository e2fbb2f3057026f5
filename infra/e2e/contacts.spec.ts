import { expect, type Page, test } from "@playwright/test";
import { appReady, demoUser, seriousAxeViolations, signIn, toast } from "./support";

/** A phone number no other run uses: 555 exchange, random line. */
const uniquePhone = () => `(415) 555-${String(Math.floor(1000 + Math.random() * 8999))}`;
const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openContacts(page: Page) {
  await signIn(page, demoUser);
  await page.waitForURL(/\/dashboard/);
  await page.goto("/dashboard/contacts");
  await appReady(page);
  await expect(page.getByRole("heading", { name: "Contacts CRM", level: 1 })).toBeVisible();
  await expect(page.getByText("Loading contacts...")).toBeHidden();
}

async function search(page: Page, term: string) {
  await page.getByRole("textbox", { name: "Search", exact: true }).fill(term);
}

const dialog = (page: Page, title: string) => page.getByRole("dialog", { name: title });

/** The demo account's toll-free line (packages/db/src/seed/phone-system.ts). */
const TOLL_FREE = "+18885550142";
/** A call's statuses once it is over. */
/** A call that has ended, as the history says: answered or not, with a voicemail or not. */
const ENDED = [
  "completed",
  "busy",
  "no-answer",
  "failed",
  "canceled",
  "missed",
  "voicemail_missed",
  "refused",
];

interface ContactJson {
  id: string;
  name: string;
  email: string | null;
  tags: string[];
  source: string;
  lastContacted: string | null;
}

/** The account's contact with this number, as the API has it. */
async function contactOf(page: Page, phone: string): Promise<ContactJson | undefined> {
  const res = await page.request.get(`/api/contacts?q=${encodeURIComponent(phone)}`);
  const { contacts } = (await res.json()) as { contacts: (ContactJson & { phone: string })[] };
  return contacts.find((c) => c.phone === phone);
}

test.describe("contacts CRM", () => {
  test("add, edit, convert and delete a contact", async ({ page }) => {
    // Many steps on a machine shared with the server: more than the default 45 s.
    test.setTimeout(120_000);
    await openContacts(page);
    const name = unique("Ada Lovelace");

    // Save without a name or phone: the seed's message.
    await page.getByRole("button", { name: "Add Contact" }).click();
    const add = dialog(page, "Add New Contact");
    await add.getByRole("button", { name: "Create Contact" }).click();
    await expect(toast(page, "Save Error")).toContainText("Name and Phone are required.");

    await add.getByLabel("Name").fill(name);
    await add.getByLabel("Phone").fill(uniquePhone());
    await add.getByLabel("Email").fill("ada@example.com");
    // Tags by Enter, by comma and by the button; trimmed, no duplicates.
    const tagInput = add.getByRole("textbox", { name: "Tags" });
    await tagInput.fill("  math  ");
    await tagInput.press("Enter");
    await tagInput.pressSequentially("engines,");
    await tagInput.fill("MATH");
    await add.getByRole("button", { name: "Add Tag" }).click();
    await tagInput.fill("poetry");
    await add.getByRole("button", { name: "Add Tag" }).click();
    const chosen = add.getByLabel("Tags of this contact");
    await expect(chosen.getByText(/^(math|engines|poetry)$/)).toHaveCount(3);
    await add.getByRole("button", { name: "Create Contact" }).click();
    await expect(toast(page, "Contact Created")).toBeVisible();

    await search(page, name);
    const card = page.getByRole("article", { name });
    await expect(card).toBeVisible();
    await expect(card).toContainText("No company");
    await expect(card).toContainText("+1 more");

    // Edit.
    await card.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = dialog(page, "Edit Contact");
    await edit.getByLabel("Company").fill("Analytical Engines Ltd");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Contact Updated")).toBeVisible();
    const details = dialog(page, name);
    await expect(details).toContainText("Analytical Engines Ltd");
    await expect(details).toContainText("No interactions recorded yet.");

    // Convert to Client: the button goes away.
    await details.getByRole("button", { name: "Convert to Client" }).click();
    await expect(toast(page, "Contact Converted")).toBeVisible();
    await expect(details.getByRole("button", { name: "Convert to Client" })).toBeHidden();
    await details.getByRole("button", { name: "Close", exact: true }).click();
    await expect(card).toContainText("Client");

    // Delete, after confirming. Cancelled, the focus is back on the card's Delete button.
    const deleteButton = card.getByRole("button", { name: `Delete ${name}` });
    await deleteButton.click();
    const confirm = dialog(page, "Delete Contact");
    await expect(confirm).toContainText(`Delete ${name}? This cannot be undone.`);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(deleteButton).toBeFocused();
    await deleteButton.click();
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page, "Contact Deleted")).toBeVisible();
    await expect(page.getByText("No contacts match your criteria. Add one!")).toBeVisible();
  });

  test("import a CSV: the good rows are imported, a bad one is refused and said why", async ({ page }) => {
    await openContacts(page);
    const first = unique("Imported Grace");
    const second = unique("Imported Alan");
    const csv = `name,phone,email,lead_status,tags\n${first},${uniquePhone()},grace@example.com,qualified,"navy, cobol"\n${second},${uniquePhone()},,new,\nNobody,,,,\n`;

    await page.getByRole("button", { name: "Import CSV" }).click();
    const importer = dialog(page, "Import Contacts");
    await importer.locator('input[type="file"]').setInputFiles({
      name: "contacts.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    const summary = importer.getByRole("status", { name: "Import preview summary" });
    await expect(summary).toContainText("2 to create");
    await expect(summary).toContainText("1 refused");
    await expect(importer.getByRole("table", { name: "Import preview" })).toContainText("No phone number.");
    await importer.getByRole("button", { name: "Create 2 Contacts" }).click();
    await expect(toast(page, "Import Complete")).toContainText(
      "2 contacts created, 0 merged, 0 skipped, 1 refused.",
    );
    await expect(importer.getByRole("table", { name: "Import report" })).toContainText("No phone number.");
    await importer.getByRole("button", { name: "Done" }).click();

    await search(page, first);
    await expect(page.getByRole("article", { name: first })).toHaveCount(1);
    await expect(page.getByRole("article", { name: first })).toContainText("Qualified");
    await search(page, second);
    await expect(page.getByRole("article", { name: second })).toHaveCount(1);
  });

  test("import a Google Contacts export after changing a column's field, and read the per-row report", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openContacts(page);
    const jane = unique("Jane");
    const ravi = unique("Ravi");
    const marco = unique("Marco");
    // Google Contacts' current header; Ravi's number sits in a custom field, Marco has none.
    const header =
      "First Name,Middle Name,Last Name,Phonetic First Name,Phonetic Middle Name,Phonetic Last Name,Name Prefix,Name Suffix,Nickname,File As,Organization Name,Organization Title,Organization Department,Birthday,Notes,Photo,Labels,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Phone 2 - Label,Phone 2 - Value,Custom Field 1 - Label,Custom Field 1 - Value";
    const row = (cells: Record<number, string>) =>
      Array.from({ length: 25 }, (_, i) => cells[i] ?? "").join(",");
    const csv = [
      header,
      row({
        0: jane,
        2: "Doe",
        10: "Acme Corp",
        16: "* myContacts ::: VIP",
        19: "Mobile",
        20: `${uniquePhone()} ::: ${uniquePhone()}`,
      }),
      row({ 0: ravi, 2: "Patel", 16: "* myContacts", 23: "Desk line", 24: uniquePhone() }),
      row({ 0: marco, 2: "Rossi", 17: "Home", 18: "marco@example.it" }),
    ].join("\n");

    await page.getByRole("button", { name: "Import CSV" }).click();
    const importer = dialog(page, "Import Contacts");
    await importer.locator('input[type="file"]').setInputFiles({
      name: "contacts.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    await expect(importer).toContainText("Read as Google Contacts CSV, UTF-8.");
    const summary = importer.getByRole("status", { name: "Import preview summary" });
    await expect(summary).toContainText("1 to create");
    await expect(summary).toContainText("2 refused");

    // The custom field holds Ravi's phone number: import it as a phone.
    await importer
      .getByRole("combobox", { name: "Import column Custom Field 1 - Value as" })
      .selectOption("phone");
    await expect(summary).toContainText("2 to create");
    await expect(summary).toContainText("1 refused");
    await importer.getByRole("button", { name: "Create 2 Contacts" }).click();
    await expect(toast(page, "Import Complete")).toContainText(
      "2 contacts created, 0 merged, 0 skipped, 1 refused.",
    );
    const report = importer.getByRole("table", { name: "Import report" });
    await expect(report.getByRole("row", { name: new RegExp(`${marco} Rossi`) })).toContainText(
      "Phone: No phone number.",
    );
    await importer.getByRole("button", { name: "Done" }).click();

    await search(page, ravi);
    await expect(page.getByRole("article", { name: `${ravi} Patel` })).toHaveCount(1);
    await search(page, jane);
    await expect(page.getByRole("article", { name: `${jane} Doe` })).toContainText("Acme Corp");
  });

  test("import merges into the contact a call created: the preview says merge, the counts are right", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await openContacts(page);
    // A caller the account has never heard of rings the toll-free line: the call makes a contact
    // named by the number.
    const caller = `+1702555${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
    const call = await page.request.post("/carrier-sim/sim/calls", {
      headers: { origin: new URL(page.url()).origin },
      data: { from: caller, to: TOLL_FREE },
    });
    expect(call.ok(), await call.text()).toBe(true);
    // Once the call has ended, nothing but the import writes the contact.
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/calls?q=${encodeURIComponent(caller)}`);
        const { calls } = (await res.json()) as { calls: { callStatus: string }[] };
        return calls.some((c) => ENDED.includes(c.callStatus));
      })
      .toBe(true);
    const before = await contactOf(page, caller);
    expect(before).toMatchObject({ name: caller, source: "call", email: null, tags: [] });

    const name = unique("Carla Caller");
    const tag = unique("patient").replace(" ", "-");
    const email = `carla.${Date.now().toString(36)}@example.com`;
    const newcomer = unique("Newcomer");
    const national = `(${caller.slice(2, 5)}) ${caller.slice(5, 8)}-${caller.slice(8)}`;
    const csv = `name,phone,email,tags,source\n${name},${national},${email},"${tag}",manual\n${newcomer},${uniquePhone()},,,\nNobody,,,,\n`;

    await page.getByRole("button", { name: "Import CSV" }).click();
    const importer = dialog(page, "Import Contacts");
    await expect(importer.getByRole("radio", { name: "Merge into the contact" })).toBeChecked();
    await importer.locator('input[type="file"]').setInputFiles({
      name: "contacts.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    const summary = importer.getByRole("status", { name: "Import preview summary" });
    await expect(summary).toContainText("1 to create");
    await expect(summary).toContainText("1 to merge");
    await expect(summary).toContainText("0 to skip");
    await expect(summary).toContainText("1 refused");
    const preview = importer.getByRole("table", { name: "Import preview" });
    const merged = preview.getByRole("row").filter({ hasText: name });
    await expect(merged).toContainText(`Merge into "${caller}"`);
    await expect(merged).toContainText("Fills Name, Email");
    await expect(merged).toContainText(`Adds tags ${tag}`);
    const withPreview = await seriousAxeViolations(page);
    expect(withPreview.count, `axe (import preview):\n\n${withPreview.report}\n`).toBe(0);
    if (process.env.E2E_SCREENSHOTS) {
      await preview.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/contacts-import-preview.png` });
    }

    // Skip instead: the same row is skipped, naming the contact; then back to merge.
    await importer.getByRole("radio", { name: "Skip the row" }).check();
    await expect(summary).toContainText("1 to skip");
    await expect(merged).toContainText(`Skip: already in your contacts as "${caller}"`);
    await expect(importer.getByRole("button", { name: "Create 1 Contact" })).toBeEnabled();
    await importer.getByRole("radio", { name: "Merge into the contact" }).check();
    await expect(summary).toContainText("1 to merge");

    await importer.getByRole("button", { name: "Create 1 and Merge 1" }).click();
    await expect(toast(page, "Import Complete")).toContainText(
      "1 contact created, 1 merged, 0 skipped, 1 refused.",
    );
    const done = importer.getByRole("status", { name: "Import summary" });
    await expect(done).toContainText("1 created");
    await expect(done).toContainText("1 merged");
    await expect(importer.getByRole("table", { name: "Import report" })).toContainText(
      `Merged into "${caller}"`,
    );
    await importer.getByRole("button", { name: "Done" }).click();

    // The caller's contact now has the file's name, e-mail and tag; its source and last contact are the call's.
    await search(page, name);
    const card = page.getByRole("article", { name });
    await expect(card).toContainText(email);
    await card.getByRole("button", { name: "View Details" }).click();
    const details = dialog(page, name);
    await expect(details).toContainText(tag);
    const after = await contactOf(page, caller);
    expect(after).toMatchObject({ id: before?.id, name, email, tags: [tag], source: "call" });
    expect(after?.lastContacted).toBe(before?.lastContacted);
  });

  test("export: a name a spreadsheet would run as a formula is neutralised", async ({ page }) => {
    await openContacts(page);
    const marker = unique("evil");
    const name = `=HYPERLINK("http://evil.example","${marker}")`;
    await page.getByRole("button", { name: "Add Contact" }).click();
    const add = dialog(page, "Add New Contact");
    await add.getByLabel("Name").fill(name);
    await add.getByLabel("Phone").fill(uniquePhone());
    await add.getByRole("button", { name: "Create Contact" }).click();
    await expect(toast(page, "Contact Created")).toBeVisible();
    await search(page, marker);
    await expect(page.getByRole("article", { name })).toHaveCount(1);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const lines = Buffer.concat(chunks).toString("utf8").split("\r\n");
    const line = lines.find((l) => l.includes(marker));
    expect(line?.startsWith(`"'=HYPERLINK(""http://evil.example"",""${marker}"")","+1415555`)).toBe(true);
  });

  test("filters run on the server and the tag filter lists the account's tags", async ({ page }) => {
    await openContacts(page);
    await page.getByRole("textbox", { name: "Lead Status" }).click();
    await page.getByRole("option", { name: "Won" }).click();
    // Until the filter's answer replaces the unfiltered cards: every card listed then is "Won".
    await expect(async () => {
      const cards = await page.getByRole("article").allTextContents();
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards) expect(card).toContain("Won");
    }).toPass();
    await page.getByRole("button", { name: "More" }).click();
    await expect(toast(page, "More Filters")).toContainText("coming soon");
  });

  test("axe: no serious or critical violation", async ({ page }) => {
    test.setTimeout(180_000);
    await openContacts(page);
    await page.waitForLoadState("networkidle");
    const { count, report } = await seriousAxeViolations(page);
    expect(count, `axe found serious/critical violations:\n\n${report}\n`).toBe(0);
    await page.getByRole("button", { name: "Add Contact" }).click();
    await expect(dialog(page, "Add New Contact")).toBeVisible();
    const withDialog = await seriousAxeViolations(page);
    expect(withDialog.count, `axe (Add Contact dialog):\n\n${withDialog.report}\n`).toBe(0);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/contacts-dialog.png` });
    await page.keyboard.press("Escape");
    await expect(dialog(page, "Add New Contact")).toBeHidden();
    // The detail dialog, with its interaction history, and the import dialog.
    await page.getByRole("article").first().getByRole("button", { name: "View Details" }).click();
    await expect(page.getByRole("heading", { name: "Interaction History" })).toBeVisible();
    await expect(page.getByText("Loading interactions...")).toBeHidden();
    const withDetails = await seriousAxeViolations(page);
    expect(withDetails.count, `axe (details dialog):\n\n${withDetails.report}\n`).toBe(0);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Import CSV" }).click();
    await expect(dialog(page, "Import Contacts")).toBeVisible();
    const withImport = await seriousAxeViolations(page);
    expect(withImport.count, `axe (import dialog):\n\n${withImport.report}\n`).toBe(0);
    await page.keyboard.press("Escape");
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/contacts.png`, fullPage: true });
  });
});
