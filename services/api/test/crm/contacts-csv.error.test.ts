import { schema } from "@poundline/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_MESSAGES } from "../../src/crm/csv";
import { IMPORT_REFUSED_MESSAGE } from "../../src/crm/csv-routes";
import { CONTACT_REQUIRED_MESSAGE } from "../../src/crm/schemas";
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

describe("POST /api/contacts/import refuses a file with any bad row, importing none of it", () => {
  it.each([
    {
      label: "a row without a phone among good ones",
      csv: "name,phone\nAda,4155550100\nNobody,\nGrace,4155550101\n",
      fields: { "line 3.phone": [CONTACT_REQUIRED_MESSAGE] },
    },
    {
      label: "a duplicate phone within the file",
      csv: "name,phone\nAda,4155550100\nAda Again,+1 (415) 555-0100\n",
      fields: { "line 3.phone": [CSV_MESSAGES.duplicateInFile(2)] },
    },
    {
      label: "a bad lead status on the last row",
      csv: "name,phone,lead_status\nAda,4155550100,new\nGrace,4155550101,hot\n",
      fields: { "line 3.lead_status": [expect.stringMatching(/^Must be one of: new, contacted/)] },
    },
    { label: "no header", csv: "Ada,4155550100\n", fields: { "body.csv": [CSV_MESSAGES.noColumns] } },
  ])("$label", async ({ csv, fields }) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contacts/import",
      headers: session.headers,
      payload: { csv },
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ErrorJson>();
    expect(body.error.message).toBe(IMPORT_REFUSED_MESSAGE);
    expect(body.error.fields).toEqual(fields);
    expect(await contactCount()).toBe(0);
  });
});

describe("bad bodies and queries", () => {
  it.each([
    { url: "/api/contacts/import", payload: {}, field: "body.csv" },
    { url: "/api/contacts/import/preview", payload: { csv: "" }, field: "body.csv" },
    { url: "/api/contacts/import/preview", payload: { csv: 42 }, field: "body.csv" },
    { url: "/api/contacts/import", payload: { csv: `name,phone\nA${NUL},1\n` }, field: "body.csv" },
  ])("400 for $url with $payload", async ({ url, payload, field }) => {
    const res = await t.app.inject({ method: "POST", url, headers: session.headers, payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorJson>().error.fields?.[field]?.length).toBeGreaterThan(0);
    expect(await contactCount()).toBe(0);
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
