import { describe, expect, it } from "vitest";
import { nanpAreaCodes } from "../src/area-codes";
import {
  DEFAULT_QUIET_HOURS,
  inQuietHours,
  isOpenForReplies,
  quietHoursDecision,
  recipientTimeZone,
  renderTemplate,
  textBackKey,
  textTimeZone,
  unknownVariables,
  zonedTimeToInstant,
} from "../src/automations";
import { defaultBusinessHours } from "../src/business-hours";

const NY = "America/New_York";

describe("renderTemplate", () => {
  it.each([
    [
      "Hi {first_name}, this is {business_name}.",
      { first_name: "Ana", business_name: "Acme" },
      "Hi Ana, this is Acme.",
    ],
    ["Hi {first_name}, this is {business_name}.", { business_name: "Acme" }, "Hi , this is Acme."],
    ["Call {number}", { number: "+15550001111" }, "Call +15550001111"],
    ["{agent_name} here", {}, " here"],
    ["Keep {unknown} and {}", {}, "Keep {unknown} and {}"],
    ["No variables", { business_name: "Acme" }, "No variables"],
    ["Hello {first_name} {contact_name}!", { first_name: "A" }, "Hello A !"],
  ])("%s with %j", (template, values, expected) => {
    expect(renderTemplate(template, values)).toBe(expected);
  });
});

describe("unknownVariables", () => {
  it.each([
    ["Hi {first_name}", []],
    ["Hi {firstname} {firstname} {x}", ["firstname", "x"]],
    ["{business_name}{number}{agent_name}{contact_name}", []],
    ["{}", [""]],
    ["no braces", []],
  ])("%s", (template, expected) => {
    expect(unknownVariables(template)).toEqual(expected);
  });
});

describe("quiet hours", () => {
  it.each([
    [21 * 60, true],
    [23 * 60, true],
    [0, true],
    [7 * 60 + 59, true],
    [8 * 60, false],
    [12 * 60, false],
    [20 * 60 + 59, false],
  ])("minute %i in the default window: %s", (minute, quiet) => {
    expect(inQuietHours(minute, DEFAULT_QUIET_HOURS)).toBe(quiet);
  });

  it("off, or a window of no length, is never quiet", () => {
    expect(inQuietHours(22 * 60, { ...DEFAULT_QUIET_HOURS, enabled: false })).toBe(false);
    expect(inQuietHours(22 * 60, { enabled: true, startMinute: 60, endMinute: 60 })).toBe(false);
  });

  it.each([
    // [UTC instant, sameDayOnly, expected]: New York is UTC-5 in late November.
    ["2026-11-27T17:00:00Z", false, { send: "now" }],
    ["2026-11-27T17:00:00Z", true, { send: "now" }],
    ["2026-11-28T03:00:00Z", false, { send: "later", at: "2026-11-28T13:00:00.000Z" }],
    ["2026-11-28T03:00:00Z", true, { send: "never" }],
    ["2026-11-28T06:30:00Z", false, { send: "later", at: "2026-11-28T13:00:00.000Z" }],
    ["2026-11-28T11:30:00Z", true, { send: "later", at: "2026-11-28T13:00:00.000Z" }],
  ])("at %s (same day only: %s)", (now, sameDayOnly, expected) => {
    const decision = quietHoursDecision({
      now: new Date(now),
      timeZone: NY,
      quiet: DEFAULT_QUIET_HOURS,
      sameDayOnly,
    });
    const readable =
      decision.send === "later" ? { send: "later", at: decision.at.toISOString() } : { send: decision.send };
    expect(readable).toEqual(expected);
  });

  it("defers across a daylight-saving change to the wall clock's end", () => {
    // 2026-11-01 02:00 New York falls back to 01:00: 22:00 EDT the day before -> 08:00 EST.
    const decision = quietHoursDecision({
      now: new Date("2026-11-01T02:00:00Z"),
      timeZone: NY,
      quiet: DEFAULT_QUIET_HOURS,
      sameDayOnly: false,
    });
    expect(decision).toEqual({ send: "later", at: new Date("2026-11-01T13:00:00Z") });
  });
});

