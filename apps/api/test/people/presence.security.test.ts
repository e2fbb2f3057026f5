import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { liveUrl, nextEvent, openLive } from "../live/helpers";

let t: TestApp;
let alice: TestUser;
let aliceIn: SignedIn;
let bob: TestUser;
let bobIn: SignedIn;
let bobMember: TestUser;
let bobMemberIn: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t, { firstName: "Alice" });
  aliceIn = await signIn(t, alice);
  bob = await createUser(t, { firstName: "Bob" });
  bobIn = await signIn(t, bob);
  bobMember = await createMember(t, bob.accountId, "member", { firstName: "Bea" });
  bobMemberIn = await signIn(t, bobMember);
});
afterAll(() => t.close());

const listed = async (signedIn: SignedIn) => {
  const res = await t.app.inject({ method: "GET", url: "/api/people/presence", headers: signedIn.headers });
  expect(res.statusCode).toBe(200);
  return res.json().members.map((m: { userId: string }) => m.userId);
};

describe("presence: security", () => {
  it.each([
    ["GET", "/api/people/presence"],
    ["POST", "/api/people/me/calls"],
    ["DELETE", "/api/people/me/calls/CA1"],
  ] as const)("anonymous %s %s is 401", async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN },
      ...(method === "POST" ? { payload: { callSid: "CA1" } } : {}),
    });
    expect(res.statusCode).toBe(401);
  });

  it("another account's members are never listed, online or on a call", async () => {
    const url = await liveUrl(t.app);
    const ws = await openLive(url, bobMemberIn.headers);
    try {
      await t.app.inject({
        method: "POST",
        url: "/api/people/me/calls",
        headers: bobMemberIn.headers,
        payload: { callSid: "CAbobs" },
      });
      expect(await listed(aliceIn)).toEqual([alice.id]);
      expect(new Set(await listed(bobIn))).toEqual(new Set([bob.id, bobMember.id]));
    } finally {
      ws.terminate();
    }
  });

  it("another account's presence changes never reach a console", async () => {
    const url = await liveUrl(t.app);
    const watcher = await openLive(url, aliceIn.headers);
    try {
      const heard = nextEvent(
        watcher,
        1000,
        (frame) => frame.type === "presence.changed" && frame.userId !== alice.id,
      );
      await t.app.inject({
        method: "PUT",
        url: "/api/people/me/availability",
        headers: bobMemberIn.headers,
        payload: { availability: "away" },
      });
      await expect(heard).rejects.toThrow("no live event in time");
    } finally {
      watcher.terminate();
    }
  });

  it("a member's call report is their own: the body names no one else", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/people/me/calls",
      headers: bobMemberIn.headers,
      payload: { callSid: "CAmine", userId: bob.id },
    });
    expect(res.statusCode).toBe(204);
    const calls = await t.app.deps.presence.calls(bob.accountId);
    expect(calls.get(bob.id)).toBeUndefined();
    expect(calls.get(bobMember.id)).toContain("CAmine");
  });
});
