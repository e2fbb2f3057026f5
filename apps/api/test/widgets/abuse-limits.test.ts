import { createWidgetLimiter, WIDGET_RATE_LIMITS } from "@poundline/modules/widgets/abuse-limits";
import { describe, expect, it } from "vitest";

/** Address, widget and account of the i-th attempt. */
type Who = [string, string, string];

describe("widget rate limits (in-process counters)", () => {
  const L = WIDGET_RATE_LIMITS;
  // Each case spreads attempts over addresses and widgets so that exactly one limit is reached.
  it.each([
    ["per address", L.attemptsPerIp, (i: number): Who => ["10.0.0.1", `wgt_${i}`, `acct_${i}`]],
    ["per widget", L.attemptsPerWidget, (i: number): Who => [`10.0.1.${i}`, "wgt_one", `acct_${i}`]],
    ["per account", L.attemptsPerAccount, (i: number): Who => [`10.0.2.${i}`, `wgt_${i}`, "acct_one"]],
  ])("%s: %i attempts pass, the next is refused until the window ends", async (_, limit, who) => {
    let now = 1_000_000;
    const limiter = createWidgetLimiter({ redis: null, keyPrefix: "test", now: () => now });
    const attempt = (i: number) => {
      const [ip, widgetId, accountId] = who(i);
      return limiter.attempt(ip, widgetId, accountId);
    };
    for (let i = 0; i < limit; i++) expect(await attempt(i)).toEqual({ ok: true });
    const refused = await attempt(limit);
    expect(refused).toEqual({ ok: false, retryAfterMs: L.attemptWindowSeconds * 1000 });
    now += L.attemptWindowSeconds * 1000;
    expect(await attempt(limit + 1)).toEqual({ ok: true });
  });

  it("challenges are limited per address per minute", async () => {
    const limiter = createWidgetLimiter({ redis: null, keyPrefix: "test", now: () => 0 });
    for (let i = 0; i < L.challengesPerIp; i++) expect((await limiter.challenge("10.0.3.1")).ok).toBe(true);
    expect((await limiter.challenge("10.0.3.1")).ok).toBe(false);
    expect((await limiter.challenge("10.0.3.2")).ok).toBe(true);
  });
});
