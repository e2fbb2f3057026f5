import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

let t: TestApp;
let owner: TestUser;
let ownerSession: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  ownerSession = await signIn(t, owner);
});
afterAll(() => t.close());

const put = (session: SignedIn, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: "/api/recording-retention", headers: session.headers, payload });
const stored = async (accountId: string) =>
  (await t.db.db.select().from(schema.accounts).where(eq(schema.accounts.id, accountId)))[0]
    ?.recordingRetentionDays;

describe("the account's recording retention", () => {
  it("is forever by default; an owner keeps recordings 90 days, then forever again", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/recording-retention",
      headers: ownerSession.headers,
    });
    expect(res.json()).toEqual({ days: null, canEdit: true });
    expect((await put(ownerSession, { days: 90 })).json()).toEqual({ days: 90, canEdit: true });
    expect(await stored(owner.accountId)).toBe(90);
    expect((await put(ownerSession, { days: null })).statusCode).toBe(200);
    expect(await stored(owner.accountId)).toBeNull();
  });

  it.each([[45], ["90"], [0], [undefined]])("refuses %s days (400) and keeps what was set", async (days) => {
    await put(ownerSession, { days: 30 });
    const res = await put(ownerSession, { days });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Choose 30, 90 or 365 days, or forever.");
    expect(await stored(owner.accountId)).toBe(30);
  });

  it("a member reads it and may not change it (403)", async () => {
    const member = await createMember(t, owner.accountId, "member");
    const session = await signIn(t, member);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/recording-retention",
      headers: session.headers,
    });
    expect(res.json()).toMatchObject({ canEdit: false });
    expect((await put(session, { days: 365 })).statusCode).toBe(403);
  });
});
