import { schema } from "@poundline/db";
import { CSV_MESSAGES } from "@poundline/modules/crm/csv";
import { IMPORT_MESSAGES } from "@poundline/modules/crm/import-person";
import { IMPORT_MODES } from "@poundline/modules/crm/import-plan";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { NUL } from "../odd-input";

let t: TestApp;
let user: TestUser;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  session = await signIn(t, user);
});
afterAll(() => t.close());

interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

async function contactCount() {
  const [row] = await t.db.db
    .select({ n: count() })
    .from(schema.contacts)
    .where(eq(schema.contacts.accountId, user.accountId));
  return row?.n ?? 0;
}

describe("POST /api/contacts/import refuses a file it cannot read as contacts, importing none of it", () => {
  it.each([
    { label: "no header", payload: { csv: "Ada,4155550100\n" }, message: CSV_MESSAGES.noColumns },
    {
      label: "no phone column",
      payload: { csv: "name,email\nAda,a@b.co\n" },
      message: CSV_MESSAGES.noColumns,
    },
    { label: "a header only", payload: { csv: "name,phone\n" }, message: CSV_MESSAGES.empty },
    {
      label: "a mapping that leaves out the phone",
      payload: { csv: "name,phone\nAda,4155550100\n", mapping: ["name", null] },
      message: CSV_MESSAGES.noColumns,
    },
    {
      label: "a mapping of another file",
      payload: { csv: "name,phone\nAda,4155550100\n", mapping: ["name", "phone", "email"] },
      message: CSV_MESSAGES.mappingMismatch,
    },
    {
      label: "a vCard file cut short",
      payload: { file: Buffer.from("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\n").toString("base64") },
      message: expect.stringMatching(/^This vCard file could not be read: /),
    },
  ])("$label", async ({ payload, message }) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contacts/import",
      headers: session.headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ErrorJson>();
    expect(body.error.message).toEqual(message);
    expect(body.error.fields).toEqual({ "body.file": [message] });
    expect(await contactCount()).toBe(0);
  });

  it("imports the good rows of a file with bad ones, saying why each bad one was skipped", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contacts/import",
      headers: session.headers,
      payload: { csv: "name,phone\nAda,4155550100\nNobody,\nAda Again,+1 (415) 555-0100\n" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      counts: { created: 1, merged: 0, skipped: 1, refused: 1 },
      rows: [
        {
          row: 3,
          name: "Nobody",
          phone: "",
          email: "",
          outcome: "error",
          problems: [{ field: "phone", message: IMPORT_MESSAGES.noPhone }],
        },
        {
          // Row 2's contact already has all this row holds.
          row: 4,
          name: "Ada Again",
          phone: "+1 (415) 555-0100",
          outcome: "skip",
          reason: "unchanged",
          target: { name: "Ada", phone: "+14155550100", row: 2 },
          problems: [],
        },
      ],
    });
    expect(await contactCount()).toBe(1);
    await t.db.db.delete(schema.contacts).where(eq(schema.contacts.accountId, user.accountId));
  });
});

describe("bad bodies and queries", () => {
  it.each([
    { url: "/api/contacts/import", payload: {}, field: "body.file" },
    { url: "/api/contacts/import/preview", payload: { csv: "" }, field: "body.csv" },
    { url: "/api/contacts/import/preview", payload: { csv: 42 }, field: "body.csv" },
    { url: "/api/contacts/import", payload: { csv: `name,phone\nA${NUL},1\n` }, field: "body.csv" },
    { url: "/api/contacts/import", payload: { file: "not base64!" }, field: "body.file" },
    { url: "/api/contacts/import", payload: { file: "" }, field: "body.file" },
    {
      url: "/api/contacts/import/preview",
      payload: { csv: "name,phone\n", mapping: ["name", "shoe_size"] },
      field: "body.mapping.1",
    },
    {
      url: "/api/contacts/import/preview",
      payload: { csv: "name,phone\n", mapping: "name" },
      field: "body.mapping",
    },
    {
      url: "/api/contacts/import",
      payload: { csv: "name,phone\nAda,4155550100\n", mode: "replace" },
      field: "body.mode",
    },
    { url: "/api/contacts/import/preview", payload: { csv: "name,phone\n", mode: 1 }, field: "body.mode" },
  ])("400 for $url with $payload", async ({ url, payload, field }) => {
    const res = await t.app.inject({ method: "POST", url, headers: session.headers, payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorJson>().error.fields?.[field]?.length).toBeGreaterThan(0);
    expect(await contactCount()).toBe(0);
  });

  it("names the modes an import takes when given another", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contacts/import/preview",
      headers: session.headers,
      payload: { csv: "name,phone\nAda,4155550100\n", mode: "overwrite" },
    });
    expect(res.json<ErrorJson>().error.fields?.["body.mode"]).toEqual([
      `Must be one of: ${IMPORT_MODES.join(", ")}.`,
    ]);
  });

  it.each([
    { query: "leadStatus=hot", field: "querystring.leadStatus" },
    { query: "contactType=friend", field: "querystring.contactType" },
    { query: `q=${"x".repeat(201)}`, field: "querystring.q" },
  ])("400 for the export with $query", async ({ query, field }) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/contacts/export.csv?${query}`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorJson>().error.fields?.[field]?.length).toBeGreaterThan(0);
  });
});
