import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

let t: TestApp;
let owner: TestUser;
let ownerIn: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  ownerIn = await signIn(t, owner);
});
afterAll(() => t.close());

describe("presence: bad input is a 400, and nothing is stored", () => {
  it.each([
    {},
    { callSid: "" },
    { callSid: "not a call" },
    { callSid: `CA${"x".repeat(80)}` },
    { callSid: 12 },
  ])("POST /api/people/me/calls %j", async (payload) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/people/me/calls",
      headers: ownerIn.headers,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(await t.app.deps.presence.calls(owner.accountId)).toEqual(new Map());
  });

  it("DELETE of a call named badly is a 400", async () => {
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/people/me/calls/drop%20table",
      headers: ownerIn.headers,
    });
    expect(res.statusCode).toBe(400);
  });
});
