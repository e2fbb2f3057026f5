import { describe, expect, it } from "vitest";
import { countSegments, defaultRates, priceCall, priceMessage } from "../src/rating";

describe("priceCall", () => {
  it.each([
    ["unanswered", "inbound", false, 0, 0],
    ["one second is a started minute", "inbound", false, 1, 1],
    ["exactly a minute", "inbound", false, 60, 1],
    ["61 s inbound", "inbound", false, 61, 2],
    ["61 s outbound", "outbound", false, 61, 4],
    ["toll-free inbound", "inbound", true, 125, 9],
  ] as const)("%s", (_n, direction, tollFree, durationSeconds, cents) => {
    expect(priceCall({ direction, tollFree, durationSeconds }, defaultRates)).toBe(cents);
  });
});

describe("countSegments", () => {
  it.each([
    ["empty", "", 1],
    ["160 GSM chars", "a".repeat(160), 1],
    ["161 GSM chars", "a".repeat(161), 2],
    ["extension chars count twice", "€".repeat(80), 1],
    ["81 euro signs", "€".repeat(81), 2],
    ["70 UCS-2 chars", "é漢".repeat(35), 1],
    ["71 UCS-2 chars", `${"漢".repeat(71)}`, 2],
  ])("%s", (_n, body, segments) => {
    expect(countSegments(body)).toBe(segments);
  });

  it("prices MMS flat and SMS per segment", () => {
    expect(priceMessage({ body: "a".repeat(200), numMedia: 0 }, defaultRates)).toBe(2);
    expect(priceMessage({ body: "hi", numMedia: 2 }, defaultRates)).toBe(3);
  });
});
