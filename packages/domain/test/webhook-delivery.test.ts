import { describe, expect, it } from "vitest";
import {
  addressRefusal,
  mayDeliverNow,
  nextRetryDelayMs,
  shouldDisable,
  type WaitingDelivery,
  WEBHOOK_DISABLE_AFTER_MS,
} from "../src/webhook-delivery";

const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe("nextRetryDelayMs", () => {
  it.each([
    [1, 5 * S],
    [2, 5 * M],
    [3, 30 * M],
    [4, 2 * H],
    [5, 5 * H],
    [6, 10 * H],
    [7, 10 * H],
    [8, 14 * H],
    [9, 20 * H],
    [10, 24 * H],
    [11, null],
  ])("after %i failed attempts waits %s ms", (failed, delay) => {
    expect(nextRetryDelayMs(failed)).toBe(delay);
  });

  it("spreads the retries over about three days", () => {
    const total = Array.from({ length: 10 }, (_, i) => nextRetryDelayMs(i + 1) ?? 0).reduce((a, b) => a + b);
    expect(total / (24 * H)).toBeGreaterThan(3);
    expect(total / (24 * H)).toBeLessThan(4);
  });
});

describe("shouldDisable", () => {
  const now = new Date("2026-11-28T12:00:00Z");
  it.each([
    [null, false],
    [new Date(now.getTime() - 1000), false],
    [new Date(now.getTime() - WEBHOOK_DISABLE_AFTER_MS + 1), false],
    [new Date(now.getTime() - WEBHOOK_DISABLE_AFTER_MS), true],
  ])("failing since %s: %s", (since, expected) => {
    expect(shouldDisable(since, now)).toBe(expected);
  });
});

describe("addressRefusal", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["fc00::1", "unique local"],
    ["fd12:3456::1", "unique local"],
    ["fe80::1%eth0", "link-local"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:a9fe:a9fe", "link-local"],
    ["64:ff9b::10.0.0.1", "private"],
    ["example.com", "not an IP address"],
    ["1.2.3", "not an IP address"],
  ])("%s is refused (%s)", (address, why) => {
    expect(addressRefusal(address)).toBe(why);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
  ])("%s is public", (address) => {
    expect(addressRefusal(address)).toBeNull();
  });
});

describe("mayDeliverNow (the ordering rule)", () => {
  const d = (id: string, seq: number, orderKey: string | null): WaitingDelivery => ({ id, seq, orderKey });
  const ringing = d("a", 1, "CA1");
  const answered = d("b", 2, "CA1");
  const otherCall = d("c", 3, "CA2");
  const contact = d("e", 4, null);

  it.each([
    ["the first of a call's events", ringing, [ringing, answered], true],
    ["a later event while an earlier one is pending", answered, [ringing, answered], false],
    ["a later event once the earlier ones settled", answered, [answered], true],
    ["another call's event", otherCall, [ringing, answered, otherCall], true],
    ["an event that needs no order", contact, [ringing, contact], true],
  ] as const)("%s: %s", (_what, delivery, pending, expected) => {
    expect(mayDeliverNow(delivery, pending)).toBe(expected);
  });
});
