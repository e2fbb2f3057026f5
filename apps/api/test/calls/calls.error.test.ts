import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { NUL } from "../odd-input";
import { insertCall } from "./call-rows";

let t: TestApp;
let user: TestUser;
let session: SignedIn;
let callId: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  session = await signIn(t, user);
  callId = await insertCall(t, user.accountId, {
    callStartTime: new Date("2026-03-10T15:00:00Z"),
    notes: "kept",
  });
});
afterAll(() => t.close());

interface ErrorJson {
  error: { code: string; fields?: Record<string, string[]> };
}

describe("GET /api/calls with bad input", () => {
  it.each([
    { query: "direction=sideways", field: "querystring.direction", message: /Must be one of: all, inbound/ },
    { query: "date=2026-02-30", field: "querystring.date", message: /YYYY-MM-DD/ },
    { query: "date=10/03/2026", field: "querystring.date", message: /YYYY-MM-DD/ },
    { query: "date=0000-01-01", field: "querystring.date", message: /1900 and 2100/ },
    { query: "page=0", field: "querystring.page", message: /at least 1/ },
    { query: "page=abc", field: "querystring.page", message: /whole number/ },
    { query: "pageSize=101", field: "querystring.pageSize", message: /at most 100/ },
    { query: `q=${encodeURIComponent(`a${NUL}b`)}`, field: "querystring.q", message: /control characters/ },
    { query: `q=${"x".repeat(201)}`, field: "querystring.q", message: /at most 200/ },
  ])("400 for $query", async ({ query, field, message }) => {
    const res = await t.app.inject({ method: "GET", url: `/api/calls?${query}`, headers: session.headers });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ErrorJson>();
    expect(body.error.code).toBe("BAD_REQUEST");
    expect(body.error.fields?.[field]?.[0]).toMatch(message);
  });
});

describe("PATCH /api/calls/:id with bad input", () => {
  it.each([
    { label: "no body field", payload: {}, field: "body.notes" },
    { label: "a number", payload: { notes: 12 }, field: "body.notes" },
    { label: "a NUL byte", payload: { notes: `x${NUL}` }, field: "body.notes" },
    { label: "too long", payload: { notes: "x".repeat(10_001) }, field: "body.notes" },
  ])("400 for $label, the notes unchanged", async ({ payload, field }) => {
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/calls/${callId}`,
      headers: session.headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorJson>().error.fields?.[field]).toBeDefined();
    const [row] = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.id, callId));
    expect(row?.notes).toBe("kept");
  });

  it("400 for a malformed id", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/calls/not-an-id",
      headers: session.headers,
      payload: { notes: "x" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorJson>().error.fields?.["params.id"]).toEqual(["Invalid call id."]);
  });
});
