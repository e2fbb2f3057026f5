import { describe, expect, it } from "vitest";
import {
  countSegments,
  defaultRates,
  outboundRate,
  priceCall,
  priceMessage,
  RATED_COUNTRIES,
} from "../src/rating";

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

describe("outboundRate", () => {
  it.each([
    ["+13125550100", "US", defaultRates.callOutbound, defaultRates.smsSegment],
    ["+14165550123", "CA", defaultRates.callOutbound, defaultRates.smsSegment],
    ["+447400123456", "GB", 4, 7],
    ["+442079460958", "GB", 3, 7],
    ["+4915112345678", "DE", 16, 13],
    ["+18765550123", "JM", 36, 12],
  ] as const)(
    "%s is rated as %s at %i¢/min and %i¢/segment",
    (e164, country, perMinuteCents, perSegmentCents) => {
      expect(outboundRate(e164, defaultRates)).toEqual({ country, perMinuteCents, perSegmentCents });
    },
  );

  it.each([
    ["+19005550123", "NANP premium"],
    ["+8821234567890", "international networks"],
    ["+97912345678", "international premium"],
    ["+93701234567", "a country without a rate (Afghanistan)"],
  ])("has no rate for %s (%s)", (e164) => {
    expect(outboundRate(e164, defaultRates)).toBeNull();
  });

  it("prices an outbound call by its destination, per started minute", () => {
    const call = {
      direction: "outbound",
      tollFree: false,
      durationSeconds: 61,
      to: "+447400123456",
    } as const;
    expect(priceCall(call, defaultRates)).toBe(2 * 4);
    expect(priceMessage({ body: "hi", numMedia: 0, to: "+447400123456" }, defaultRates)).toBe(7);
  });

  it("lists every rated country once, the home market first", () => {
    expect(RATED_COUNTRIES.slice(0, 2)).toEqual(["US", "CA"]);
    expect(new Set(RATED_COUNTRIES).size).toBe(RATED_COUNTRIES.length);
  });
});
