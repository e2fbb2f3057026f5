import { AppError } from "@poundline/contracts/errors";
import type { Redis } from "ioredis";

export interface ThrottleLimits {
  /** Failed logins from one address, whatever the account, in the window. */
  perIp: number;
  /** Failed logins for one account from one address in the window; past it, that pair is refused. */
  perAccountAndIp: number;
  /**
   * Failed logins for one account, from any address, before its attempts are slowed down. The
   * account as a whole is never refused: a stranger must not be able to lock its owner out.
   */
  accountSlowdownAfter: number;
  /** The first delay past `accountSlowdownAfter`; it doubles with each further failure… */
  accountDelayMs: number;
  /** …up to this. */
  accountMaxDelayMs: number;
  windowSeconds: number;
}

export const defaultThrottleLimits: ThrottleLimits = {
  perIp: 30,
  perAccountAndIp: 10,
  accountSlowdownAfter: 10,
  accountDelayMs: 500,
  accountMaxDelayMs: 8_000,
  windowSeconds: 15 * 60,
};

export interface LoginThrottle {
  /**
   * Reserves an attempt before the password is checked, counted as a failure until
   * `recordSuccess` gives it back, so concurrent guesses cannot all slip under the limit.
   * Throws 429 when the address, or the address for this account, is over its limit; waits
   * when the account has had many failures from anywhere.
   */
  beforeAttempt(ip: string, email: string): Promise<void>;
  /** The password was right: gives the attempt back and forgets this address's failures for the account. */
  recordSuccess(ip: string, email: string): Promise<void>;
}

/** A counter to add one to, and the most it may reach (Infinity: no limit, only counted). */
export interface Counter {
  key: string;
  limit: number;
}

/** Either every counter's new value, or how long until the one over its limit resets. */
export type Reservation = { counts: number[] } | { retryAfterMs: number };

/** Where the counters live: Redis shared by every instance, or this process's memory. */
export interface CounterStore {
  /** Adds one to each counter in turn, stopping at the first over its limit; atomic. */
  reserve(counters: Counter[], windowMs: number): Promise<Reservation>;
  forget(key: string): Promise<void>;
  /** Takes one back from a counter that still runs (never below zero, never a new counter). */
  giveBack(key: string): Promise<void>;
}

export interface LoginThrottleOptions {
  /** Counters in Redis, shared across instances; in this process without it. */
  redis: Redis | null;
  /** The deployment's prefix of Redis keys (QUEUE_PREFIX). */
  keyPrefix: string;
  limits?: ThrottleLimits;
  /** For the in-process counters' windows (tests move it). */
  now?: () => number;
  /** How the account's slow-down waits (tests record it). */
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Login throttling (OWASP ASVS 2.2.1): failures are counted per address and account, and that
 * pair is refused past its limit; per address across accounts, likewise; the account as a whole
 * is only slowed down, so a stranger's guesses never lock its owner out.
 */
export function createLoginThrottle(options: LoginThrottleOptions): LoginThrottle {
  const limits = options.limits ?? defaultThrottleLimits;
  const sleep = options.sleep ?? wait;
  const windowMs = limits.windowSeconds * 1000;
  const store = createCounterStore(options.redis, options.now);
  // An IP address never holds "/", so the pair's key cannot be read two ways.
  const keys = (ip: string, email: string) => ({
    ip: `${options.keyPrefix}:login:ip:${ip}`,
    pair: `${options.keyPrefix}:login:pair:${ip}/${email}`,
    account: `${options.keyPrefix}:login:account:${email}`,
  });

  const slowdownMs = (accountFailures: number) => {
    const over = accountFailures - limits.accountSlowdownAfter;
    return over > 0 ? Math.min(limits.accountMaxDelayMs, limits.accountDelayMs * 2 ** (over - 1)) : 0;
  };

  return {
    async beforeAttempt(ip, email) {
      const key = keys(ip, email);
      const reservation = await store.reserve(
        [
          { key: key.ip, limit: limits.perIp },
          { key: key.pair, limit: limits.perAccountAndIp },
          { key: key.account, limit: Number.POSITIVE_INFINITY },
        ],
        windowMs,
      );
      if ("retryAfterMs" in reservation)
        throw new AppError(
          "TOO_MANY_REQUESTS",
          `Too many login attempts. Please try again in ${Math.max(1, Math.ceil(reservation.retryAfterMs / 60_000))} minute(s).`,
        );
      const delay = slowdownMs(reservation.counts[2] ?? 0);
      if (delay > 0) await sleep(delay);
    },
    async recordSuccess(ip, email) {
      const key = keys(ip, email);
      await store.forget(key.pair);
      await store.giveBack(key.ip);
      await store.giveBack(key.account);
    },
  };
}

/** Counters in Redis when there is one (shared by every instance), else in this process. */
export function createCounterStore(redis: Redis | null, now: () => number = Date.now): CounterStore {
  return redis ? redisCounters(redis) : memoryCounters(now);
}

/**
 * One script, so reading and adding cannot interleave with another instance's attempt.
 * KEYS: the counters; ARGV[1]: the window in ms; ARGV[i + 1]: the limit of KEYS[i] (-1: none).
 * Returns the counts, or { -1, ms before the counter over its limit resets }.
 */
const RESERVE_SCRIPT = `
local counts = {}
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  if n == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
  local limit = tonumber(ARGV[i + 1])
  if limit >= 0 and n > limit then return { -1, redis.call('PTTL', key) } end
  counts[i] = n
end
return counts
`;

const GIVE_BACK_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

function redisCounters(redis: Redis): CounterStore {
  return {
    async reserve(counters, windowMs) {
      const limits = counters.map((c) => (Number.isFinite(c.limit) ? String(c.limit) : "-1"));
      const result = (await redis.eval(
        RESERVE_SCRIPT,
        counters.length,
        ...counters.map((c) => c.key),
        String(windowMs),
        ...limits,
      )) as number[];
      if (result[0] === -1) return { retryAfterMs: Math.max(0, result[1] ?? windowMs) };
      return { counts: result };
    },
    async forget(key) {
      await redis.del(key);
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK_SCRIPT, 1, key);
    },
  };
}

/** Expired counters are swept once the map holds this many. */
const SWEEP_AT = 10_000;

function memoryCounters(now: () => number): CounterStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string, at: number) => {
    const counter = counters.get(key);
    return counter && counter.resetAt > at ? counter : undefined;
  };
  const sweep = (at: number) => {
    for (const [key, counter] of counters) if (counter.resetAt <= at) counters.delete(key);
  };
  return {
    // Synchronous from the first read to the last write: nothing else runs in between.
    async reserve(list, windowMs) {
      const at = now();
      if (counters.size >= SWEEP_AT) sweep(at);
      const counts: number[] = [];
      for (const { key, limit } of list) {
        let counter = live(key, at);
        if (!counter) {
          counter = { count: 0, resetAt: at + windowMs };
          counters.set(key, counter);
        }
        counter.count += 1;
        if (counter.count > limit) return { retryAfterMs: counter.resetAt - at };
        counts.push(counter.count);
      }
      return { counts };
    },
    async forget(key) {
      counters.delete(key);
    },
    async giveBack(key) {
      const counter = live(key, now());
      if (counter && counter.count > 0) counter.count -= 1;
    },
  };
}
