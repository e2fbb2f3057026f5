import { CONTROL_CHARACTERS_MESSAGE } from "@poundline/contracts/common";
import { CONTACT_DATE_MESSAGE, type ContactJson } from "@poundline/contracts/crm/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { type ErrorJson, NUL, rowCounts, YEAR_ZERO } from "../odd-input";

let t: TestApp;
let user: TestUser;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  session = await signIn(t, user);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.db.delete(schema.contacts).where(eq(schema.contacts.accountId, user.accountId));
});

const valid = { name: "Grace Hopper", phone: "4075550100" };

function write(method: "POST" | "PATCH", url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: session.headers, payload });
}

async function createContact(payload: Record<string, unknown> = valid) {
  const res = await write("POST", "/api/contacts", payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ContactJson>();
}

async function rowOf(id: string) {
  const [row] = await t.db.db.select().from(schema.contacts).where(eq(schema.contacts.id, id));
  return row;
}

/** A control character in each text field of a contact, and the field the answer names. */
const textCases: { label: string; body: Record<string, unknown>; field: string }[] = [
  { label: "name", body: { name: `Grace${NUL}` }, field: "body.name" },
  { label: "phone", body: { phone: `407555${NUL}0100` }, field: "body.phone" },
  { label: "email", body: { email: `grace${NUL}@example.com` }, field: "body.email" },
  { label: "company", body: { company: `${NUL}Navy` }, field: "body.company" },
  { label: "address", body: { address: `1 Main St${NUL}` }, field: "body.address" },
  { label: "notes", body: { notes: `Call back${NUL}` }, field: "body.notes" },
  { label: "notes (a bell)", body: { notes: "Call back\u0007" }, field: "body.notes" },
  { label: "tags as a string", body: { tags: `vip,${NUL}cobol` }, field: "body.tags" },
  { label: "tags as a list", body: { tags: ["vip", `co${NUL}bol`] }, field: "body.tags.1" },
  {
    label: "a custom field's value",
    body: { customFields: { rank: `Rear${NUL}Admiral` } },
    field: "body.customFields.rank",
  },
  { label: "the name (a tab)", body: { name: "Grace\tHopper" }, field: "body.name" },
];

/** Dates no calendar or no database holds, or too far from now to be meant. */
const dateCases = [
  YEAR_ZERO,
  "0000-01-01T00:00:00Z",
  "0001-01-01T00:00:00+01:00",
  "2023-02-30",
  "2023-02-29",
  "2023-04-31T10:00:00Z",
  "2023-01-01T24:00:00Z",
  "1899-12-31",
  "2101-01-01",
  "9999-12-31T23:59:59-23:59",
  "+275760-09-13",
  "yesterday",
];

describe("POST /api/contacts with a control character", () => {
  it.each(textCases)("in $label: 400 naming the field, nothing written", async ({ body, field }) => {
    const before = await rowCounts(t);
    const res = await write("POST", "/api/contacts", { ...valid, ...body });
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json<ErrorJson>();
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.fields?.[field]).toContain(CONTROL_CHARACTERS_MESSAGE);
    expect(await rowCounts(t)).toEqual(before);
  });

  it("a control character in a custom field's name is a 400 naming custom fields", async () => {
    const res = await write("POST", "/api/contacts", { ...valid, customFields: { [`ra${NUL}nk`]: "x" } });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json<ErrorJson>().error.fields ?? {}).join()).toContain("body.customFields");
    expect(await rowCounts(t)).toMatchObject({ contacts: 0 });
  });

  it("keeps line breaks and tabs in notes and addresses", async () => {
    const contact = await createContact({
      ...valid,
      notes: "Line one\nLine two\tend",
      address: "1 Main St\r\nSuite 4",
    });
    expect(await rowOf(contact.id)).toMatchObject({
      notes: "Line one\nLine two\tend",
      address: "1 Main St\r\nSuite 4",
    });
  });
});

describe("PATCH /api/contacts/:id with a control character", () => {
  it.each(textCases)("in $label: 400 naming the field, the row unchanged", async ({ body, field }) => {
    const contact = await createContact();
    const before = await rowOf(contact.id);
    const res = await write("PATCH", `/api/contacts/${contact.id}`, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorJson>().error.fields?.[field]).toContain(CONTROL_CHARACTERS_MESSAGE);
    expect(await rowOf(contact.id)).toEqual(before);
  });
});

describe.each(["followUpDate", "lastContacted"])("a contact's %s", (field) => {
  it.each(dateCases)("%s is a 400 with the field's message, nothing written", async (value) => {
    const before = await rowCounts(t);
    const res = await write("POST", "/api/contacts", { ...valid, [field]: value });
    expect(res.statusCode, res.body).toBe(400);
    const messages = res.json<ErrorJson>().error.fields?.[`body.${field}`];
    expect(messages?.length, res.body).toBeGreaterThan(0);
    expect(messages?.[0]).toMatch(/date/i);
    expect(await rowCounts(t)).toEqual(before);
  });

  it.each(dateCases)("%s on an update is a 400, the row unchanged", async (value) => {
    const contact = await createContact();
    const before = await rowOf(contact.id);
    const res = await write("PATCH", `/api/contacts/${contact.id}`, { [field]: value });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json<ErrorJson>().error.fields ?? {})).toContain(`body.${field}`);
    expect(await rowOf(contact.id)).toEqual(before);
  });

  it.each([
    ["1900-01-01", "1900-01-01T00:00:00.000Z"],
    ["2024-02-29", "2024-02-29T00:00:00.000Z"],
    ["2100-12-31T23:59:59Z", "2100-12-31T23:59:59.000Z"],
    ["2026-03-02T09:30:00-05:00", "2026-03-02T14:30:00.000Z"],
  ])("%s is kept", async (value, stored) => {
    const contact = await createContact({ ...valid, [field]: value });
    expect(contact[field as "followUpDate"]).toBe(stored);
  });

  it("says which form a date takes", async () => {
    const res = await write("POST", "/api/contacts", { ...valid, [field]: "2023-02-30" });
    expect(res.json<ErrorJson>().error.fields?.[`body.${field}`]).toEqual([CONTACT_DATE_MESSAGE]);
  });
});

describe("GET /api/contacts with a control character in a search parameter", () => {
  it.each([
    ["q", "grace%00"],
    ["q", "%07"],
    ["tag", "vip%00"],
    ["tag", "v%0Aip"],
  ])("%s=%s is a 400 naming it", async (name, value) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/contacts?${name}=${value}`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorJson>().error.fields?.[`querystring.${name}`]).toContain(CONTROL_CHARACTERS_MESSAGE);
  });
});
