import { schema } from "@poundline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

let t: TestApp;
let alice: TestUser;
let aliceSession: SignedIn;
let bobSession: SignedIn;
let memberSession: SignedIn;
let aliceEntry: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t);
  aliceSession = await signIn(t, alice);
  bobSession = await signIn(t, await createUser(t));
  memberSession = await signIn(t, await createMember(t, alice.accountId, "member"));
  const res = await t.app.inject({
    method: "POST",
    url: "/api/call-blocking/entries",
    headers: aliceSession.headers,
    payload: { kind: "number", value: "+13055550199", note: "alice's" },
  });
  aliceEntry = res.json().id;
});
afterAll(() => t.close());

describe("another account", () => {
  it("neither sees nor removes another account's entries", async () => {
    const list = await t.app.inject({
      method: "GET",
      url: "/api/call-blocking",
      headers: bobSession.headers,
    });
    expect(list.json().entries).toEqual([]);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/call-blocking/entries/${aliceEntry}`,
      headers: bobSession.headers,
    });
    expect(removed.statusCode).toBe(404);
    expect(await t.db.db.select().from(schema.blockedCallers)).toHaveLength(1);
  });
});

describe("roles", () => {
  it("lets a member read the list but not change it nor the rules", async () => {
    const read = await t.app.inject({
      method: "GET",
      url: "/api/call-blocking",
      headers: memberSession.headers,
    });
    expect(read.statusCode).toBe(200);
    for (const route of [
      { method: "POST", url: "/api/call-blocking/entries", payload: { kind: "prefix", value: "+44" } },
      { method: "DELETE", url: `/api/call-blocking/entries/${aliceEntry}` },
      {
        method: "PUT",
        url: "/api/call-blocking/rules",
        payload: { list: "reject", withheld: "reject", unverified: "allow" },
      },
    ] as const) {
      const res = await t.app.inject({ ...route, headers: memberSession.headers });
      expect(res.statusCode, route.url).toBe(403);
    }
    expect(await t.db.db.select().from(schema.blockedCallers)).toHaveLength(1);
    expect(await t.db.db.select().from(schema.callBlockingRules)).toEqual([]);
  });
});
