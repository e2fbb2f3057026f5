/**
 * Behind one proxy (TRUST_PROXY=1) the client is the address our proxy wrote, the right-most
 * X-Forwarded-For entry: entries the client wrote itself, on the left, change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../src/testing";

/** The /api rate limit per client address and minute (API_RATE_LIMIT_PER_MINUTE, set low here). */
const API_LIMIT = 50;
/** Our proxy's address: every request reaches us from it. */
const PROXY = "10.0.0.2";
const CLIENT = "198.51.100.7";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { TRUST_PROXY: "1", API_RATE_LIMIT_PER_MINUTE: String(API_LIMIT) } });
});
afterAll(() => t.close());

/** A request as our proxy forwards it: whatever the client sent, then the address it came from. */
const throughProxy = (clientChosen: string | null, client = CLIENT) =>
  t.app.inject({
    method: "GET",
    url: "/api/auth/session",
    remoteAddress: PROXY,
    headers: { "x-forwarded-for": clientChosen ? `${clientChosen}, ${client}` : client },
  });

describe("TRUST_PROXY=1", () => {
  it("keeps counting one client whatever X-Forwarded-For it sends, until 429", async () => {
    const statuses: number[] = [];
    // In batches: the limit counts requests, not their order.
    for (let sent = 0; sent < API_LIMIT; sent += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, API_LIMIT - sent) }, (_, i) =>
          throughProxy(`203.0.113.${(sent + i) % 250}`),
        ),
      );
      statuses.push(...batch.map((res) => res.statusCode));
    }
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    const rotated = await throughProxy("192.0.2.1");
    expect(rotated.statusCode).toBe(429);
    expect(rotated.json().error).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    const bare = await throughProxy(null);
    expect(bare.statusCode).toBe(429);
  });

  it("counts another client (another address written by our proxy) apart", async () => {
    const other = await throughProxy("203.0.113.1", "198.51.100.8");
    expect(other.statusCode).toBe(200);
  });
});
