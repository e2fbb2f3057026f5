import { createLoginThrottle, type ThrottleLimits } from "@poundline/modules/auth/throttle";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../../src/http/errors";

const limits: ThrottleLimits = {
  perIp: 30,
  perAccountAndIp: 10,
  accountSlowdownAfter: 3,
  accountDelayMs: 100,
  accountMaxDelayMs: 1000,
  windowSeconds: 60,
};

const redisUrl = process.env.TEST_REDIS_URL;
const namespace = `test:${crypto.randomUUID()}:`;
const clients: Redis[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
});

/** The in-process store, and Redis when the tests have one (each throttle in a namespace of its own). */
const stores = [
  ["in process", () => null],
  ...(redisUrl
    ? [
        [
          "Redis",
          () => {
            const client = new Redis(redisUrl, { keyPrefix: `${namespace}${crypto.randomUUID()}:` });
            clients.push(client);
            return client;
          },
        ] as const,
      ]
    : []),
] as const;

/** Whether the throttle let an attempt through or refused it with a 429. */
async function attempt(
  throttle: ReturnType<typeof createLoginThrottle>,
  ip: string,
  email: string,
): Promise<"allowed" | "refused"> {
  try {
    await throttle.beforeAttempt(ip, email);
    return "allowed";
  } catch (err) {
    if (err instanceof AppError && err.code === "TOO_MANY_REQUESTS") return "refused";
    throw err;
  }
}

describe.each(stores)("login throttle (%s)", (_name, redisFor) => {
  const setup = (over: Partial<ThrottleLimits> = {}) => {
    const delays: number[] = [];
    const throttle = createLoginThrottle({
      redis: redisFor(),
      keyPrefix: "poundline",
      limits: { ...limits, ...over },
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    return { throttle, delays };
  };

  it("reserves before it checks: of 29 concurrent attempts on one account from one address, 10 go through", async () => {
    const { throttle } = setup();
    const outcomes = await Promise.all(
      Array.from({ length: 29 }, () => attempt(throttle, "203.0.113.1", "ann@example.com")),
    );
    expect(outcomes.filter((o) => o === "allowed")).toHaveLength(10);
    expect(outcomes.filter((o) => o === "refused")).toHaveLength(19);
  });

  it("answers 429 with the minutes left in the window", async () => {
    const { throttle } = setup({ perAccountAndIp: 1, windowSeconds: 15 * 60 });
    await throttle.beforeAttempt("203.0.113.2", "ann@example.com");
    const refused = await throttle.beforeAttempt("203.0.113.2", "ann@example.com").catch((err) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: "Too many login attempts. Please try again in 15 minute(s).",
    });
  });

  it("refuses an address that tried too many accounts", async () => {
    const { throttle } = setup({ perIp: 5 });
    for (let i = 0; i < 5; i++)
      expect(await attempt(throttle, "203.0.113.3", `user${i}@example.com`)).toBe("allowed");
    expect(await attempt(throttle, "203.0.113.3", "user9@example.com")).toBe("refused");
    expect(await attempt(throttle, "203.0.113.4", "user9@example.com")).toBe("allowed");
  });

  it("counts failures per address: a success gives its attempt back", async () => {
    const { throttle } = setup({ perIp: 3 });
    for (let i = 0; i < 5; i++) {
      await throttle.beforeAttempt("203.0.113.9", `staff${i}@example.com`);
      await throttle.recordSuccess("203.0.113.9", `staff${i}@example.com`);
    }
    for (let i = 0; i < 3; i++)
      expect(await attempt(throttle, "203.0.113.9", `guess${i}@example.com`)).toBe("allowed");
    expect(await attempt(throttle, "203.0.113.9", "guess9@example.com")).toBe("refused");
  });

  it("never refuses the owner at another address, however many failures the account had", async () => {
    const { throttle } = setup();
    for (let i = 0; i < 15; i++) await attempt(throttle, "203.0.113.5", "bob@example.com");
    for (let i = 0; i < 15; i++) await attempt(throttle, `198.51.100.${i + 1}`, "bob@example.com");
    expect(await attempt(throttle, "192.0.2.1", "bob@example.com")).toBe("allowed");
  });

  // Failures from a different address each time: only the account's slow-down applies.
  it.each([
    [1, 0],
    [3, 0],
    [4, 100],
    [5, 200],
    [6, 400],
    [7, 800],
    [8, 1000],
    [12, 1000],
  ])("slows the account's attempt number %i down by %i ms", async (n, expected) => {
    const { throttle, delays } = setup();
    for (let i = 0; i < n; i++) await throttle.beforeAttempt(`198.51.100.${i + 1}`, "cy@example.com");
    expect(delays.at(-1) ?? 0).toBe(expected);
    expect(delays.length).toBe(Math.max(0, n - limits.accountSlowdownAfter));
  });

  it("forgets the address's failures for the account after a success, and gives its attempt back", async () => {
    const { throttle, delays } = setup();
    for (let i = 0; i < 9; i++) await throttle.beforeAttempt("203.0.113.6", "dee@example.com");
    await throttle.recordSuccess("203.0.113.6", "dee@example.com");
    for (let i = 0; i < 10; i++)
      expect(await attempt(throttle, "203.0.113.6", "dee@example.com")).toBe("allowed");
    expect(await attempt(throttle, "203.0.113.6", "dee@example.com")).toBe("refused");
    // 9 + 1 + 10 attempts, one given back: the account counts 19 failures, so 16 were slowed.
    expect(delays).toHaveLength(9 - 3 + 10);
  });
});

describe("login throttle in process", () => {
  it("starts a new window once the last one has passed", async () => {
    let now = Date.parse("2026-03-02T12:00:00Z");
    const throttle = createLoginThrottle({
      redis: null,
      keyPrefix: "poundline",
      limits: { ...limits, perAccountAndIp: 2 },
      now: () => now,
      sleep: async () => {},
    });
    await throttle.beforeAttempt("203.0.113.7", "eve@example.com");
    await throttle.beforeAttempt("203.0.113.7", "eve@example.com");
    expect(await attempt(throttle, "203.0.113.7", "eve@example.com")).toBe("refused");
    now += 59_000;
    expect(await attempt(throttle, "203.0.113.7", "eve@example.com")).toBe("refused");
    now += 1_000;
    expect(await attempt(throttle, "203.0.113.7", "eve@example.com")).toBe("allowed");
  });
});

describe.runIf(redisUrl)("login throttle in Redis", () => {
  it("keeps its counters under the deployment's prefix, for the window", async () => {
    const keyPrefix = `${namespace}window:`;
    const client = new Redis(redisUrl as string, { keyPrefix });
    const plain = new Redis(redisUrl as string);
    clients.push(client, plain);
    const throttle = createLoginThrottle({ redis: client, keyPrefix: "pl-test", limits });
    await throttle.beforeAttempt("203.0.113.8", "fay@example.com");
    const keys = (await plain.keys(`${keyPrefix}*`)).map((key) => key.slice(keyPrefix.length)).sort();
    expect(keys).toEqual([
      "pl-test:login:account:fay@example.com",
      "pl-test:login:ip:203.0.113.8",
      "pl-test:login:pair:203.0.113.8/fay@example.com",
    ]);
    for (const key of keys) {
      const ttl = await client.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(limits.windowSeconds * 1000);
    }
  });
});
