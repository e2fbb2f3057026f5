import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";
import { insertCall } from "./call-rows";

let t: TestApp;
let session: SignedIn;
let call: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t);
  session = await signIn(t, owner);
  call = await insertCall(t, owner.accountId, { callStartTime: new Date("2026-03-10T15:00:00Z") });
});
afterAll(() => t.close());

describe("bad input answers 400 with field messages", () => {
  it.each(["CA123", `SM${"0".repeat(32)}`, "call_X"])("refuses the call id %s", async (id) => {
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/calls/${id}/tags`,
      headers: session.headers,
      payload: { tags: [], disposition: null },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain("params.id");
  });

  it("answers 404 for a CallSid no call has", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/calls/CA${"0".repeat(32)}/tags`,
      headers: session.headers,
      payload: { tags: [], disposition: null },
    });
    expect(res.statusCode, res.body).toBe(404);
  });

  it.each([
    {
      name: "a disposition not on the list",
      body: { tags: [], disposition: "Nope" },
      field: "body.disposition",
    },
    { name: "tags not a list", body: { tags: "vip", disposition: null }, field: "body.tags" },
    { name: "a tag too long", body: { tags: ["x".repeat(51)], disposition: null }, field: "body.tags.0" },
    {
      name: "too many tags",
      body: { tags: Array.from({ length: 21 }, (_, i) => `t${i}`), disposition: null },
      field: "body.tags",
    },
  ])("tagging: $name", async ({ body, field }) => {
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/calls/${call}/tags`,
      headers: session.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
  });

  it.each([
    {
      query: "from=2026-03-10&to=2026-03-09",
      field: "querystring.to",
      message: "Must be on or after the start date.",
    },
    {
      query: "from=2025-01-01&to=2026-03-10",
      field: "querystring.to",
      message: "A range can cover at most 366 days.",
    },
    { query: "from=yesterday&to=2026-03-10", field: "querystring.from" },
    { query: "to=2026-03-10", field: "querystring.from" },
  ])("export: $query", async ({ query, field, message }) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/calls/export.csv?${query}`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(400);
    const fields = res.json().error.fields ?? {};
    expect(Object.keys(fields)).toContain(field);
    if (message) expect(fields[field]).toContain(message);
  });

  it("refuses an empty list of dispositions", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/call-dispositions",
      headers: session.headers,
      payload: { dispositions: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(["body.dispositions"]);
  });
});
