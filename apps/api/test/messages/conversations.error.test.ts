import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";

let t: TestApp;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  session = await signIn(t, await createUser(t));
});
afterAll(() => t.close());

interface ErrorJson {
  error: { code: string; fields?: Record<string, string[]> };
}

describe.each([
  { url: "/api/conversations?limit=0", field: "querystring.limit", message: "Must be at least 1." },
  { url: "/api/conversations?limit=201", field: "querystring.limit", message: "Must be at most 200." },
  { url: "/api/conversations?offset=-1", field: "querystring.offset", message: "Must be at least 0." },
  {
    url: `/api/conversations?q=${"x".repeat(101)}`,
    field: "querystring.q",
    message: "Must be at most 100 characters.",
  },
  {
    url: "/api/conversations?q=%00",
    field: "querystring.q",
    message: "Must not contain control characters.",
  },
  {
    url: "/api/conversations/thread?peerNumber=%2B15551230000",
    field: "querystring.ourNumber",
    message: "Enter a phone number in E.164 format, e.g. +15551234567.",
  },
  {
    url: "/api/conversations/thread?ourNumber=555&peerNumber=%2B15551230000",
    field: "querystring.ourNumber",
    message: "Enter a phone number in E.164 format, e.g. +15551234567.",
  },
  {
    url: "/api/conversations/thread?ourNumber=%2B15551230000",
    field: "querystring.peerNumber",
    message: "Enter the other party's number.",
  },
  {
    url: "/api/conversations/thread?ourNumber=%2B15551230000&peerNumber=%2B1555&before=nope",
    field: "querystring.before",
    message: "Invalid message id.",
  },
  { url: "/api/messages/nope/media/0", field: "params.id", message: "Invalid message id." },
  { url: "/api/messages/msg_abc/media/x", field: "params.index", message: "Must be a whole number." },
])("GET $url", ({ url, field, message }) => {
  it(`answers 400 with ${field}`, async () => {
    const res = await t.app.inject({ method: "GET", url, headers: session.headers });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ErrorJson>();
    expect(body.error.code).toBe("BAD_REQUEST");
    expect(body.error.fields?.[field]).toContain(message);
  });
});

describe.each([
  { payload: {}, field: "body.ourNumber" },
  { payload: { ourNumber: "+15551230000" }, field: "body.peerNumber" },
  { payload: { ourNumber: "12", peerNumber: "+15551230000" }, field: "body.ourNumber" },
  { payload: { ourNumber: "+15551230000", peerNumber: "a\u0007b" }, field: "body.peerNumber" },
])("POST /api/conversations/read $payload", ({ payload, field }) => {
  it(`answers 400 with ${field}`, async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/conversations/read",
      headers: session.headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorJson>().error.fields?.[field]?.length).toBeGreaterThan(0);
  });
});
