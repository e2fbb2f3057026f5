import type { ContactJson } from "@poundline/contracts/crm/schemas";
import { newId, schema } from "@poundline/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let aliceSession: SignedIn;
let bobSession: SignedIn;
/** Alice's contact (account A), which Bob (account B) must never reach. */
let secret: ContactJson;

async function createContact(session: SignedIn, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: "POST", url: "/api/contacts", headers: session.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ContactJson>();
}

async function rowOf(id: string) {
  const [row] = await t.db.db.select().from(schema.contacts).where(eq(schema.contacts.id, id));
  return row;
}

async function countIn(accountId: string) {
  const [row] = await t.db.db
    .select({ n: count() })
    .from(schema.contacts)
    .where(eq(schema.contacts.accountId, accountId));
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t, { companyName: "Alice Co" });
  bob = await createUser(t, { companyName: "Bob Co" });
  aliceSession = await signIn(t, alice);
  bobSession = await signIn(t, bob);
  secret = await createContact(aliceSession, {
    name: "Secret Sam",
    phone: "5551230000",
    email: "sam@alice.example",
    company: "Alice Partner",
    tags: ["alice-only"],
  });
});
afterAll(() => t.close());

const routesOnAContact = [
  { method: "GET", path: (id: string) => `/api/contacts/${id}` },
  {
    method: "PATCH",
    path: (id: string) => `/api/contacts/${id}`,
    payload: { name: "Stolen", notes: "pwned" },
  },
  { method: "DELETE", path: (id: string) => `/api/contacts/${id}` },
  { method: "POST", path: (id: string) => `/api/contacts/${id}/convert` },
  { method: "GET", path: (id: string) => `/api/contacts/${id}/activity` },
] as const;

