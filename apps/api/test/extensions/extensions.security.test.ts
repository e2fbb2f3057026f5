import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let aliceExtension: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signIn(t, await createUser(t));
  bob = await signIn(t, await createUser(t));
  const res = await t.app.inject({
    method: "POST",
    url: "/api/extensions",
    headers: alice.headers,
    payload: { extensionNumber: 101, name: "Alice desk", forwardingNumbers: ["+13055550101"] },
  });
  aliceExtension = res.json().id;
});
afterAll(() => t.close());

describe("extensions: security", () => {
  it.each([
    ["GET", "/api/extensions"],
    ["POST", "/api/extensions"],
    ["GET", "/api/extensions/ext_x"],
    ["PATCH", "/api/extensions/ext_x"],
    ["DELETE", "/api/extensions/ext_x"],
  ] as const)("anonymous %s %s is 401", async (method, url) => {
    const res = await t.app.inject({ method, url, headers: { origin: TEST_ORIGIN }, payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ["GET", undefined],
    ["PATCH", { name: "Taken over" }],
    ["DELETE", undefined],
  ] as const)("another account's extension: %s is 404, nothing changes", async (method, payload) => {
    const res = await t.app.inject({
      method,
      url: `/api/extensions/${aliceExtension}`,
      headers: bob.headers,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.db
      .select()
      .from(schema.extensions)
      .where(eq(schema.extensions.id, aliceExtension));
    expect(row?.name).toBe("Alice desk");
  });

  it("another account's list does not show it, and the same number is free there", async () => {
    const list = await t.app.inject({ method: "GET", url: "/api/extensions", headers: bob.headers });
    expect(list.json().items).toEqual([]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/extensions",
      headers: bob.headers,
      payload: { extensionNumber: 101, name: "Bob desk" },
    });
    expect(res.statusCode).toBe(201);
  });
});
