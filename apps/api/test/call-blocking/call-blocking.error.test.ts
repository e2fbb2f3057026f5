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

describe("bad input answers 400 with field messages", () => {
  it.each([
    { body: { kind: "number", value: "not a number" }, field: "body.value" },
    { body: { kind: "prefix", value: "44" }, field: "body.value" },
    { body: { kind: "prefix", value: "+" }, field: "body.value" },
    { body: { kind: "area", value: "+44" }, field: "body.kind" },
    { body: { kind: "number", value: "+13055550199", note: "x".repeat(201) }, field: "body.note" },
  ])("adding $body", async ({ body, field }) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/call-blocking/entries",
      headers: session.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
  });

  it.each([
    { body: { list: "allow", withheld: "allow", unverified: "allow" }, field: "body.list" },
    { body: { list: "reject", withheld: "hang", unverified: "allow" }, field: "body.withheld" },
    { body: { list: "reject", withheld: "allow" }, field: "body.unverified" },
  ])("rules $body", async ({ body, field }) => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/call-blocking/rules",
      headers: session.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
  });

  it("answers 409 for a number already blocked", async () => {
    const add = () =>
      t.app.inject({
        method: "POST",
        url: "/api/call-blocking/entries",
        headers: session.headers,
        payload: { kind: "number", value: "+13055550199" },
      });
    expect((await add()).statusCode).toBe(201);
    expect((await add()).statusCode).toBe(409);
  });
});
