import type { CallListJson } from "@poundline/contracts/calls/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { insertCall } from "./call-rows";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let bobSession: SignedIn;
let aliceCall: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t);
  bob = await createUser(t);
  bobSession = await signIn(t, bob);
  aliceCall = await insertCall(t, alice.accountId, {
    callStartTime: new Date("2026-03-10T15:00:00Z"),
    notes: "alice secret",
  });
  await insertCall(t, bob.accountId, { callStartTime: new Date("2026-03-10T16:00:00Z") });
});
afterAll(() => t.close());

describe("anonymous callers", () => {
  it.each([
    { method: "GET", url: "/api/calls" },
    { method: "GET", url: "/api/calls?page=abc" },
    { method: "PATCH", url: "/api/calls/call_aaaaaaaa", payload: { notes: "x" } },
    { method: "PATCH", url: "/api/calls/not-an-id", payload: {} },
  ] as const)("get 401 for $method $url", async (route) => {
    const res = await t.app.inject({ ...route, headers: { origin: TEST_ORIGIN } });
    expect(res.statusCode).toBe(401);
  });
});

describe("another account", () => {
  it("never lists, finds nor counts another account's calls", async () => {
    for (const query of ["", "?q=alice", "?date=2026-03-10", "?direction=inbound"]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/calls${query}`,
        headers: bobSession.headers,
      });
      const page = res.json<CallListJson>();
      expect(page.calls.map((c) => c.id)).not.toContain(aliceCall);
      expect(page.total).toBe(query === "?q=alice" ? 0 : 1);
    }
  });

  it("gets 404 when editing another account's call's notes, which stay", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/calls/${aliceCall}`,
      headers: bobSession.headers,
      payload: { notes: "pwned" },
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.id, aliceCall));
    expect(row?.notes).toBe("alice secret");
  });
});
