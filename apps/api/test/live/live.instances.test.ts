import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../src/app";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";
import { liveUrl, nextEvent, openLive } from "./helpers";

const redisUrl = process.env.TEST_REDIS_URL;
const databaseUrl = process.env.TEST_DATABASE_URL;

/** Two API instances behind one load balancer: PostgreSQL shared, live events through Redis. */
describe.skipIf(!redisUrl || !databaseUrl)("live events across API instances", () => {
  let t: TestApp;
  let second: App;

  beforeAll(async () => {
    t = await createTestApp();
    const redis = new Redis(redisUrl as string);
    redis.on("error", () => {}); // a connection lost at teardown is reported by the commands it fails
    second = await buildApp({ config: t.config, db: t.db, redis });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await second?.deps.redis?.quit();
    await t?.close();
  });

  it("an event published on one instance reaches a console connected to the other", async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const ws = await openLive(await liveUrl(second), session.headers);
    try {
      // The second instance subscribes when the console joins; wait until Redis confirmed it.
      await second.deps.bus.ready();
      const received = nextEvent(ws);
      await t.app.deps.live.publish(user.accountId, {
        type: "call.updated",
        callSid: "CA_cross_instance",
        status: "in-progress",
        from: "+15555550101",
        to: "+15555550102",
        direction: "inbound",
      });
      expect(await received).toMatchObject({ type: "call.updated", callSid: "CA_cross_instance" });
    } finally {
      ws.terminate();
    }
    // The socket's close is written to presence in the background: done before the instances close
    // (a write in flight when its Redis connection quits fails the suite).
    await expect
      .poll(async () => (await second.deps.presence.online(user.accountId)).has(user.id))
      .toBe(false);
  });
});
