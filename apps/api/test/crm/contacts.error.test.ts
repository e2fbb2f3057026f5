import {
  CONTACT_REQUIRED_MESSAGE,
  type ContactJson,
  DUPLICATE_PHONE_MESSAGE,
} from "@poundline/contracts/crm/schemas";
import { schema } from "@poundline/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

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

async function contactCount() {
  const [row] = await t.db.db
    .select({ n: count() })
    .from(schema.contacts)
    .where(eq(schema.contacts.accountId, user.accountId));
  return row?.n ?? 0;
}

async function createContact(payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: "POST", url: "/api/contacts", headers: session.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ContactJson>();
}

async function rowOf(id: string) {
  const [row] = await t.db.db.select().from(schema.contacts).where(eq(schema.contacts.id, id));
  return row;
}

interface ErrorJson {
  error: { code: string; message: string; requestId: string; fields?: Record<string, string[]> };
}

const valid = { name: "Valid Name", phone: "5551234567" };
const long = (n: number) => "x".repeat(n);

describe.each([
  {
    label: "an empty body",
    body: {},
    fields: ["body.name", "body.phone"],
    message: CONTACT_REQUIRED_MESSAGE,
  },
  { label: "no phone", body: { name: "Ann" }, fields: ["body.phone"], message: CONTACT_REQUIRED_MESSAGE },
  {
    label: "no name",
    body: { phone: "5551234567" },
    fields: ["body.name"],
    message: CONTACT_REQUIRED_MESSAGE,
  },
  {
    label: "a blank name",
    body: { ...valid, name: "   " },
    fields: ["body.name"],
    message: CONTACT_REQUIRED_MESSAGE,
  },
  {
    label: "a blank phone",
    body: { ...valid, phone: " " },
    fields: ["body.phone"],
    message: CONTACT_REQUIRED_MESSAGE,
  },
  {
    label: "a null name",
    body: { ...valid, name: null },
    fields: ["body.name"],
    message: CONTACT_REQUIRED_MESSAGE,
  },
  {
    label: "a numeric name",
    body: { ...valid, name: 42 },
    fields: ["body.name"],
    message: CONTACT_REQUIRED_MESSAGE,
  },
  {
    label: "no name and a bad email",
    body: { phone: "5551234567", email: "nope" },
    fields: ["body.name", "body.email"],
    message: CONTACT_REQUIRED_MESSAGE,
  },
  { label: "a phone without digits", body: { ...valid, phone: "call me" }, fields: ["body.phone"] },
  { label: "a phone too long", body: { ...valid, phone: `555${long(40)}` }, fields: ["body.phone"] },
  { label: "a name too long", body: { ...valid, name: long(201) }, fields: ["body.name"] },
  { label: "an invalid email", body: { ...valid, email: "not-an-email" }, fields: ["body.email"] },
  { label: "an email that is not text", body: { ...valid, email: 5 }, fields: ["body.email"] },
  { label: "an unknown lead status", body: { ...valid, leadStatus: "hot" }, fields: ["body.leadStatus"] },
  {
    label: "an unknown contact type",
    body: { ...valid, contactType: "friend" },
    fields: ["body.contactType"],
  },
  { label: "an unknown source", body: { ...valid, source: "billboard" }, fields: ["body.source"] },
  { label: "tags of the wrong type", body: { ...valid, tags: 7 }, fields: ["body.tags"] },
  { label: "a list of non-text tags", body: { ...valid, tags: [1, 2] }, fields: ["body.tags"] },
  { label: "a tag too long", body: { ...valid, tags: [long(51)] }, fields: ["body.tags.0"] },
  {
    label: "too many tags",
    body: { ...valid, tags: Array.from({ length: 51 }, (_, i) => `t${i}`) },
    fields: ["body.tags"],
  },
  {
    label: "a last-contacted that is not a date",
    body: { ...valid, lastContacted: "yesterday" },
    fields: ["body.lastContacted"],
  },
  {
    label: "an impossible follow-up date",
    body: { ...valid, followUpDate: "2025-02-30" },
    fields: ["body.followUpDate"],
  },
  {
    label: "a custom field that is not text",
    body: { ...valid, customFields: { size: 3 } },
    fields: ["body.customFields.size"],
  },
  { label: "notes too long", body: { ...valid, notes: long(10_001) }, fields: ["body.notes"] },
])("POST /api/contacts with $label", ({ body, fields, message }) => {
  it("answers 400 with field messages and writes nothing", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contacts",
      headers: session.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json<ErrorJson>();
    expect(error.code).toBe("BAD_REQUEST");
    expect(Object.keys(error.fields ?? {}).sort()).toEqual([...fields].sort());
    for (const field of fields) expect(error.fields?.[field]?.[0]).toEqual(expect.any(String));
    if (message) expect(error.message).toBe(message);
    expect(await contactCount()).toBe(0);
  });
});

describe("POST /api/contacts with a body that is not a contact", () => {
  it.each([
    ["no body at all", undefined, undefined],
    ["malformed JSON", "{ name: ", "application/json"],
    ["a JSON array", "[]", "application/json"],
    ["a JSON string", '"Ann"', "application/json"],
    ["text/plain", "name=Ann", "text/plain"],
  ])("answers 4xx for %s, never 500, and writes nothing", async (_label, payload, contentType) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contacts",
      headers: { ...session.headers, ...(contentType ? { "content-type": contentType } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json<ErrorJson>().error.message).toEqual(expect.any(String));
    expect(await contactCount()).toBe(0);
  });

  it("says which fields are required when the body is missing", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/contacts", headers: session.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorJson>().error.message).toBe(CONTACT_REQUIRED_MESSAGE);
  });
});

