import { randomInt } from "node:crypto";
import { parse as querystringParse } from "node:querystring";
import {
  CarrierParams,
  MAX_DURATION_SECONDS,
  MAX_INT32,
  parseCarrierForm,
  storableText,
} from "@poundline/modules/carrier/carrier-params";
import { describe, expect, it } from "vitest";

/** A form body as the form parser hands it over: one object, an array for a repeated name. */
function parse(body: string): Record<string, string | string[]> {
  const parsed: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = parsed[name];
    parsed[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return parsed;
}

const form = (body: string) => CarrierParams.of(parse(body), "body");

describe("the carrier's form parameters", () => {
  it.each<[string, string, string, string | undefined]>([
    ["a plain value", "From=%2B13055551234", "From", "+13055551234"],
    ["an absent name", "From=x", "To", undefined],
    ["an empty value", "To=", "To", undefined],
    ["a NUL byte", "Body=a%00b", "Body", "ab"],
    ["C0 and C1 controls and DEL", "Body=a%01%1B%7F%C2%85b", "Body", "ab"],
    ["line breaks and tabs (kept)", "Body=a%0D%0A%09b", "Body", "a\r\n\tb"],
    ["an emoji (kept)", "Body=%F0%9F%93%9E", "Body", "📞"],
    ["a name inherited by objects", "x=1", "toString", undefined],
    ["a name inherited by objects, even __proto__", "x=1", "__proto__", undefined],
    ["a bracketed name (no nesting)", "Body[text]=hi", "Body", undefined],
  ])("%s", (_label, body, name, expected) => {
    expect(form(body).optional(name)).toBe(expected);
    expect(form(body).text(name)).toBe(expected ?? "");
  });

  it.each([
    ["a repeated name", "CallStatus=ringing&CallStatus=completed"],
    ["a repeated name with one value", "Body=a&Body=a"],
    ["a repeated empty name", "Digits=&Digits="],
  ])("%s is refused with 400 naming it", (_label, body) => {
    expect(() => form(body)).toThrow(
      expect.objectContaining({
        statusCode: 400,
        code: "BAD_REQUEST",
        fields: { [body.split("=")[0] ?? ""]: ["Must be given once."] },
      }),
    );
  });

  it("names a repeated query parameter as the query's", () => {
    expect(() => CarrierParams.of(parse("a=1&a=2"), "query")).toThrow(
      expect.objectContaining({ fields: { "query.a": ["Must be given once."] } }),
    );
  });

  it.each<[string, string, number | undefined]>([
    ["a whole number", "7", 7],
    ["zero", "0", 0],
    ["2^31", String(2 ** 31), MAX_INT32],
    ["2^53 and more", "9".repeat(30), MAX_INT32],
    ["400 digits", "9".repeat(400), MAX_INT32],
    ["below the range", "-3", 0],
    ["a fraction", "1.5", undefined],
    ["an exponent", "1e9", undefined],
    ["hexadecimal", "0x10", undefined],
    ["a number followed by text", "12abc", undefined],
    ["empty", "", undefined],
  ])("integer: %s", (_label, value, expected) => {
    expect(form(`SequenceNumber=${value}`).integer("SequenceNumber", { min: 0, max: MAX_INT32 })).toBe(
      expected,
    );
  });

  it.each<[string, string, number]>([
    ["a duration", "65", 65],
    ["above a day", String(2 ** 31 + 1), MAX_DURATION_SECONDS],
    ["negative", "-5", 0],
    ["unreadable", "soon", 0],
  ])("seconds: %s", (_label, value, expected) => {
    expect(form(`CallDuration=${encodeURIComponent(value)}`).seconds("CallDuration")).toBe(expected);
    expect(form("").seconds("CallDuration")).toBe(0);
  });

  it.each<[string, string, string | undefined]>([
    ["RFC 2822, as the carrier writes it", "Mon, 23 Nov 2026 15:00:00 +0000", "2026-11-23T15:00:00.000Z"],
    ["ISO 8601", "2026-11-23T15:00:00Z", "2026-11-23T15:00:00.000Z"],
    ["year 0", "0000-01-01T00:00:00Z", undefined],
    ["year 0 in RFC 2822 (read as 2000 by Date)", "Sat, 01 Jan 0000 00:00:00 +0000", undefined],
    ["the largest date", "+275760-09-13T00:00:00Z", undefined],
    ["not a date", "yesterday", undefined],
  ])("instant: %s", (_label, value, expected) => {
    expect(
      form(`Timestamp=${encodeURIComponent(value)}`)
        .instant("Timestamp")
        ?.toISOString(),
    ).toBe(expected);
  });

  it("oneOf reads only the values named", () => {
    const statuses = ["busy", "no-answer"] as const;
    expect(form("DialCallStatus=busy").oneOf("DialCallStatus", statuses)).toBe("busy");
    expect(form("DialCallStatus=toString").oneOf("DialCallStatus", statuses)).toBeUndefined();
    expect(form("").oneOf("DialCallStatus", statuses)).toBeUndefined();
  });

  it("firstOf takes the first name with a value", () => {
    expect(form("SmsSid=SM2&MessageSid=").firstOf("MessageSid", "SmsSid")).toBe("SM2");
    expect(form("").firstOf("MessageSid", "SmsSid")).toBeUndefined();
  });

  it("reads nothing from a missing body", () => {
    expect(CarrierParams.of(undefined, "body").optional("From")).toBeUndefined();
    expect(CarrierParams.of(null, "body").record()).toEqual({});
  });

  it("record copies every parameter, cleaned", () => {
    expect(form("a=acct_1&fr=%2B1%00").record()).toEqual({ a: "acct_1", fr: "+1" });
  });
});

describe("storableText", () => {
  it("returns the very same string when there is nothing to drop", () => {
    const text = "Hello ✓ café\r\n\t📞";
    expect(storableText(text)).toBe(text);
  });

  it("replaces a lone surrogate", () => {
    expect(storableText("a\uD800b")).toBe("a\uFFFDb");
    expect(storableText("📞\uDC00")).toBe("📞\uFFFD");
  });
});

describe("parseCarrierForm", () => {
  /** What node:querystring makes of the body: the reference the parser is held to. */
  const reference = (body: string) => Object.entries(querystringParse(body, "&", "=", { maxKeys: 0 }));
  const parsed = (body: string) => Object.entries(parseCarrierForm(Buffer.from(body)));

  it.each([
    [
      "the carrier's incoming call",
      "AccountSid=AC1&Called=%2B18005550199&From=%2B13055551234&FromCity=&To=%2B1800",
    ],
    ["an empty body", ""],
    ["empty pairs", "&&a=1&&b=2&"],
    ["a name without a value", "a&b=&c"],
    ["an empty name", "=x&=&a=1"],
    ["= in a value", "a=b=c&d==="],
    ["plus signs and spaces", "a+b=c+d&e=%2B+%20"],
    ["a repeated name, three times", "a=1&b=2&a=3&a=4"],
    ["invalid escapes", "a=100%&b=%ZZ&c=%2&d=%E2%82&e=%C0%80+%41"],
    ["UTF-8, encoded and raw", "name=%C3%A9t%C3%A9&raw=été&emoji=%F0%9F%93%9E"],
    ["names of Object.prototype", "__proto__=x&constructor=y&toString=z&hasOwnProperty=w"],
    ["a NUL byte", "Body=a%00b"],
    ["encoded separators", "a%26b=c%3Dd&e%3D=%26"],
  ])("reads %s as node:querystring does", (_label, body) => {
    expect(parsed(body)).toEqual(reference(body));
  });

  it("reads random bodies as node:querystring does", () => {
    const alphabet = [
      "a",
      "B",
      "=",
      "&",
      "+",
      "%",
      "2",
      "B",
      "F",
      "0",
      "%2B",
      "%C3%A9",
      "%E2%82",
      "é",
      " ",
      "_",
    ];
    for (let i = 0; i < 5000; i++) {
      let body = "";
      for (let n = randomInt(0, 24); n > 0; n--) body += alphabet[randomInt(0, alphabet.length)];
      expect(parsed(body), body).toEqual(reference(body));
    }
  });

  it("gives fields that no prototype answers for", () => {
    const fields = parseCarrierForm(Buffer.from("__proto__=x&a=1"));
    expect(Object.keys(fields)).toEqual(["__proto__", "a"]);
    expect(Reflect.get(fields, "toString")).toBeUndefined();
    expect(Reflect.get(fields, "constructor")).toBeUndefined();
    expect(Object.getPrototypeOf(Object.getPrototypeOf(fields))).toBeNull();
  });
});
