import type { Redis } from "ioredis";
import { createCounterStore } from "../auth/throttle";

/**
 * How many verification codes may be sent: each one is a text or a call we pay for, to a number
 * the customer names, so the sending itself must not become a way to pump texts or calls. Every
 * request counts, sent or refused.
 */
export const VERIFICATION_SEND_LIMITS = {
  /** Codes to one number, from any account, an hour. */
  perNumberPerHour: 3,
  /** Codes from one account, to any number, a day. */
  perAccountPerDay: 10,
} as const;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type SendCheck = { ok: true } | { ok: false; retryAfterMs: number };

export interface VerificationSendLimiter {
  /** Counts one code to `e164` for the account; refuses it past either limit. */
  reserve(accountId: string, e164: string): Promise<SendCheck>;
}

/** The limits over the login throttle's counters: Redis when configured (every instance), else this process. */
export function createVerificationSendLimiter(options: {
  redis: Redis | null;
  keyPrefix: string;
  now?: () => number;
}): VerificationSendLimiter {
  const store = createCounterStore(options.redis, options.now);
  const key = (kind: string, id: string) => `${options.keyPrefix}:verify:${kind}:${id}`;
  const L = VERIFICATION_SEND_LIMITS;
  return {
    async reserve(accountId, e164) {
      const byNumber = await store.reserve(
        [{ key: key("number", e164), limit: L.perNumberPerHour }],
        HOUR_MS,
      );
      if ("retryAfterMs" in byNumber) return { ok: false, retryAfterMs: byNumber.retryAfterMs };
      const byAccount = await store.reserve(
        [{ key: key("account", accountId), limit: L.perAccountPerDay }],
        DAY_MS,
      );
      if ("retryAfterMs" in byAccount) return { ok: false, retryAfterMs: byAccount.retryAfterMs };
      return { ok: true };
    },
  };
}
