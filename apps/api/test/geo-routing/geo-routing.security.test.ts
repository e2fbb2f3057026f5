import { GEO_MESSAGES, type SharedNumberDetailJson } from "@poundline/contracts/geo-routing/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { insertSharedNumber } from "./helpers";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let carolSession: SignedIn;
let bobSession: SignedIn;
let numberId: string;

const rules = () => [{ locationType: "state", locationValue: "FL", targetAccountId: bob.accountId }];

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t);
  bob = await createUser(t);
  const carol = await createUser(t);
  carolSession = await signIn(t, carol);
  bobSession = await signIn(t, bob);
  numberId = (
    await insertSharedNumber(t, { manager: alice.accountId, licensees: [alice.accountId, bob.accountId] })
  ).id;
  await t.db.db.insert(schema.geoRules).values([
    {
      id: "geo_alice",
      sharedNumberId: numberId,
      accountId: alice.accountId,
      locationType: "state",
      locationValue: "GA",
      targetAccountId: alice.accountId,
      priority: 1,
    },
    {
      id: "geo_bob",
      sharedNumberId: numberId,
      accountId: alice.accountId,
      locationType: "state",
      locationValue: "TX",
      targetAccountId: bob.accountId,
      priority: 2,
    },
  ]);
});
afterAll(() => t.close());

const routes = (id: string) =>
  [
    { method: "GET", url: `/api/geo-routing/shared-numbers/${id}` },
    { method: "PUT", url: `/api/geo-routing/shared-numbers/${id}/rules`, payload: { rules: rules() } },
    { method: "POST", url: `/api/geo-routing/shared-numbers/${id}/coverage`, payload: { rules: rules() } },
    {
      method: "POST",
      url: `/api/geo-routing/shared-numbers/${id}/test`,
      payload: { rules: rules(), caller: { kind: "region", value: "FL" } },
    },
  ] as const;

const storedIds = async () =>
  (await t.db.db.select().from(schema.geoRules).where(eq(schema.geoRules.sharedNumberId, numberId)))
    .map((r) => r.id)
    .sort();

describe("anonymous callers", () => {
  it("get 401 on every route, the rules untouched", async () => {
    for (const route of [
      { method: "GET", url: "/api/geo-routing/shared-numbers" } as const,
      ...routes(numberId),
      ...routes("junk"),
    ]) {
      const res = await t.app.inject({ ...route, headers: { origin: TEST_ORIGIN } });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    expect(await storedIds()).toEqual(["geo_alice", "geo_bob"]);
  });
});

describe("an account without a licence for the number", () => {
  it("does not see it in its list", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/geo-routing/shared-numbers",
      headers: carolSession.headers,
    });
    expect(res.json()).toEqual({ sharedNumbers: [] });
  });

  it("gets 404 on every route, exactly as for a number that does not exist, and changes nothing", async () => {
    for (const route of routes(numberId)) {
      const res = await t.app.inject({ ...route, headers: carolSession.headers });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
      expect(res.json().error.message).toBe(GEO_MESSAGES.notFound);
    }
    expect(await storedIds()).toEqual(["geo_alice", "geo_bob"]);
  });
});

describe("a licensee that does not manage the number", () => {
  it("sees the number read-only, and only the rules that route callers to it", async () => {
    const list = await t.app.inject({
      method: "GET",
      url: "/api/geo-routing/shared-numbers",
      headers: bobSession.headers,
    });
    expect(list.json().sharedNumbers.map((n: { canEdit: boolean }) => n.canEdit)).toEqual([false]);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/geo-routing/shared-numbers/${numberId}`,
      headers: bobSession.headers,
    });
    expect(res.json<SharedNumberDetailJson>().rules.map((r) => r.id)).toEqual(["geo_bob"]);
  });

  it("gets 403 when saving, and the rules stay", async () => {
    const res = await t.app.inject({ ...routes(numberId)[1], headers: bobSession.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(GEO_MESSAGES.notManager);
    expect(await storedIds()).toEqual(["geo_alice", "geo_bob"]);
  });
});

describe("an expired licence", () => {
  it("no longer shows the number", async () => {
    await t.db.db
      .update(schema.territoryLicenses)
      .set({ status: "expired" })
      .where(eq(schema.territoryLicenses.accountId, bob.accountId));
    const res = await t.app.inject({
      method: "GET",
      url: `/api/geo-routing/shared-numbers/${numberId}`,
      headers: bobSession.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});
