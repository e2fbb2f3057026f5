import type { AnalyticsResponse } from "@poundline/contracts/analytics/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { insertCalls, insertExtension } from "./helpers";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let bobSession: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date("2026-03-10T15:00:00Z") });
  alice = await createUser(t);
  bob = await createUser(t);
  bobSession = await signIn(t, bob);
  const aliceExtension = await insertExtension(t, alice.accountId, 101, "Alice Desk");
  await insertCalls(t, alice.accountId, [
    {
      at: "2026-03-10T14:00:00Z",
      from: "+12125550101",
      seconds: 60,
      extensionId: aliceExtension,
      extensionDialStatus: "completed",
    },
    { at: "2026-03-09T14:00:00Z", from: "+12125550101", status: "missed" },
  ]);
  await insertCalls(t, bob.accountId, [{ at: "2026-03-10T13:00:00Z", from: "+13105550102", seconds: 10 }]);
});
afterAll(() => t.close());

describe("anonymous callers", () => {
  it.each(["/api/analytics", "/api/analytics?range=today", "/api/analytics?range=nonsense"])(
    "get 401 for %s, before validation",
    async (url) => {
      const res = await t.app.inject({ method: "GET", url, headers: { origin: TEST_ORIGIN } });
      expect(res.statusCode).toBe(401);
    },
  );

  it("get 401 with a made-up session cookie", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/analytics",
      headers: { origin: TEST_ORIGIN, cookie: "session=forged" },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("another account", () => {
  it.each(["today", "yesterday", "last7days", "last30days", "thismonth"])(
    "%s: Bob sees his own call only, never Alice's calls, callers or extensions",
    async (range) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/analytics?range=${range}`,
        headers: bobSession.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<AnalyticsResponse>();
      const expected = range === "yesterday" ? 0 : 1;
      expect(body.totals.total).toBe(expected);
      expect(body.totals.missed).toBe(0);
      expect(body.topCallers.map((c) => c.number)).not.toContain("+12125550101");
      expect(body.topAreaCodes.map((c) => c.areaCode)).not.toContain("212");
      expect(body.extensions).toEqual([]);
      expect(JSON.stringify(body)).not.toContain("Alice Desk");
    },
  );

  it("Alice's figures hold only hers", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/analytics?range=last7days",
      headers: (await signIn(t, alice)).headers,
    });
    const body = res.json<AnalyticsResponse>();
    expect(body.totals).toMatchObject({ total: 2, answered: 1, missed: 1 });
    expect(body.topAreaCodes).toEqual([{ areaCode: "212", region: "NY", calls: 2 }]);
  });
});
