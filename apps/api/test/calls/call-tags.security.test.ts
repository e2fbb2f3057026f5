import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { insertCall } from "./call-rows";

let t: TestApp;
let alice: TestUser;
let bobSession: SignedIn;
let memberSession: SignedIn;
let viewerSession: SignedIn;
let aliceCall: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t);
  const bob = await createUser(t);
  bobSession = await signIn(t, bob);
  memberSession = await signIn(t, await createMember(t, alice.accountId, "member"));
  viewerSession = await signIn(t, await createMember(t, alice.accountId, "viewer"));
  aliceCall = await insertCall(t, alice.accountId, {
    callStartTime: new Date("2026-03-10T15:00:00Z"),
    tags: ["secret"],
  });
});
afterAll(() => t.close());

describe("another account", () => {
  it("gets 404 tagging another account's call, which keeps its tags", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/calls/${aliceCall}/tags`,
      headers: bobSession.headers,
      payload: { tags: ["pwned"], disposition: null },
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.id, aliceCall));
    expect(row?.tags).toEqual(["secret"]);
  });

  it("gets 404 tagging another account's call by its CallSid, which keeps its tags", async () => {
    const [call] = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.id, aliceCall));
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/calls/${call?.callSid}/tags`,
      headers: bobSession.headers,
      payload: { tags: ["pwned"], disposition: null },
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.id, aliceCall));
    expect(row?.tags).toEqual(["secret"]);
  });

  it("never sees another account's tags nor exports its calls", async () => {
    const tags = await t.app.inject({ method: "GET", url: "/api/calls/tags", headers: bobSession.headers });
    expect(tags.json().tags).toEqual([]);
    const csv = await t.app.inject({
      method: "GET",
      url: "/api/calls/export.csv?from=2026-03-01&to=2026-03-31",
      headers: bobSession.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain("secret");
  });
});

describe("roles", () => {
  it("lets a member tag a call, not a bookkeeper", async () => {
    const payload = { tags: ["ok"], disposition: null };
    const url = `/api/calls/${aliceCall}/tags`;
    expect(
      (await t.app.inject({ method: "PUT", url, headers: memberSession.headers, payload })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: "PUT", url, headers: viewerSession.headers, payload })).statusCode,
    ).toBe(403);
  });

  it("lets only owners and admins change the dispositions", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/call-dispositions",
      headers: memberSession.headers,
      payload: { dispositions: ["Mine"] },
    });
    expect(res.statusCode).toBe(403);
    const rows = await t.db.db.select().from(schema.callDispositionLists);
    expect(rows).toEqual([]);
  });
});
