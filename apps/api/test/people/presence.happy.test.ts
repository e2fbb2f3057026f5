import { softphoneDestination } from "@poundline/domain/members";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { closeAndWait, liveUrl, nextEvent, openLive } from "../live/helpers";
import { carrierPost } from "../twilio/carrier";

let t: TestApp;
let owner: TestUser;
let ownerIn: SignedIn;
let ana: TestUser;
let anaIn: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { firstName: "Olga" });
  ownerIn = await signIn(t, owner);
  ana = await createMember(t, owner.accountId, "member", { firstName: "Ana" });
  anaIn = await signIn(t, ana);
});
afterAll(() => t.close());

async function stateOf(userId: string) {
  const res = await t.app.inject({ method: "GET", url: "/api/people/presence", headers: ownerIn.headers });
  expect(res.statusCode).toBe(200);
  return res.json().members.find((m: { userId: string }) => m.userId === userId);
}

/** The next presence frame about `userId` on the socket. */
const presenceOf = (ws: WebSocket, userId: string) =>
  nextEvent(ws, 5000, (frame) => frame.type === "presence.changed" && frame.userId === userId);

describe("presence: happy path", () => {
  it("lists every member of the account, offline until they open a console", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/people/presence", headers: ownerIn.headers });
    expect(res.json().members).toEqual([
      { userId: ana.id, name: expect.stringContaining("Ana"), state: "offline", callSids: [] },
      { userId: owner.id, name: expect.stringContaining("Olga"), state: "offline", callSids: [] },
    ]);
  });

  it("a console opened is Available, Do not disturb follows at once, a console closed is Offline", async () => {
    const url = await liveUrl(t.app);
    const watcher = await openLive(url, ownerIn.headers);
    try {
      const online = presenceOf(watcher, ana.id);
      const ws = await openLive(url, anaIn.headers);
      await online;
      expect((await stateOf(ana.id)).state).toBe("available");

      const dnd = presenceOf(watcher, ana.id);
      const set = await t.app.inject({
        method: "PUT",
        url: "/api/people/me/availability",
        headers: anaIn.headers,
        payload: { availability: "do_not_disturb" },
      });
      expect(set.statusCode).toBe(200);
      await dnd;
      expect((await stateOf(ana.id)).state).toBe("do_not_disturb");

      const gone = presenceOf(watcher, ana.id);
      await closeAndWait(ws);
      await gone;
      expect((await stateOf(ana.id)).state).toBe("offline");
    } finally {
      watcher.terminate();
    }
  });

  it("the softphone's call makes its member On a call, with the call listed, until it leaves", async () => {
    const joined = await t.app.inject({
      method: "POST",
      url: "/api/people/me/calls",
      headers: anaIn.headers,
      payload: { callSid: "CApresence1" },
    });
    expect(joined.statusCode).toBe(204);
    expect(await stateOf(ana.id)).toMatchObject({ state: "on_call", callSids: ["CApresence1"] });

    const left = await t.app.inject({
      method: "DELETE",
      url: "/api/people/me/calls/CApresence1",
      headers: anaIn.headers,
    });
    expect(left.statusCode).toBe(204);
    expect(await stateOf(ana.id)).toMatchObject({ state: "offline", callSids: [] });
  });

  it("the carrier's callbacks: a softphone's own call counts from its first report to its end", async () => {
    const from = softphoneDestination(owner.accountId, ana.id);
    const report = (CallStatus: string) =>
      carrierPost(t, "/twilio/voice/status", {
        CallSid: "CApresence2",
        From: from,
        To: "+14045550123",
        Direction: "inbound",
        CallStatus,
      });
    expect((await report("in-progress")).statusCode).toBe(200);
    await expect.poll(async () => (await stateOf(ana.id)).state).toBe("on_call");
    expect((await stateOf(ana.id)).callSids).toEqual(["CApresence2"]);
    await report("completed");
    await expect.poll(async () => (await stateOf(ana.id)).state).toBe("offline");
  });
});
