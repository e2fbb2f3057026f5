import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { fund, PATH, read, submit, validBody } from "./helpers";

let t: TestApp;
let owner: TestUser;
let ownerSession: SignedIn;
let member: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { textingRegistered: false });
  ownerSession = await signIn(t, owner);
  member = await signIn(t, await createMember(t, owner.accountId, "member"));
  stranger = await signIn(t, await createUser(t, { textingRegistered: false }));
  await fund(t, owner.accountId, 5_000);
  expect((await submit(t, ownerSession)).statusCode).toBe(201);
});
afterAll(() => t.close());

const registrations = () => t.db.db.select().from(schema.textingRegistrations);

describe("texting registration", () => {
  it("refuses anonymous callers (401)", async () => {
    for (const method of ["GET", "POST"] as const) {
      const res = await t.app.inject({
        method,
        url: PATH,
        headers: { origin: TEST_ORIGIN },
        payload: validBody(),
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it("shows another account nothing of this one's registration", async () => {
    const res = await read(t, stranger);
    expect(res.statusCode).toBe(200);
    expect(res.json().registration).toBeNull();
  });

  it("lets a member read it but not submit one (403), nothing written", async () => {
    expect((await read(t, member)).json().registration).toMatchObject({ legalName: "Acme Plumbing LLC" });
    const before = await registrations();
    const res = await submit(t, member);
    expect(res.statusCode).toBe(403);
    expect(await registrations()).toEqual(before);
  });

  it("takes no account id from the body: the registration is the caller's account's", async () => {
    const res = await submit(t, ownerSession, { ...validBody(), accountId: "acct_someone_else" });
    expect([400, 409]).toContain(res.statusCode);
    const rows = await t.db.db
      .select()
      .from(schema.textingRegistrations)
      .where(eq(schema.textingRegistrations.accountId, owner.accountId));
    expect(rows).toHaveLength(1);
  });
});
