import { schema } from "@poundline/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { addCall, addMessage, addNumber, addTicketReply, addVoicemail, addWaitingCaller } from "./seed";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let bobSession: SignedIn;
let aliceNumber: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t);
  bob = await createUser(t);
  bobSession = await signIn(t, bob);
  const now = t.app.deps.clock();
  aliceNumber = await addNumber(t, alice.accountId, "+13055550100");
  await addCall(t, alice.accountId, now, 1, { fromNumber: "+19995550123", notes: "secret" });
  await addCall(t, alice.accountId, now, 0, { callStatus: "in-progress" });
  await addVoicemail(t, alice.accountId);
  await addWaitingCaller(t, alice.accountId, aliceNumber, "CAsecretwaiting");
  await addMessage(t, alice.accountId, { body: "secret text" });
  await addTicketReply(t, alice.accountId, alice.id);
  await t.db.db
    .insert(schema.contacts)
    .values({ id: "ct_secret", accountId: alice.accountId, name: "Secret Person", phone: "+19995550123" });
});
afterAll(() => t.close());

const READS = [
  "/api/console/unread",
  "/api/console/search?q=secret",
  "/api/console/numbers",
  "/api/dashboard/stats",
  "/api/dashboard/recent-calls",
  "/api/dashboard/voicemails",
  "/api/calls/active",
  "/api/calls/waiting",
];

describe("anonymous", () => {
  it.each(READS)("GET %s: 401", async (url) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(401);
  });

  it("POST /api/calls/click-to-call: 401, nothing placed", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/calls/click-to-call",
      headers: { origin: TEST_ORIGIN },
      payload: { myPhone: "+13055550142", to: "+14045550199" },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("another account's data", () => {
  it("is never counted, found or listed", async () => {
    const get = async (url: string) => {
      const res = await t.app.inject({ method: "GET", url, headers: bobSession.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await get("/api/console/unread")).toEqual({ voicemails: 0, texts: 0, ticketReplies: 0, total: 0 });
    expect(await get("/api/console/search?q=secret")).toEqual({ contacts: [], calls: [], messages: [] });
    expect(await get("/api/console/search?q=9995550123")).toEqual({ contacts: [], calls: [], messages: [] });
    expect(await get("/api/console/numbers")).toEqual({ numbers: [] });
    expect((await get("/api/dashboard/stats")).totalCalls.value).toBe(0);
    expect(await get("/api/dashboard/recent-calls")).toEqual({ calls: [] });
    expect(await get("/api/dashboard/voicemails")).toEqual({ voicemails: [] });
    expect(await get("/api/calls/active")).toEqual({ calls: [] });
    expect(await get("/api/calls/waiting")).toEqual({ callers: [] });
  });

  it("another account's number is no caller ID: nothing placed, nothing logged", async () => {
    const before = await t.db.db.select({ n: count() }).from(schema.callLogs);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/calls/click-to-call",
      headers: bobSession.headers,
      payload: { myPhone: "+13055550142", to: "+14045550199", callerId: aliceNumber },
    });
    expect(res.statusCode).toBe(400);
    const after = await t.db.db.select({ n: count() }).from(schema.callLogs);
    expect(after).toEqual(before);
    const bobs = await t.db.db
      .select()
      .from(schema.callLogs)
      .where(eq(schema.callLogs.accountId, bob.accountId));
    expect(bobs).toEqual([]);
  });
});

describe("the click-to-call bridge TwiML", () => {
  it("answers only the carrier: without its signature, 403 and no <Dial>", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/twilio/voice/click-to-call?to=%2B19005550100&callerId=%2B13055550100",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "CallSid=CA1",
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain("<Dial");
  });
});
