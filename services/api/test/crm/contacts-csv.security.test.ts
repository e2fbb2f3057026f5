import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportPreviewJson } from "../../src/crm/csv-schemas";
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

  it("imports a phone number another account has as a new contact of its own, telling nothing", async () => {
    const csv = "name,phone\nBob's Ada,4155550100\n";
    const preview = await t.app.inject({
      method: "POST",
      url: "/api/contacts/import/preview",
      headers: bobSession.headers,
      payload: { csv },
    });
    expect(preview.json<ImportPreviewJson>().existing).toBe(0);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contacts/import",
      headers: bobSession.headers,
      payload: { csv },
    });
    expect(res.json()).toEqual({ created: 1, skipped: 0, rows: [] });
    const [aliceRow] = await t.db.db
      .select()
      .from(schema.contacts)
      .where(eq(schema.contacts.accountId, alice.accountId));
    expect(aliceRow).toMatchObject({ name: "Alice Secret", notes: "alice only" });
  });
});
