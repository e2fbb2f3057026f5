import { schema } from "@poundline/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { addExtension, addNumber } from "./helpers";

let t: TestApp;
let alice: TestUser;
let aliceIn: SignedIn;
let aliceMember: TestUser;
let aliceMemberIn: SignedIn;
let bob: TestUser;
let bobIn: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t, { firstName: "Alice" });
  aliceIn = await signIn(t, alice);
  aliceMember = await createMember(t, alice.accountId, "member");
  aliceMemberIn = await signIn(t, aliceMember);
  bob = await createUser(t, { firstName: "Bob" });
  bobIn = await signIn(t, bob);
});
afterAll(() => t.close());

const directLine = (userId: string) =>
  t.db.db
    .select()
    .from(schema.memberSettings)
    .where(
      and(eq(schema.memberSettings.userId, userId), eq(schema.memberSettings.accountId, alice.accountId)),
    );

describe("people: security", () => {
  it.each([
    ["GET", "/api/people"],
    ["GET", "/api/people/me/availability"],
    ["PUT", "/api/people/me/availability"],
    ["GET", "/api/people/me/working-hours"],
    ["PUT", "/api/people/me/working-hours"],
    ["GET", "/api/people/me/forwarding"],
    ["PUT", "/api/people/me/forwarding"],
    ["PUT", "/api/people/usr_x/direct-line"],
  ] as const)("anonymous %s %s is 401", async (method, url) => {
    const res = await t.app.inject({ method, url, headers: { origin: TEST_ORIGIN }, payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it("a member sets their own availability but cannot give out direct lines (403, nothing saved)", async () => {
    const own = await t.app.inject({
      method: "PUT",
      url: "/api/people/me/availability",
      headers: aliceMemberIn.headers,
      payload: { availability: "away" },
    });
    expect(own.statusCode).toBe(200);
    const numberId = await addNumber(t, alice.accountId, "+13055550170");
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/people/${aliceMember.id}/direct-line`,
      headers: aliceMemberIn.headers,
      payload: { directNumberId: numberId, extensionId: null },
    });
    expect(res.statusCode).toBe(403);
    expect((await directLine(aliceMember.id))[0]?.directNumberId ?? null).toBeNull();
  });

  it("another account's member, number or extension is a 404, as a missing one; nothing saved", async () => {
    const bobNumber = await addNumber(t, bob.accountId, "+13055550171");
    const bobExtension = await addExtension(t, bob.accountId, 171);
    const cases = [
      {
        headers: bobIn.headers,
        userId: aliceMember.id,
        body: { directNumberId: bobNumber, extensionId: null },
      },
      {
        headers: aliceIn.headers,
        userId: aliceMember.id,
        body: { directNumberId: bobNumber, extensionId: null },
      },
      {
        headers: aliceIn.headers,
        userId: aliceMember.id,
        body: { directNumberId: null, extensionId: bobExtension },
      },
      { headers: aliceIn.headers, userId: bob.id, body: { directNumberId: null, extensionId: null } },
    ];
    for (const { headers, userId, body } of cases) {
      const res = await t.app.inject({
        method: "PUT",
        url: `/api/people/${userId}/direct-line`,
        headers,
        payload: body,
      });
      expect(res.statusCode).toBe(404);
    }
    const bobRows = await t.db.db
      .select()
      .from(schema.memberSettings)
      .where(eq(schema.memberSettings.userId, bob.id));
    expect(bobRows).toEqual([]);
    expect((await directLine(aliceMember.id))[0]?.directNumberId ?? null).toBeNull();
  });

  it("one account's list shows only its own members; one's settings are theirs in that account only", async () => {
    const list = await t.app.inject({ method: "GET", url: "/api/people", headers: bobIn.headers });
    expect(list.json().members.map((m: { userId: string }) => m.userId)).toEqual([bob.id]);
    const mine = await t.app.inject({
      method: "GET",
      url: "/api/people/me/availability",
      headers: bobIn.headers,
    });
    expect(mine.json()).toEqual({ availability: "available" });
  });
});
