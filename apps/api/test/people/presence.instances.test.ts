import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../src/app";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { closeAndWait, liveUrl, nextEvent, openLive } from "../live/helpers";

const redisUrl = process.env.TEST_REDIS_URL;

/** Two API instances sharing the database and Redis: a member's socket on one, the owner on the other. */
describe.skipIf(!redisUrl)("presence across API instances", () => {
  const prefix = `test:${crypto.randomUUID()}:`;
  let t: TestApp;
  let second: App;
  let owner: TestUser;
  let ownerIn: SignedIn;
  let ana: TestUser;
  let anaIn: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ redis: new Redis(redisUrl as string, { keyPrefix: prefix }) });
    second = await buildApp({
      config: t.config,
      db: t.db,
      redis: new Redis(redisUrl as string, { keyPrefix: prefix }),
    });
    await second.ready();
    owner = await createUser(t);
    ownerIn = await signIn(t, owner);
    ana = await createMember(t, owner.accountId, "member");
    anaIn = await signIn(t, ana);
  });
  afterAll(async () => {
    await second?.close();
    await second?.deps.redis?.quit();
    await t?.close();
    await t?.app.deps.redis?.quit();
  });

  const stateOnFirst = async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/people/presence", headers: ownerIn.headers });
    return res.json().members.find((m: { userId: string }) => m.userId === ana.id).state;
  };

  it("a console open on one instance is Available on the other; closed, Offline, and announced", async () => {
    const watcher = await openLive(await liveUrl(t.app), ownerIn.headers);
    try {
      const online = nextEvent(watcher, 5000, (f) => f.type === "presence.changed" && f.userId === ana.id);
      const ws = await openLive(await liveUrl(second), anaIn.headers);
      await online;
      expect(await stateOnFirst()).toBe("available");
      const gone = nextEvent(watcher, 5000, (f) => f.type === "presence.changed" && f.userId === ana.id);
      await closeAndWait(ws);
      await gone;
      expect(await stateOnFirst()).toBe("offline");
    } finally {
      watcher.terminate();
    }
  });
});
