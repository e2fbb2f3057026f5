import type { ActivityPage } from "@poundline/contracts/activity/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn } from "../fixtures";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setCountries = (session: SignedIn, allowedCountries: string[]) =>
  t.app.inject({
    method: "PUT",
    url: "/api/destination-policy",
    headers: session.headers,
    payload: { allowedCountries },
  });

async function activity(session: SignedIn, query = "") {
  const res = await t.app.inject({ method: "GET", url: `/api/activity${query}`, headers: session.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ActivityPage>();
}

const rowsOf = (accountId: string) =>
  t.db.db.select().from(schema.accountActivity).where(eq(schema.accountActivity.accountId, accountId));

describe("the account's activity log", () => {
  it("records who changed the set-up, with the endpoint's words, newest first", async () => {
    const owner = await createUser(t, { firstName: "Olive", lastName: "Owner" });
    const admin = await createMember(t, owner.accountId, "admin", { firstName: "Adam", lastName: "Admin" });
    expect((await setCountries(await signIn(t, owner), ["US"])).statusCode).toBe(200);
    expect((await setCountries(await signIn(t, admin), ["US", "CA"])).statusCode).toBe(200);

    const rows = await rowsOf(owner.accountId);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.action)).toEqual(["calling.countries", "calling.countries"]);
    expect(new Set(rows.map((row) => row.actorUserId))).toEqual(new Set([owner.id, admin.id]));

    const page = await activity(await signIn(t, admin));
    expect(page.total).toBe(2);
    expect(page.entries[0]).toMatchObject({
      actor: { name: "Adam Admin", email: admin.email },
      action: "calling.countries",
      method: "PUT",
      path: "/api/destination-policy",
      targetId: null,
    });
    expect(page.entries[1]?.actor?.name).toBe("Olive Owner");
    expect(page.entries[0]?.summary.length).toBeGreaterThan(0);
  });

  it("keeps a refused change and a member's use of the phones out of the log", async () => {
    const owner = await createUser(t);
    const member = await createMember(t, owner.accountId, "member");
    expect((await setCountries(await signIn(t, member), ["US"])).statusCode).toBe(403);
    expect((await setCountries(await signIn(t, owner), ["XX"])).statusCode).toBe(400);
    expect(await rowsOf(owner.accountId)).toHaveLength(0);
  });

  it("pages with limit and offset", async () => {
    const owner = await createUser(t);
    const session = await signIn(t, owner);
    for (const list of [["US"], ["CA"], ["US", "CA"]])
      expect((await setCountries(session, list)).statusCode).toBe(200);
    const second = await activity(session, "?limit=2&offset=2");
    expect(second).toMatchObject({ total: 3, limit: 2, offset: 2 });
    expect(second.entries).toHaveLength(1);
  });

  it("keeps an entry whose actor was deleted, without a name", async () => {
    const owner = await createUser(t);
    const admin = await createMember(t, owner.accountId, "admin");
    expect((await setCountries(await signIn(t, admin), ["US"])).statusCode).toBe(200);
    await t.db.db.delete(schema.users).where(eq(schema.users.id, admin.id));
    const page = await activity(await signIn(t, owner));
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]?.actor).toBeNull();
  });
});
