import type { Redis } from "ioredis";
import { createCounterStore } from "../auth/throttle";

/**
 * How much one visitor, one widget and one account may ask of the public widget endpoints.
 * Every attempt counts, accepted or refused: a refused one cost us a database round trip too.
 */
export const WIDGET_RATE_LIMITS = {
  /** Callbacks and texts from one address, any widget. */
  attemptsPerIp: 5,
  /** Callbacks and texts through one widget, from anywhere. */
  attemptsPerWidget: 20,
  /** Callbacks and texts through all of an account's widgets. */
  attemptsPerAccount: 60,
  attemptWindowSeconds: 10 * 60,
  /** Challenges one address may fetch (each is cheap, but not free). */
  challengesPerIp: 30,
  challengeWindowSeconds: 60,
} as const;

export type LimitCheck = { ok: true } | { ok: false; retryAfterMs: number };

export interface WidgetLimiter {
  /** Counts a callback or text; refuses it when the address, widget or account is over its limit. */
  attempt(ip: string, widgetId: string, accountId: string): Promise<LimitCheck>;
  challenge(ip: string): Promise<LimitCheck>;
}

/** The widget limits over the login throttle's counters: Redis when configured, else this process. */
export function createWidgetLimiter(options: {
  redis: Redis | null;
  keyPrefix: string;
  now?: () => number;
}): WidgetLimiter {
  const store = createCounterStore(options.redis, options.now);
  const key = (kind: string, id: string) => `${options.keyPrefix}:widget:${kind}:${id}`;
  const L = WIDGET_RATE_LIMITS;
  const checked = async (reservation: Awaited<ReturnType<typeof store.reserve>>): Promise<LimitCheck> =>
    "retryAfterMs" in reservation ? { ok: false, retryAfterMs: reservation.retryAfterMs } : { ok: true };
  return {
    async attempt(ip, widgetId, accountId) {
      return checked(
        await store.reserve(
          [
            { key: key("ip", ip), limit: L.attemptsPerIp },
            { key: key("widget", widgetId), limit: L.attemptsPerWidget },
            { key: key("account", accountId), limit: L.attemptsPerAccount },
          ],
          L.attemptWindowSeconds * 1000,
        ),
      );
    },
    async challenge(ip) {
      return checked(
        await store.reserve(
          [{ key: key("challenge-ip", ip), limit: L.challengesPerIp }],
          L.challengeWindowSeconds * 1000,
        ),
      );
    },
  };
}
