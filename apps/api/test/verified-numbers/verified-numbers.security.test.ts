import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import type { SignedIn } from "../fixtures";
import { codeTextedTo, createTrialUser, verifiedNumberRow } from "./helpers";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let pendingId: string;
let code: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await createTrialUser(t)).session;
  stranger = (await createTrialUser(t)).session;
  const added = await t.app.inject({
    method: "POST",
    url: "/api/verified-numbers",
    headers: owner.headers,
    payload: { e164: "+14045550131", channel: "sms" },
  });
  expect(added.statusCode, added.body).toBe(201);
  pendingId = added.json<{ id: string }>().id;
  code = codeTextedTo(t, "+14045550131");
});
afterAll(() => t.close());

const routes = (id: string) =>
  [
    ["GET", "/api/verified-numbers", undefined],
    ["POST", "/api/verified-numbers", { e164: "+14045550132", channel: "sms" }],
    ["POST", `/api/verified-numbers/${id}/code`, { channel: "sms" }],
    ["POST", `/api/verified-numbers/${id}/verify`, { code: "123456" }],
    ["DELETE", `/api/verified-numbers/${id}`, undefined],
  ] as const;

describe("anonymous", () => {
  it.each(routes("vn_abc"))("%s %s answers 401", async (method, url, payload) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(401);
  });
});

describe("another account's number", () => {
  it("is not listed", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/verified-numbers",
      headers: stranger.headers,
    });
    expect(res.json().numbers).toEqual([]);
  });

  it.each(routes("").slice(2))("%s %s answers 404 and changes nothing", async (method, url, payload) => {
    const res = await t.app.inject({
      method,
      url: url.replace("/api/verified-numbers/", `/api/verified-numbers/${pendingId}`),
      headers: stranger.headers,
      ...(payload ? { payload: method === "POST" && url.endsWith("/verify") ? { code } : payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(404);
    const row = await verifiedNumberRow(t, pendingId);
    expect(row).toMatchObject({ verifiedAt: null, codeAttempts: 0 });
  });

  it("a code sent to one account's row does not verify another account's row of the same number", async () => {
    // The stranger adds the same number; the owner's code is salted by the owner's row.
    const theirs = await t.app.inject({
      method: "POST",
      url: "/api/verified-numbers",
      headers: stranger.headers,
      payload: { e164: "+14045550131", channel: "sms" },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const theirCode = codeTextedTo(t, "+14045550131");
    const theirId = theirs.json<{ id: string }>().id;
    if (theirCode !== code) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/verified-numbers/${theirId}/verify`,
        headers: stranger.headers,
        payload: { code },
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect((await verifiedNumberRow(t, theirId))?.codeHash).not.toBe(
      (await verifiedNumberRow(t, pendingId))?.codeHash,
    );
  });
});

describe("writes from another origin", () => {
  it("are refused before anything is sent", async () => {
    const before = t.app.deps.simulator?.sentMessages().length ?? 0;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/verified-numbers",
      headers: { cookie: owner.cookie, origin: "https://evil.example" },
      payload: { e164: "+14045550133", channel: "sms" },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(t.app.deps.simulator?.sentMessages().length ?? 0).toBe(before);
  });
});