describe("duplicate phone numbers", () => {
  it("refuses a second contact with the same number, however it is typed", async () => {
    const first = await createContact({ name: "First", phone: "(555) 123-4567" });
    for (const phone of ["555-123-4567", "+1 555 123 4567", "15551234567"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/contacts",
        headers: session.headers,
        payload: { name: "Second", phone },
      });
      expect(res.statusCode).toBe(409);
      const { error } = res.json<ErrorJson>();
      expect(error).toMatchObject({ code: "CONFLICT", message: DUPLICATE_PHONE_MESSAGE });
      expect(error.fields?.["body.phone"]).toEqual([DUPLICATE_PHONE_MESSAGE]);
    }
    expect(await contactCount()).toBe(1);
    expect((await rowOf(first.id))?.name).toBe("First");
  });

  it("refuses to change a contact's number to another contact's", async () => {
    await createContact({ name: "Holder", phone: "5550001000" });
    const mover = await createContact({ name: "Mover", phone: "5550002000" });
    const before = await rowOf(mover.id);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/contacts/${mover.id}`,
      headers: session.headers,
      payload: { phone: "555 000 1000", name: "Renamed" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorJson>().error.message).toBe(DUPLICATE_PHONE_MESSAGE);
    expect(await rowOf(mover.id)).toEqual(before);
  });
});

describe.each([
  { label: "nothing to update", body: {}, field: "body", message: "Nothing to update." },
  {
    label: "only unknown fields",
    body: { accountId: "acct_x" },
    field: "body",
    message: "Nothing to update.",
  },
  { label: "an empty name", body: { name: "" }, field: "body.name", message: CONTACT_REQUIRED_MESSAGE },
  { label: "a null phone", body: { phone: null }, field: "body.phone", message: CONTACT_REQUIRED_MESSAGE },
  { label: "an invalid email", body: { email: "a@" }, field: "body.email" },
  { label: "an unknown lead status", body: { leadStatus: "LOST" }, field: "body.leadStatus" },
  { label: "an unknown contact type", body: { contactType: "" }, field: "body.contactType" },
  { label: "a bad follow-up date", body: { followUpDate: "next week" }, field: "body.followUpDate" },
  { label: "a valid name but bad tags", body: { name: "Ok", tags: { a: 1 } }, field: "body.tags" },
])("PATCH /api/contacts/:id with $label", ({ body, field, message }) => {
  it("answers 400 with the field message and leaves the row unchanged", async () => {
    const contact = await createContact({ name: "Unchanged", phone: "5553334444", tags: ["keep"] });
    const before = await rowOf(contact.id);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/contacts/${contact.id}`,
      headers: session.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json<ErrorJson>();
    expect(error.fields?.[field]?.[0]).toEqual(expect.any(String));
    if (message) expect(error.message).toBe(message);
    expect(await rowOf(contact.id)).toEqual(before);
  });
});

describe.each([
  { query: "limit=0", field: "querystring.limit" },
  { query: "limit=201", field: "querystring.limit" },
  { query: "limit=abc", field: "querystring.limit" },
  { query: "limit=2.5", field: "querystring.limit" },
  { query: "offset=-1", field: "querystring.offset" },
  { query: "offset=x", field: "querystring.offset" },
  { query: "leadStatus=hot", field: "querystring.leadStatus" },
  { query: "contactType=friend", field: "querystring.contactType" },
  { query: `q=${"a".repeat(201)}`, field: "querystring.q" },
  { query: `tag=${"a".repeat(51)}`, field: "querystring.tag" },
])("GET /api/contacts?$query", ({ query, field }) => {
  it("answers 400 with the field message", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/contacts?${query}`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorJson>().error.fields?.[field]?.[0]).toEqual(expect.any(String));
  });
});

const contactRoutes = [
  { method: "GET", path: (id: string) => `/api/contacts/${id}` },
  { method: "PATCH", path: (id: string) => `/api/contacts/${id}`, payload: { name: "Nope" } },
  { method: "DELETE", path: (id: string) => `/api/contacts/${id}` },
  { method: "POST", path: (id: string) => `/api/contacts/${id}/convert` },
  { method: "GET", path: (id: string) => `/api/contacts/${id}/activity` },
] as const;

describe.each(contactRoutes)("$method on a contact id", (route) => {
  it.each([
    "123",
    "ct_",
    "CT_ABC",
    "ct_abc%20def",
    "usr_abcdefghijklmnop",
    "ct_a'or'1'='1",
    `ct_${"a".repeat(65)}`,
  ])("answers 400 for the malformed id %j", async (id) => {
    const res = await t.app.inject({
      method: route.method,
      url: route.path(id),
      headers: session.headers,
      ...("payload" in route ? { payload: route.payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorJson>().error.fields?.["params.id"]).toEqual(["Invalid contact id."]);
  });

  it("answers 404 for a well-formed id that does not exist", async () => {
    const res = await t.app.inject({
      method: route.method,
      url: route.path("ct_aaaaaaaaaaaaaaaa"),
      headers: session.headers,
      ...("payload" in route ? { payload: route.payload } : {}),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorJson>().error).toMatchObject({ code: "NOT_FOUND", message: "Contact not found" });
  });
});

describe("GET /api/contacts/:id/activity with a bad limit", () => {
  it.each(["0", "201", "many"])("answers 400 for limit=%s", async (limit) => {
    const contact = await createContact({ name: "Active", phone: "5556667777" });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/contacts/${contact.id}/activity?limit=${limit}`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorJson>().error.fields?.["querystring.limit"]?.[0]).toEqual(expect.any(String));
  });
});