describe("textBackKey", () => {
  const base = { kind: "missed_call", phoneNumberId: "num_1", caller: "+13125550100", timeZone: NY };
  it.each([
    ["2026-11-27T15:00:00Z", "2026-11-27T22:00:00Z", true],
    ["2026-11-27T15:00:00Z", "2026-11-28T06:00:00Z", false],
    // 04:59 UTC is still the 27th in New York.
    ["2026-11-27T15:00:00Z", "2026-11-28T04:59:00Z", true],
  ])("%s and %s share a key: %s", (first, second, same) => {
    const a = textBackKey({ ...base, now: new Date(first) });
    const b = textBackKey({ ...base, now: new Date(second) });
    expect(a === b).toBe(same);
  });

  it("differs per caller, per number and per kind", () => {
    const now = new Date("2026-11-27T15:00:00Z");
    const key = textBackKey({ ...base, now });
    expect(textBackKey({ ...base, caller: "+13125550101", now })).not.toBe(key);
    expect(textBackKey({ ...base, phoneNumberId: "num_2", now })).not.toBe(key);
    expect(textBackKey({ ...base, kind: "after_hours", now })).not.toBe(key);
  });
});

describe("recipientTimeZone", () => {
  it.each([
    ["+12125550100", NY],
    ["+13125550100", "America/Chicago"],
    ["+14155550100", "America/Los_Angeles"],
    ["+14165550100", "America/Toronto"],
    ["+442079460958", "Europe/London"],
    ["+19995550100", "Europe/London"],
  ])("%s is in %s", (number, zone) => {
    expect(recipientTimeZone(number, nanpAreaCodes, "Europe/London")).toBe(zone);
  });
});

describe("zonedTimeToInstant", () => {
  it.each([
    ["2026-11-28T14:30", NY, "2026-11-28T19:30:00.000Z"],
    ["2026-07-01T09:00", NY, "2026-07-01T13:00:00.000Z"],
    ["2026-11-28T14:30", "UTC", "2026-11-28T14:30:00.000Z"],
    ["2026-11-28T14:30", "Asia/Kolkata", "2026-11-28T09:00:00.000Z"],
  ])("%s in %s", (local, zone, expected) => {
    expect(zonedTimeToInstant(local, zone)?.toISOString()).toBe(expected);
  });

  it.each(["2026-11-28", "tomorrow", "2026-11-28 14:30"])("%s is not a time", (local) => {
    expect(zonedTimeToInstant(local, NY)).toBeNull();
  });
});

describe("textTimeZone", () => {
  it.each([
    ["the contact's own zone first", "Europe/Paris", "+12125550100", "Europe/Paris"],
    ["else the area code's", null, "+13125550100", "America/Chicago"],
    ["else the number's", null, "+442079460958", "Europe/London"],
  ])("%s", (_, contactZone, e164, expected) => {
    expect(textTimeZone({ contactZone, e164, areaCodes: nanpAreaCodes, fallback: "Europe/London" })).toBe(
      expected,
    );
  });
});

describe("isOpenForReplies", () => {
  // Thursday 2026-11-26 (Thanksgiving) and Friday 2026-11-27, New York.
  const at = (iso: string) => new Date(iso);
  it.each([
    ["a weekday within hours", defaultBusinessHours, [], "2026-11-27T15:00:00Z", true],
    ["a weekday after hours", defaultBusinessHours, [], "2026-11-27T23:30:00Z", false],
    [
      "a holiday within the weekday's hours",
      defaultBusinessHours,
      ["2026-11-26"],
      "2026-11-26T15:00:00Z",
      false,
    ],
    ["the day after the holiday", defaultBusinessHours, ["2026-11-26"], "2026-11-27T15:00:00Z", true],
    // 00:30 UTC on the 27th is still the 26th in New York: the holiday's local day decides.
    ["the holiday's evening, in the number's zone", null, ["2026-11-26"], "2026-11-27T00:30:00Z", false],
    ["no hours and no holiday", null, [], "2026-11-26T03:00:00Z", true],
  ])("%s", (_, businessHours, holidays, iso, open) => {
    expect(isOpenForReplies({ businessHours, holidays, timeZone: NY, at: at(iso) })).toBe(open);
  });
});
