import { expectedSignature, isValidSignature } from "@poundline/modules/carrier/signature";
import twilio from "twilio";
import { describe, expect, it } from "vitest";

const url = "https://api.poundline.test/twilio/voice/incoming?ctx=acct_1";
const params = { CallSid: "CA123", From: "+13055550100", To: "+14075550123", Digits: "", AccountSid: "AC1" };

describe("carrier webhook signature", () => {
  it.each([
    ["a usual 32-character token", "0123456789abcdef0123456789abcdef"],
    ["a short token", "t"],
    ["a long token", "k".repeat(100)],
    ["a non-ASCII token", "clé-secrète-ü"],
  ])("matches the twilio package for %s", (_name, token) => {
    for (const [u, p] of [
      [url, params],
      [url, {}],
      ["https://x.test/twilio/sms", { Body: "Hello ✓ café", From: "+1", NumMedia: "0" }],
    ] as const) {
      const ours = expectedSignature(token, u, p);
      expect(ours).toBe(twilio.getExpectedTwilioSignature(token, u, p as Record<string, string>));
      // The imported key is reused: a second computation gives the same answer.
      expect(expectedSignature(token, u, p)).toBe(ours);
    }
  });

  it.each<[string, Record<string, string | string[]>]>([
    ["a repeated name, values out of order", { ...params, CallStatus: ["ringing", "completed"] }],
    ["a repeated name, the same value twice", { ...params, Body: ["Hello", "Hello"] }],
    ["a repeated name, three values with one twice", { Digits: ["2", "1", "2"], To: "+1" }],
    ["a repeated empty value", { Digits: ["", ""] }],
    ["names in reverse order", Object.fromEntries(Object.entries(params).reverse())],
    ["names in no order, digits and case", { b: "1", "10": "x", A: "2", "2": "y", a: "3", _: "" }],
  ])("matches the twilio package for %s", (_name, repeated) => {
    const token = "0123456789abcdef0123456789abcdef";
    expect(expectedSignature(token, url, repeated)).toBe(
      twilio.getExpectedTwilioSignature(token, url, repeated),
    );
    expect(twilio.validateRequest(token, expectedSignature(token, url, repeated), url, repeated)).toBe(true);
  });

  it("accepts the right signature only", () => {
    const token = "0123456789abcdef0123456789abcdef";
    const good = twilio.getExpectedTwilioSignature(token, url, params);
    expect(isValidSignature(token, good, url, params)).toBe(true);
    expect(isValidSignature(token, undefined, url, params)).toBe(false);
    expect(isValidSignature(token, good, `${url}&x=1`, params)).toBe(false);
    expect(isValidSignature(token, good, url, { ...params, Digits: "1" })).toBe(false);
    expect(isValidSignature("another-token", good, url, params)).toBe(false);
    expect(isValidSignature(token, "short", url, params)).toBe(false);
  });
});
