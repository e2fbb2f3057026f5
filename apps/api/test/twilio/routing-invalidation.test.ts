import { insertRoutingConfig } from "@poundline/db/fixtures";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../src/app";
import { createTestApp, type TestApp } from "../../src/testing";

const NUMBER = "+13055550100";

async function eventually(check: () => boolean, ms = 15_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("routing tables follow configuration changes", () => {
  let t: TestApp;
  let second: App | null = null;
  const redisUrl = process.env.TEST_REDIS_URL;

  beforeAll(async () => {
    t = await createTestApp();
    // A second API instance on the same database, as behind a load balancer.
    if (redisUrl) {
      second = await buildApp({ config: t.config, db: t.db, redis: new Redis(redisUrl) });
      await second.ready();
    }
  });
  afterAll(async () => {
    await second?.close();
    await second?.deps.redis?.quit();
    await t.close();
  });

  it("a change announced on one instance is compiled by every instance", async () => {
    expect(t.app.deps.routing.current().byNumber.has(NUMBER)).toBe(false);
    await insertRoutingConfig(t.db.db, {
      accounts: [{ key: "law" }],
      numbers: [{ key: "line", account: "law", e164: NUMBER }],
    });
    await t.app.deps.routing.changed();
    // The announcing instance holds the change when changed() resolves: its next call follows it.
    expect(t.app.deps.routing.current().byNumber.has(NUMBER)).toBe(true);
    if (second) {
      const other = second;
      await eventually(() => other.deps.routing.current().byNumber.has(NUMBER));
    }
  });

  it("a burst of announcements from one instance ends with every change compiled", async () => {
    const numbers = ["+13055550101", "+13055550102", "+13055550103"];
    await Promise.all(
      numbers.map(async (e164, i) => {
        await insertRoutingConfig(t.db.db, {
          accounts: [{ key: `burst${i}` }],
          numbers: [{ key: "line", account: `burst${i}`, e164 }],
        });
        await t.app.deps.routing.changed();
      }),
    );
    for (const e164 of numbers) expect(t.app.deps.routing.current().byNumber.has(e164)).toBe(true);
  });
});