describe("anonymous callers", () => {
  it.each([
    { method: "GET", url: "/api/contacts" },
    { method: "GET", url: "/api/contacts/tags" },
    { method: "POST", url: "/api/contacts", payload: { name: "Anon", phone: "5559990000" } },
    // Even an invalid body is refused as unauthenticated, before validation.
    { method: "POST", url: "/api/contacts", payload: {} },
    { method: "GET", url: "/api/contacts?limit=abc" },
    ...routesOnAContact.map((r) => ({
      method: r.method,
      url: r.path("ct_aaaaaaaaaaaaaaaa"),
      ...("payload" in r ? { payload: r.payload } : {}),
    })),
  ] as const)("get 401 for $method $url", async (route) => {
    const res = await t.app.inject({
      method: route.method,
      url: route.url,
      headers: { origin: TEST_ORIGIN },
      ...("payload" in route ? { payload: route.payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().error.code).toBe("UNAUTHORIZED");
  });

  it("get 401 for another's contact, and the row is untouched", async () => {
    const before = await rowOf(secret.id);
    for (const route of routesOnAContact) {
      const res = await t.app.inject({
        method: route.method,
        url: route.path(secret.id),
        headers: { origin: TEST_ORIGIN },
        ...("payload" in route ? { payload: route.payload } : {}),
      });
      expect(res.statusCode).toBe(401);
    }
    expect(await rowOf(secret.id)).toEqual(before);
  });

  it("get 401 with a forged or unknown session cookie", async () => {
    for (const cookie of ["session=abc", `session=${"a".repeat(32)}`]) {
      const res = await t.app.inject({ method: "GET", url: "/api/contacts", headers: { cookie } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe("a user of another account", () => {
  it.each(routesOnAContact)(
    "gets 404 for $method on the contact, exactly as for a missing one",
    async (route) => {
      const before = await rowOf(secret.id);
      const inject = (id: string) =>
        t.app.inject({
          method: route.method,
          url: route.path(id),
          headers: bobSession.headers,
          ...("payload" in route ? { payload: route.payload } : {}),
        });
      const foreign = await inject(secret.id);
      const missing = await inject("ct_aaaaaaaaaaaaaaaa");
      expect(foreign.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      const { requestId: _a, ...foreignError } = foreign.json().error;
      const { requestId: _b, ...missingError } = missing.json().error;
      expect(foreignError).toEqual(missingError);
      expect(await rowOf(secret.id)).toEqual(before);
    },
  );

  it("never sees the other account's contacts in the list, search, filters or tags", async () => {
    await createContact(bobSession, { name: "Bob's Own", phone: "5557770000", tags: ["bob-only"] });
    for (const query of [
      "",
      "?q=secret",
      "?q=sam%40alice",
      "?q=555123",
      "?tag=alice-only",
      "?leadStatus=new",
    ]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/contacts${query}`,
        headers: bobSession.headers,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ contacts: ContactJson[]; total: number }>();
      expect(body.contacts.map((c) => c.id)).not.toContain(secret.id);
      expect(body.contacts.every((c) => c.name === "Bob's Own")).toBe(true);
      expect(body.total).toBe(body.contacts.length);
    }
    const tags = await t.app.inject({
      method: "GET",
      url: "/api/contacts/tags",
      headers: bobSession.headers,
    });
    expect(tags.json()).toEqual({ tags: ["bob-only"] });
  });

  it("may hold a contact with the same phone number (uniqueness is per account)", async () => {
    const own = await createContact(bobSession, { name: "Same Number", phone: "(555) 123-0000" });
    expect(own.phone).toBe(secret.phone);
    expect((await rowOf(own.id))?.accountId).toBe(bob.accountId);
    expect((await rowOf(secret.id))?.name).toBe("Secret Sam");
  });

  it("cannot plant a contact in another account through the body", async () => {
    const aliceBefore = await countIn(alice.accountId);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contacts",
      headers: bobSession.headers,
      payload: {
        name: "Planted",
        phone: "5554443333",
        accountId: alice.accountId,
        account_id: alice.accountId,
        userId: alice.id,
        id: secret.id,
        createdAt: "2000-01-01T00:00:00Z",
      },
    });
    expect(res.statusCode).toBe(201);
    const row = await rowOf(res.json().id);
    expect(row).toMatchObject({ accountId: bob.accountId, userId: bob.id });
    expect(row?.id).not.toBe(secret.id);
    expect(row?.createdAt.getFullYear()).not.toBe(2000);
    expect(await countIn(alice.accountId)).toBe(aliceBefore);
  });

  it("does not see calls of its own account in another account's contact history, nor the reverse", async () => {
    // A call in Bob's account wrongly pointing at Alice's contact stays out of Alice's history.
    await t.db.db.insert(schema.callLogs).values({
      id: newId("call"),
      accountId: bob.accountId,
      contactId: secret.id,
      callSid: `CA${crypto.randomUUID().replaceAll("-", "")}`,
      direction: "inbound",
      fromNumber: "+15551230000",
      toNumber: "+15550001111",
      callStatus: "completed",
    });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/contacts/${secret.id}/activity`,
      headers: aliceSession.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [] });
  });
});

describe("cross-site writes", () => {
  it.each([
    { label: "no Origin", headers: () => ({ cookie: aliceSession.cookie }) },
    {
      label: "a foreign Origin",
      headers: () => ({ cookie: aliceSession.cookie, origin: "https://evil.example" }),
    },
    { label: "a malformed Origin", headers: () => ({ cookie: aliceSession.cookie, origin: "not a url" }) },
  ])("are refused with 403 when sent with $label", async ({ headers }) => {
    const countBefore = await countIn(alice.accountId);
    const before = await rowOf(secret.id);
    const attempts = [
      { method: "POST", url: "/api/contacts", payload: { name: "CSRF", phone: "5550009999" } },
      { method: "PATCH", url: `/api/contacts/${secret.id}`, payload: { name: "CSRF" } },
      { method: "DELETE", url: `/api/contacts/${secret.id}` },
      { method: "POST", url: `/api/contacts/${secret.id}/convert` },
    ] as const;
    for (const attempt of attempts) {
      const res = await t.app.inject({ ...attempt, headers: headers() });
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
    }
    expect(await countIn(alice.accountId)).toBe(countBefore);
    expect(await rowOf(secret.id)).toEqual(before);
  });

  it("reads still work without an Origin (safe methods)", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/contacts/${secret.id}`,
      headers: { cookie: aliceSession.cookie },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("a signed-in user without an account", () => {
  it("gets 403 and sees nothing", async () => {
    const loner = await createUser(t);
    await t.db.db.delete(schema.accountMemberships).where(eq(schema.accountMemberships.userId, loner.id));
    const session = await signIn(t, loner);
    const list = await t.app.inject({ method: "GET", url: "/api/contacts", headers: session.headers });
    expect(list.statusCode).toBe(403);
    const create = await t.app.inject({
      method: "POST",
      url: "/api/contacts",
      headers: session.headers,
      payload: { name: "Orphan", phone: "5550101010" },
    });
    expect(create.statusCode).toBe(403);
    expect(await countIn(loner.accountId)).toBe(0);
  });
});
