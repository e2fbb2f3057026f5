import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_ENDED_CLOSE_CODE } from "../../src/routes/live/routes";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { closeAndWait, liveUrl, nextEvent, openLive } from "./helpers";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let aliceSession: SignedIn;
let bobSession: SignedIn;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t);
  bob = await createUser(t);
  aliceSession = await signIn(t, alice);
  bobSession = await signIn(t, bob);
  url = await liveUrl(t.app);
});
afterAll(() => t.close());

describe("GET /api/live refusals", () => {
  it("refuses a handshake without a session (401)", async () => {
    await expect(openLive(url, { origin: TEST_ORIGIN })).rejects.toThrow("refused: 401");
  });

  it("refuses a handshake with an unknown session cookie (401)", async () => {
    await expect(openLive(url, { origin: TEST_ORIGIN, cookie: "session=nope" })).rejects.toThrow(
      "refused: 401",
    );
  });

  it("refuses a foreign Origin even with a valid session (403)", async () => {
    await expect(
      openLive(url, { origin: "https://evil.example", cookie: aliceSession.cookie }),
    ).rejects.toThrow("refused: 403");
  });

  it("refuses a handshake without an Origin (403)", async () => {
    await expect(openLive(url, { cookie: aliceSession.cookie })).rejects.toThrow("refused: 403");
  });
});

describe("account isolation", () => {
  it("an event for account A reaches A's consoles and never B's", async () => {
    const a1 = await openLive(url, aliceSession.headers);
    const a2 = await openLive(url, aliceSession.headers);
    const b = await openLive(url, bobSession.headers);
    const bobFrames: unknown[] = [];
    b.on("message", (data) => bobFrames.push(JSON.parse(String(data))));
    try {
      const toA1 = nextEvent(a1);
      const toA2 = nextEvent(a2);
      await t.app.deps.live.publish(alice.accountId, {
        type: "call.updated",
        callSid: "CA_alice",
        status: "ringing",
        from: "+15555550101",
        to: "+15555550102",
        direction: "inbound",
      });
      expect(await toA1).toMatchObject({ type: "call.updated", callSid: "CA_alice", status: "ringing" });
      expect(await toA2).toMatchObject({ type: "call.updated", callSid: "CA_alice" });
      // Bob's own event after Alice's: when it arrives, Alice's would have arrived before it.
      const toB = nextEvent(b);
      await t.app.deps.live.publish(bob.accountId, {
        type: "message.status",
        messageSid: "SM_bob",
        status: "sent",
      });
      expect(await toB).toMatchObject({ type: "message.status", messageSid: "SM_bob" });
      // Alice's event never reached Bob (only his own did; under load a late frame of his account's
      // from before the test may be there too, so the check is on what is Alice's).
      expect(bobFrames).toContainEqual(expect.objectContaining({ messageSid: "SM_bob" }));
      expect(bobFrames.filter((frame) => JSON.stringify(frame).includes("CA_alice"))).toEqual([]);
    } finally {
      for (const s of [a1, a2, b]) s.terminate();
    }
  });

  it("a closed console stops receiving and the others keep receiving", async () => {
    const a1 = await openLive(url, aliceSession.headers);
    const a2 = await openLive(url, aliceSession.headers);
    await closeAndWait(a1);
    const toA2 = nextEvent(a2);
    await t.app.deps.live.publish(alice.accountId, {
      type: "message.status",
      messageSid: "SM_2",
      status: "delivered",
    });
    expect(await toA2).toMatchObject({ messageSid: "SM_2" });
    a2.terminate();
  });
});

describe("a console whose session ends", () => {
  it("is closed at the next heartbeat", async () => {
    const quick = await createTestApp({ liveHeartbeatMs: 200 });
    try {
      const user = await createUser(quick);
      const session = await signIn(quick, user);
      const ws = await openLive(await liveUrl(quick.app), session.headers);
      const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
      await quick.db.db.delete(schema.sessions).where(eq(schema.sessions.userId, user.id));
      expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
    } finally {
      await quick.close();
    }
  });
});
