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
  {
    method: "GET",
    url: "/api/voicemails?unread=yes",
    field: "querystring.unread",
    message: "Must be true or false.",
  },
  {
    method: "GET",
    url: "/api/voicemails?limit=500",
    field: "querystring.limit",
    message: "Must be at most 200.",
  },
  {
    method: "GET",
    url: `/api/voicemails?q=${"a".repeat(101)}`,
    field: "querystring.q",
    message: "Must be at most 100 characters.",
  },
  {
    method: "GET",
    url: "/api/voicemails/export.csv?q=%1F",
    field: "querystring.q",
    message: "Must not contain control characters.",
  },
  { method: "GET", url: "/api/voicemails/bad/audio", field: "params.id", message: "Invalid voicemail id." },
  { method: "DELETE", url: "/api/voicemails/bad", field: "params.id", message: "Invalid voicemail id." },
  {
    method: "PATCH",
    url: "/api/voicemails/vm_abc",
    payload: { status: "archived" },
    field: "body.status",
    message: "Must be unread or read.",
  },
  {
    method: "PATCH",
    url: "/api/voicemails/vm_abc",
    payload: {},
    field: "body.status",
    message: "Must be unread or read.",
  },
] as const)("$method $url", (c) => {
  it(`answers 400 with ${c.field}`, async () => {
    const res = await t.app.inject({
      method: c.method,
      url: c.url,
      headers: session.headers,
      ...("payload" in c ? { payload: c.payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ErrorJson>();
    expect(body.error.code).toBe("BAD_REQUEST");
    expect(body.error.fields?.[c.field]).toContain(c.message);
  });
});
