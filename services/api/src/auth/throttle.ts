import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { AppError } from "../http/errors";

export interface ThrottleLimits {
  /** Login attempts per IP address in the window. */
  perIp: number;
  /** Failed logins per account (e-mail) in the window. */
  perAccount: number;
  windowSeconds: number;
}

export const defaultThrottleLimits: ThrottleLimits = { perIp: 30, perAccount: 10, windowSeconds: 15 * 60 };

export interface LoginThrottle {
  /** Counts an attempt; throws 429 when the IP or the account is over its limit. */
  beforeAttempt(ip: string, email: string): Promise<void>;
  recordFailure(email: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
}

/** Login throttling per IP and per account, shared across instances through Redis when there is one. */
export function createLoginThrottle(
  redis: Redis | null,
  limits: ThrottleLimits = defaultThrottleLimits,
): LoginThrottle {
  const make = (keyPrefix: string, points: number): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: limits.windowSeconds })
      : new RateLimiterMemory({ keyPrefix, points, duration: limits.windowSeconds });
  const byIp = make("login:ip", limits.perIp);
  const byAccount = make("login:acct", limits.perAccount);

  const tooMany = (res: RateLimiterRes) =>
    new AppError(
      "TOO_MANY_REQUESTS",
      `Too many login attempts. Please try again in ${Math.ceil(res.msBeforeNext / 60000)} minute(s).`,
    );

  return {
    async beforeAttempt(ip, email) {
      const account = await byAccount.get(email);
      if (account && account.consumedPoints >= limits.perAccount) throw tooMany(account);
      try {
        await byIp.consume(ip);
      } catch (err) {
        if (err instanceof RateLimiterRes) throw tooMany(err);
        throw err;
      }
    },
    async recordFailure(email) {
      await byAccount.penalty(email, 1);
    },
    async recordSuccess(email) {
      await byAccount.delete(email);
    },
  };
}
