import { describe, expect, it } from "vitest";
import { type CallerId, classifyCaller, contactableNumber } from "../src/caller-id";

describe("classifyCaller", () => {
  it.each<[string, string | null | undefined, CallerId]>([
    ["a US number", "+13055551234", { kind: "number", e164: "+13055551234" }],
    ["a Canadian number", "+19025551234", { kind: "number", e164: "+19025551234" }],
    ["an international number", "+442071234567", { kind: "number", e164: "+442071234567" }],
    ["surrounding spaces are dropped", " +13055551234 ", { kind: "number", e164: "+13055551234" }],
    ["Anonymous", "Anonymous", { kind: "withheld", raw: "Anonymous" }],
    ["Restricted", "Restricted", { kind: "withheld", raw: "Restricted" }],
    ["the words in any case", "UNKNOWN", { kind: "withheld", raw: "UNKNOWN" }],
    ["Private", "private", { kind: "withheld", raw: "private" }],
    ["Blocked", "Blocked", { kind: "withheld", raw: "Blocked" }],
    ["Unavailable", "Unavailable", { kind: "withheld", raw: "Unavailable" }],
    // The same words spelled on a keypad, as some networks deliver them.
    ["ANONYMOUS on a keypad (would be Lesotho)", "+266696687", { kind: "withheld", raw: "+266696687" }],
    ["RESTRICTED on a keypad (would be Russia)", "+7378742833", { kind: "withheld", raw: "+7378742833" }],
    ["UNKNOWN on a keypad", "+8656696", { kind: "withheld", raw: "+8656696" }],
    ["BLOCKED on a keypad", "+2562533", { kind: "withheld", raw: "+2562533" }],
    ["UNAVAILABLE on a keypad", "+86282452253", { kind: "withheld", raw: "+86282452253" }],
    ["PRIVATE on a keypad", "+7748283", { kind: "withheld", raw: "+7748283" }],
    ["no caller ID at all", "", { kind: "withheld", raw: "" }],
    ["a missing From", undefined, { kind: "withheld", raw: "" }],
    ["a null From", null, { kind: "withheld", raw: "" }],
    ["only spaces", "   ", { kind: "withheld", raw: "" }],
    ["digits too many for E.164", "+1234567890123456", { kind: "withheld", raw: "+1234567890123456" }],
    ["a +1 number one digit short", "+1305555123", { kind: "withheld", raw: "+1305555123" }],
    ["a +1 number one digit long", "+130555512345", { kind: "withheld", raw: "+130555512345" }],
    ["a +1 number with an impossible area code", "+10000000000", { kind: "withheld", raw: "+10000000000" }],
    ["a country code of zero", "+0123456789", { kind: "withheld", raw: "+0123456789" }],
    ["a SIP address", "sip:alice@example.com", { kind: "address", raw: "sip:alice@example.com" }],
    [
      "a SIP address holding a number",
      "sip:+13055551234@example.com",
      { kind: "address", raw: "sip:+13055551234@example.com" },
    ],
    ["a secure SIP address", "sips:bob@example.com", { kind: "address", raw: "sips:bob@example.com" }],
    ["a client", "client:alice", { kind: "address", raw: "client:alice" }],
    ["a scheme in capitals", "SIP:alice@example.com", { kind: "address", raw: "SIP:alice@example.com" }],
    ["an alphanumeric sender", "Poundline", { kind: "alphanumeric", raw: "Poundline" }],
    ["an alphanumeric sender with digits", "BANK24", { kind: "alphanumeric", raw: "BANK24" }],
    ["a plus sign alone", "+", { kind: "alphanumeric", raw: "+" }],
    ["a five-digit short code", "12345", { kind: "short-code", raw: "12345" }],
    ["a six-digit short code", "898287", { kind: "short-code", raw: "898287" }],
  ])("%s", (_name, from, expected) => {
    expect(classifyCaller(from)).toEqual(expected);
  });
});

describe("contactableNumber", () => {
  it.each([
    ["+13055551234", "+13055551234"],
    ["+442071234567", "+442071234567"],
    ["Anonymous", null],
    ["+266696687", null],
    ["+7378742833", null],
    ["+8656696", null],
    ["+2562533", null],
    ["sip:alice@example.com", null],
    ["client:alice", null],
    ["Poundline", null],
    ["12345", null],
  ])("%s → %s", (from, expected) => {
    expect(contactableNumber(from)).toBe(expected);
  });
});
