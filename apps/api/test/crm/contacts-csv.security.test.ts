import type { ImportPreviewJson } from "@poundline/contracts/crm/csv-schemas";
import { schema } from "@poundline/db";
import { touchContactByPhone } from "@poundline/modules/crm/contacts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let aliceSession: SignedIn;
let bobSession: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t);
  bob = await createUser(t);
  aliceSession = await signIn(t, alice);
  bobSession = await signIn(t, bob);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/contacts",
    headers: aliceSession.headers,
    payload: { name: "Alice Secret", phone: "4155550100", notes: "alice only" },
  });
  expect(res.statusCode).toBe(201);
});
afterAll(() => t.close());

const contactsOf = (owner: TestUser) =>
  t.db.db.select().from(schema.contacts).where(eq(schema.contacts.accountId, owner.accountId));

describe("anonymous callers", () => {
  it.each([
    { method: "GET", url: "/api/contacts/export.csv" },
    { method: "POST", url: "/api/contacts/import", payload: { csv: "name,phone\nA,4155550100\n" } },
    { method: "POST", url: "/api/contacts/import/preview", payload: {} },
  ] as const)("get 401 for $method $url", async (route) => {
    const res = await t.app.inject({ ...route, headers: { origin: TEST_ORIGIN } });
    expect(res.statusCode).toBe(401);
  });
});

describe("another account", () => {
  it("never exports another account's contacts", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/contacts/export.csv",
      headers: bobSession.headers,
    });
    expect(res.body).not.toContain("Alice Secret");
    expect(res.body.trim().split("\r\n")).toHaveLength(1);
  });

  it.each(["merge", "skip"] as const)(
    "in %s mode, never matches another account's contact: the phone makes a contact of its own",
    async (mode) => {
      const phone = mode === "merge" ? "4155550101" : "4155550100";
      // Alice's caller, named by its number: exactly what a merge would fill.
      await touchContactByPhone(t.db.db, {
        accountId: alice.accountId,
        phone: `+1${phone}`,
        source: "call",
        at: new Date("2026-01-01T00:00:00Z"),
      });
      const aliceBefore = await contactsOf(alice);
      const csv = `name,phone,email,tags\nBob's Ada,${phone},bob@example.com,bob\n`;
      const preview = await t.app.inject({
        method: "POST",
        url: "/api/contacts/import/preview",
        headers: bobSession.headers,
        payload: { csv, mode },
      });
      expect(preview.json<ImportPreviewJson>()).toMatchObject({
        counts: { created: 1, merged: 0, skipped: 0, refused: 0 },
        rows: [{ outcome: "create", target: null }],
      });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/contacts/import",
        headers: bobSession.headers,
        payload: { csv, mode },
      });
      expect(res.json()).toEqual({
        mode,
        counts: { created: 1, merged: 0, skipped: 0, refused: 0 },
        rows: [],
      });
      expect(await contactsOf(alice)).toEqual(aliceBefore);
      expect(aliceBefore.find((c) => c.phone === "+14155550100")).toMatchObject({
        name: "Alice Secret",
        notes: "alice only",
        email: null,
      });
      const bobs = await contactsOf(bob);
      expect(bobs.find((c) => c.phone === `+1${phone}`)).toMatchObject({ name: "Bob's Ada", tags: ["bob"] });
    },
  );
});
