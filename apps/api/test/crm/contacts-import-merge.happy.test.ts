import type { ImportPreviewJson, ImportResultJson } from "@poundline/contracts/crm/csv-schemas";
import { schema } from "@poundline/db";
import { touchContactByPhone } from "@poundline/modules/crm/contacts";
import { IMPORT_MESSAGES } from "@poundline/modules/crm/import-person";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

let t: TestApp;
let user: TestUser;
let session: SignedIn;

/** When the callers last called: a merge must leave it as it is. */
const calledAt = new Date("2026-03-02T15:04:05.000Z");
const CARL = "+14155550160";
const BEA = "+14155550161";

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  session = await signIn(t, user);
  // Two callers the calls made contacts of: Carl still named by his number, Bea named and tagged.
  await touchContactByPhone(t.db.db, {
    accountId: user.accountId,
    phone: CARL,
    source: "call",
    at: calledAt,
  });
  await touchContactByPhone(t.db.db, {
    accountId: user.accountId,
    phone: BEA,
    name: "Bea Caller",
    source: "call",
    at: calledAt,
  });
  await t.db.db
    .update(schema.contacts)
    .set({ email: "bea@old.example", tags: ["caller"] })
    .where(and(eq(schema.contacts.accountId, user.accountId), eq(schema.contacts.phone, BEA)));
});
afterAll(() => t.close());

const file = [
  "name,phone,email,company,tags,lead_status,source,last_contacted",
  'Carl Dentist,(415) 555-0160,carl@example.com,Smile Co,"patient, vip",won,manual,2020-01-01',
  'Bea New,415-555-0161,bea@new.example,,"CALLER, new",,,',
  'Carl Again,4155550160,,,"vip, recall",,,',
  "Dora New,4155550162,,,,,,",
  "Nobody,,,,,,,",
].join("\n");

function post(url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url, headers: session.headers, payload });
}

async function contactsOf() {
  return t.db.db.select().from(schema.contacts).where(eq(schema.contacts.accountId, user.accountId));
}
const byPhone = async (phone: string) => (await contactsOf()).find((c) => c.phone === phone);

describe("an import merging into the contacts calls created", () => {
  it("previews what each row will do, writing nothing", async () => {
    const before = await contactsOf();
    const res = await post("/api/contacts/import/preview", { csv: file });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<ImportPreviewJson>();
    expect(preview).toMatchObject({
      mode: "merge",
      counts: { created: 1, merged: 3, skipped: 0, refused: 1 },
    });
    expect(preview.rows).toMatchObject([
      {
        row: 2,
        outcome: "merge",
        target: { name: CARL, phone: CARL, row: null },
        fills: ["name", "email", "company"],
        addsTags: ["patient", "vip"],
      },
      { row: 3, outcome: "merge", target: { name: "Bea Caller", row: null }, fills: [], addsTags: ["new"] },
      { row: 4, outcome: "merge", target: { name: CARL, row: null }, fills: [], addsTags: ["recall"] },
      { row: 5, outcome: "create", target: null },
      { row: 6, outcome: "error", problems: [{ field: "phone", message: IMPORT_MESSAGES.noPhone }] },
    ]);
    expect(await contactsOf()).toEqual(before);
  });

  it("imports as previewed: names and completes the contacts, keeping their source and last contact", async () => {
    const res = await post("/api/contacts/import", { csv: file });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<ImportResultJson>();
    expect(result.counts).toEqual({ created: 1, merged: 3, skipped: 0, refused: 1 });
    expect(result.rows.map((r) => [r.row, r.outcome])).toEqual([
      [2, "merge"],
      [3, "merge"],
      [4, "merge"],
      [6, "error"],
    ]);

    expect(await byPhone(CARL)).toMatchObject({
      name: "Carl Dentist",
      email: "carl@example.com",
      company: "Smile Co",
      tags: ["patient", "vip", "recall"],
      // The call's: not the file's source, status or last contact.
      source: "call",
      leadStatus: "new",
      lastContacted: calledAt,
      userId: null,
    });
    expect(await byPhone(BEA)).toMatchObject({
      name: "Bea Caller",
      email: "bea@old.example",
      tags: ["caller", "new"],
      source: "call",
      lastContacted: calledAt,
    });
    expect(await byPhone("+14155550162")).toMatchObject({
      name: "Dora New",
      source: "manual",
      userId: user.id,
    });
    expect(await contactsOf()).toHaveLength(3);
    // The tag filter's table follows the merged tags.
    const tags = await t.db.db
      .select({ tag: schema.contactTags.tag })
      .from(schema.contactTags)
      .where(eq(schema.contactTags.accountId, user.accountId));
    expect(tags.map((r) => r.tag).sort()).toEqual(["caller", "new", "patient", "recall", "vip"]);
  });

  it("skips every row whose phone is a contact's when skip is chosen, and imports it again as nothing new", async () => {
    const before = await contactsOf();
    const skipped = await post("/api/contacts/import", {
      csv: "name,phone,email,company\nCarl Other,4155550160,other@example.com,Other Co\n",
      mode: "skip",
    });
    expect(skipped.json<ImportResultJson>()).toMatchObject({
      mode: "skip",
      counts: { created: 0, merged: 0, skipped: 1, refused: 0 },
      rows: [{ row: 2, outcome: "skip", reason: "duplicate", target: { name: "Carl Dentist", row: null } }],
    });
    const again = await post("/api/contacts/import", { csv: file });
    expect(again.json<ImportResultJson>().counts).toEqual({ created: 0, merged: 0, skipped: 4, refused: 1 });
    expect(await contactsOf()).toEqual(before);
  });
});
