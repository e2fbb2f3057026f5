import { describe, expect, it } from "vitest";
import { firstTwimlVerb, probeSharedNumber, withDraftRules } from "../src/geo-probe";
import { compileGeoRules, type GeoRule } from "../src/geo-rules";
import type { CallerLocation } from "../src/location";
import {
  answerLocation,
  LOCATION_PROMPT,
  locationPromptFor,
  postalAnswer,
  renderLocationPrompt,
} from "../src/location-prompt";
import type { AccountRouting, RoutingTable, SharedNumberRoute } from "../src/routing-table";

const SHARED = "+18005550100";
const rule = (
  id: string,
  locationType: GeoRule["locationType"],
  locationValue: string,
  target: string,
): GeoRule => ({
  id,
  locationType,
  locationValue,
  targetAccountId: target,
  ivrMenuId: null,
  priority: 1,
});
const account = (id: string): AccountRouting => ({
  id,
  companyName: id,
  gate: { status: "active", trialEndsAt: null, hasActiveSubscription: true, walletBalanceCents: null },
  menus: new Map(),
  extensions: new Map(),
  members: new Map(),
  operatorExtensionId: null,
  mainRoute: null,
});

function table(askLocation: boolean): RoutingTable {
  const rules = [
    rule("tx", "state", "TX", "lonestar"),
    { ...rule("on", "province", "ON", "maple"), priority: 2 },
  ];
  const shared: SharedNumberRoute = {
    sharedNumberId: "shn_law",
    poundCode: "#4LAW",
    e164: SHARED,
    rules: compileGeoRules(rules),
    defaultAccountId: "sunshine",
    licensedAccountIds: ["sunshine", "lonestar", "maple"],
    askLocation,
  };
  return {
    byNumber: new Map([[SHARED, { kind: "shared", shared }]]),
    numbersById: new Map(),
    byPoundCode: new Map([["#4LAW", shared]]),
    accounts: new Map(["sunshine", "lonestar", "maple"].map((id) => [id, account(id)])),
    builtAt: new Date(0),
  };
}

const unknown: CallerLocation = { country: null, regions: [], areaCode: null };
const london: CallerLocation = { country: "GB", regions: [], areaCode: null };
const austin: CallerLocation = { country: "US", regions: ["TX"], areaCode: "512" };
const options = { baseUrl: "https://example.test", carrierTranscription: false };
const now = new Date("2026-11-24T15:00:00Z");

describe("locationPromptFor", () => {
  it.each([
    ["a withheld caller", true, unknown, true],
    ["a caller abroad (country, no state)", true, london, true],
    ["a located caller", true, austin, false],
    ["a number that does not ask", false, unknown, false],
  ])("%s, asking %s", (_, asks, location, expected) => {
    expect(locationPromptFor(table(asks), SHARED, location) !== null).toBe(expected);
  });

  it("never for a number that is not shared", () => {
    expect(locationPromptFor(table(true), "+15555550100", unknown)).toBeNull();
  });
});

describe("postalAnswer", () => {
  it.each([
    ["78701", undefined, "78701"],
    [undefined, "m5v 2t6.", "M5V2T6"],
    ["", "K1A 0B1", "K1A0B1"],
    [undefined, undefined, ""],
  ])("digits %j, speech %j: %j", (digits, speech, expected) => {
    expect(postalAnswer(digits, speech)).toBe(expected);
  });
});

describe("answerLocation", () => {
  const call = { to: SHARED, from: "anonymous" };
  it.each([
    ["a Texas ZIP", "78701", 1, "lonestar", ["TX"], "78701"],
    ["an Ontario postal code", "M5V2T6", 1, "maple", ["ON"], "M5V2T6"],
    ["a Florida ZIP: no rule, the default", "33101", 1, "sunshine", ["FL"], "33101"],
    ["nothing on the last attempt: routed as unknown", "", LOCATION_PROMPT.attempts, "sunshine", [], null],
    [
      "a code that places nowhere on the last attempt",
      "00000",
      LOCATION_PROMPT.attempts,
      "sunshine",
      [],
      null,
    ],
  ] as const)("%s", (_, code, attempt, accountId, regions, postalCode) => {
    const answer = answerLocation(table(true), call, unknown, code, attempt, now);
    if (answer.kind !== "routed") throw new Error(`expected routed, got ${answer.kind}`);
    expect(answer.routed.accountId).toBe(accountId);
    expect(answer.location.regions).toEqual(regions);
    expect(answer.postalCode).toBe(postalCode);
  });

  it.each([[""], ["00000"], ["W1A1AA"]])("asks again after %j on the first attempt", (code) => {
    expect(answerLocation(table(true), call, unknown, code, 1, now)).toEqual({
      kind: "ask_again",
      attempt: 2,
    });
  });
});

describe("renderLocationPrompt", () => {
  it("gathers five digits or speech, its action carrying the attempt", () => {
    const xml = renderLocationPrompt(options, 2);
    expect(firstTwimlVerb(xml)).toBe("Gather");
    expect(xml).toContain('input="dtmf speech"');
    expect(xml).toContain('numDigits="5"');
    expect(xml).toContain('action="https://example.test/twilio/voice/location?attempt=2"');
    expect(xml).toContain(LOCATION_PROMPT.again);
  });
});

describe("probeSharedNumber", () => {
  it("says a caller it cannot place is asked first, when the draft asks", () => {
    const draft = withDraftRules(
      table(false),
      "shn_law",
      [rule("tx", "state", "TX", "lonestar")],
      ["lonestar"],
      true,
    );
    const result = probeSharedNumber(draft, SHARED, "anonymous", unknown, now, options);
    expect(result).toMatchObject({ asksLocation: true, firstVerb: "Gather", ruleId: null, accountId: null });
  });

  it("routes a located caller by the draft rules", () => {
    const draft = withDraftRules(
      table(true),
      "shn_law",
      [rule("tx", "state", "TX", "lonestar")],
      ["lonestar"],
    );
    const result = probeSharedNumber(draft, SHARED, "+15125550100", austin, now, options);
    expect(result).toMatchObject({ asksLocation: false, ruleId: "tx", accountId: "lonestar" });
  });
});
