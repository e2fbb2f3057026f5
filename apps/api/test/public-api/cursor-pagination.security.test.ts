import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type TestUser } from "../fixtures";
import { bearer, keyFor } from "./helpers";
import { publicLists } from "./lists";

/** A cursor is a position, not a permission: another account's cursor shows only the key's rows. */

let t: TestApp;
let mine: TestUser;
let theirs: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  mine = await createUser(t);
  theirs = await createUser(t);
});
afterAll(() => t.close());

const contacts = publicLists.find((list) => list.name === "contacts");
const deliveries = publicLists.find((list) => list.name === "webhook deliveries");

describe("a cursor from another account's list", () => {
  it("pages the key's own rows only", async () => {
    if (!contacts) throw new Error("no contacts list");
    const own = await contacts.seed(t, mine, "2026-03-01T09:00:00.000000Z", 1, {});
    for (const [i, at] of ["2026-03-01T12:00:00.000000Z", "2026-03-01T11:00:00.000000Z"].entries())
      await contacts.seed(t, theirs, at, 10 + i, {});
    const theirPage = await t.app.inject({
      method: "GET",
      url: "/v1/contacts?limit=1",
      headers: bearer(await keyFor(t, theirs)),
    });
    const { nextCursor } = theirPage.json();
    expect(nextCursor).toEqual(expect.any(String));
    const res = await t.app.inject({
      method: "GET",
      url: `/v1/contacts?limit=5&cursor=${nextCursor}`,
      headers: bearer(await keyFor(t, mine)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().contacts.map((c: { id: string }) => c.id)).toEqual([own.id]);
  });

  it("does not open another account's webhook deliveries (404)", async () => {
    if (!deliveries?.prepare) throw new Error("no deliveries list");
    const fixtures = await deliveries.prepare(t, theirs);
    await deliveries.seed(t, theirs, "2026-03-01T12:00:00.000000Z", 1, fixtures);
    await deliveries.seed(t, theirs, "2026-03-01T12:00:00.000000Z", 2, fixtures);
    const theirPage = await t.app.inject({
      method: "GET",
      url: `${deliveries.path(fixtures)}?limit=1`,
      headers: bearer(await keyFor(t, theirs)),
    });
    const { nextCursor } = theirPage.json();
    expect(nextCursor).toEqual(expect.any(String));
    const res = await t.app.inject({
      method: "GET",
      url: `${deliveries.path(fixtures)}?limit=1&cursor=${nextCursor}`,
      headers: bearer(await keyFor(t, mine)),
    });
    expect(res.statusCode, res.body).toBe(404);
  });
});
