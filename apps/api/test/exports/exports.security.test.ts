import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { insertCall } from "../calls/call-rows";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { addText } from "../messages/conversation-fixtures";
import { bearer, keyFor } from "../public-api/helpers";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let bobSession: SignedIn;
let viewerSession: SignedIn;

const RANGE = "from=2026-03-01&to=2026-03-31";
const EXPORTS = [`/api/messages/export.csv?${RANGE}`, `/api/analytics/export.csv?${RANGE}`];

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t);
  bob = await createUser(t);
  bobSession = await signIn(t, bob);
  viewerSession = await signIn(t, await createMember(t, alice.accountId, "viewer"));
  const at = new Date("2026-03-10T15:00:00Z");
  await addText(t, {
    accountId: alice.accountId,
    ourNumber: "+18005550199",
    peerNumber: "+14155550100",
    direction: "inbound",
    body: "alice-secret",
    at,
  });
  await insertCall(t, alice.accountId, { callStartTime: at });
});
afterAll(() => t.close());

describe("another account", () => {
  it("never exports another account's texts", async () => {
    const res = await t.app.inject({ method: "GET", url: EXPORTS[0] ?? "", headers: bobSession.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("alice-secret");
    expect(res.body.trim().split(/\r?\n/)).toHaveLength(1);
  });

  it("counts none of another account's calls or texts in its analytics", async () => {
    const res = await t.app.inject({ method: "GET", url: EXPORTS[1] ?? "", headers: bobSession.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"2026-03-10","0","0","0","0","0","0","0.00","0","0","0.00"');
  });
});

describe("who may export", () => {
  it.each(EXPORTS)("refuses %s signed out", async (url) => {
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
  });

  it.each(EXPORTS)("lets a viewer read %s (a read needs no permission)", async (url) => {
    expect((await t.app.inject({ method: "GET", url, headers: viewerSession.headers })).statusCode).toBe(200);
  });

  it("serves the exports to an API key with the read scope of their context, under /v1", async () => {
    const messagesKey = await keyFor(t, alice, ["messages:read"]);
    const callsKey = await keyFor(t, alice, ["calls:read"]);
    const get = (url: string, secret: string) =>
      t.app.inject({ method: "GET", url, headers: bearer(secret) });
    const texts = await get(`/v1/messages/export.csv?${RANGE}`, messagesKey);
    expect(texts.statusCode, texts.body).toBe(200);
    expect(texts.body).toContain("alice-secret");
    expect((await get(`/v1/analytics/export.csv?${RANGE}`, callsKey)).statusCode).toBe(200);
    expect((await get(`/v1/analytics/export.csv?${RANGE}`, messagesKey)).statusCode).toBe(403);
    expect((await get(`/v1/messages/export.csv?${RANGE}`, callsKey)).statusCode).toBe(403);
  });
});
