import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createPresenceStore } from "../../src/people/presence-store";

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : null;
afterAll(() => redis?.quit());

/** The same store in memory and in Redis. */
const backends: [string, Redis | null][] = [["memory", null]];
if (redis) backends.push(["redis", redis]);

describe.each(backends)("presence store (%s)", (_, backend) => {
  const prefix = `test:${crypto.randomUUID()}`;
  // Redis expires the keys by its own clock: the test clock starts at the real time.
  let now = Date.now();
  const store = (clock = () => now) => createPresenceStore(backend, prefix, clock);

  it("a socket counts until it is closed or its heartbeat lapses", async () => {
    const presence = store();
    await presence.socketsOpen("acct_a", [{ userId: "usr_1", socketId: "s1" }], 10_000);
    await presence.socketsOpen("acct_a", [{ userId: "usr_2", socketId: "s2" }], 10_000);
    expect(await presence.online("acct_a")).toEqual(new Set(["usr_1", "usr_2"]));
    await presence.socketClosed("acct_a", { userId: "usr_1", socketId: "s1" });
    expect(await presence.online("acct_a")).toEqual(new Set(["usr_2"]));
    now += 10_001;
    expect(await presence.online("acct_a")).toEqual(new Set());
  });

  it("a member with two consoles stays online when one closes; accounts are apart", async () => {
    const presence = store();
    const [one, two] = [
      { userId: "usr_3", socketId: "s3" },
      { userId: "usr_3", socketId: "s4" },
    ];
    await presence.socketsOpen("acct_b", [one, two], 10_000);
    await presence.socketClosed("acct_b", one);
    expect(await presence.online("acct_b")).toEqual(new Set(["usr_3"]));
    expect(await presence.online("acct_c")).toEqual(new Set());
  });

  it("calls by member, until they leave them", async () => {
    const presence = store();
    await presence.callJoined("acct_d", "usr_5", "CA1");
    await presence.callJoined("acct_d", "usr_5", "CA2");
    await presence.callJoined("acct_d", "usr_6", "CA1");
    await presence.callLeft("acct_d", "usr_5", "CA1");
    expect(await presence.calls("acct_d")).toEqual(
      new Map([
        ["usr_5", ["CA2"]],
        ["usr_6", ["CA1"]],
      ]),
    );
  });
});
