import { describe, expect, it } from "vitest";
import { defaultBusinessHours } from "../src/business-hours";
import { accountOfCall, accountOfCallByPostalCode, type CallOwner } from "../src/call-owner";
import type { GeoRule } from "../src/geo-rules";
import type { LocationInput } from "../src/location";
import { compileRoutingTable, type NumberRoute, type RoutingSnapshot } from "../src/routing-table";

const OWNED = "+13055550100";
const SHARED = "+18005550199";
const SHARED_NO_DEFAULT = "+18005550198";

function numberOf(accountId: string, numberId: string, e164: string): NumberRoute {
  return {
    numberId,
    accountId,
    e164,
    tollFree: false,
    timeZone: "America/New_York",
    businessHours: defaultBusinessHours,
    openTarget: { kind: "voicemail" },
    afterHoursTarget: { kind: "voicemail" },
    ringStrategy: "sequential",
    ringTimeoutSeconds: 20,
    holdMusicUrl: "",
    voicemailEnabled: true,
    voicemailGreeting: null,
  };
}

const rule = (
  id: string,
  locationType: GeoRule["locationType"],
  locationValue: string,
  target: string,
  priority: number,
): GeoRule => ({
  id,
  locationType,
  locationValue,
  targetAccountId: target,
  ivrMenuId: null,
  priority,
});

const account = (id: string) => ({
  id,
  companyName: id,
  gate: {
    status: "active" as const,
    trialEndsAt: null,
    hasActiveSubscription: true,
    walletBalanceCents: 100,
  },
});

const snapshot: RoutingSnapshot = {
  accounts: ["acct_owner", "acct_florida", "acct_ontario", "acct_default", "acct_unlicensed"].map(account),
  numbers: [
    numberOf("acct_owner", "num_owner", OWNED),
    numberOf("acct_florida", "num_florida", "+13055550200"),
    numberOf("acct_default", "num_default", "+13055550300"),
  ],
  sharedNumbers: [
    {
      id: "shr_1",
      poundCode: "#LAW",
      e164: SHARED,
      defaultAccountId: "acct_default",
      rules: [
        rule("r_fl", "state", "FL", "acct_florida", 1),
        rule("r_on", "province", "ON", "acct_ontario", 2),
        // Not licensed on this number: never chosen.
        rule("r_tx", "state", "TX", "acct_unlicensed", 3),
      ],
      licensedAccountIds: ["acct_florida", "acct_ontario"],
    },
    {
      id: "shr_2",
      poundCode: "#NONE",
      e164: SHARED_NO_DEFAULT,
      defaultAccountId: null,
      rules: [rule("r2_fl", "state", "FL", "acct_florida", 1)],
      licensedAccountIds: ["acct_florida"],
    },
  ],
  menus: [],
  extensions: [],
};
const table = compileRoutingTable(snapshot, new Date("2026-11-23T15:00:00Z"));

const caller = (from: string, fromState?: string, fromCountry?: string): LocationInput => ({
  from,
  fromState,
  fromCountry,
});

const cases: [string, string, LocationInput, CallOwner | null][] = [
  [
    "an owned number: its owner, whoever calls",
    OWNED,
    caller("+14165550123"),
    { accountId: "acct_owner", phoneNumberId: "num_owner" },
  ],
  [
    "an owned number, withheld caller",
    OWNED,
    caller("anonymous"),
    { accountId: "acct_owner", phoneNumberId: "num_owner" },
  ],
  [
    "a shared number, caller in Florida by area code",
    SHARED,
    caller("+13055551234"),
    { accountId: "acct_florida", phoneNumberId: "num_florida" },
  ],
  [
    "a shared number, the carrier's state wins over the area code",
    SHARED,
    caller("+14165550123", "FL", "US"),
    { accountId: "acct_florida", phoneNumberId: "num_florida" },
  ],
  [
    "a shared number, caller in Ontario: a licensee without a number",
    SHARED,
    caller("+14165550123"),
    { accountId: "acct_ontario", phoneNumberId: null },
  ],
  [
    "a shared number, a rule to an unlicensed account is ignored",
    SHARED,
    caller("+12145550123"),
    { accountId: "acct_default", phoneNumberId: "num_default" },
  ],
  [
    "a shared number, no rule matches: the default account",
    SHARED,
    caller("+442071234567"),
    { accountId: "acct_default", phoneNumberId: "num_default" },
  ],
  [
    "a shared number, withheld caller: nowhere, the default account",
    SHARED,
    caller("+266696687", "FL", "US"),
    { accountId: "acct_default", phoneNumberId: "num_default" },
  ],
  [
    "a shared number without a default, a rule matches",
    SHARED_NO_DEFAULT,
    caller("+13055551234"),
    { accountId: "acct_florida", phoneNumberId: "num_florida" },
  ],
  ["a shared number without a default, no rule matches", SHARED_NO_DEFAULT, caller("+14165550123"), null],
  ["a number nobody owns", "+19995550100", caller("+13055551234"), null],
  ["an empty number", "", caller("+13055551234"), null],
];

describe("accountOfCall", () => {
  it.each(cases)("%s", (_, ourNumber, from, expected) => {
    const owner = accountOfCall(table, ourNumber, from);
    expect(owner && { accountId: owner.accountId, phoneNumberId: owner.phoneNumberId }).toEqual(expected);
  });
});

describe("why a shared number's call went where it did", () => {
  it.each([
    ["an owned number: nothing to say", OWNED, caller("+13055551234"), undefined],
    [
      "a rule",
      SHARED,
      caller("+13055551234"),
      {
        sharedNumberId: "shr_1",
        rule: { id: "r_fl", locationType: "state", locationValue: "FL", priority: 1 },
        location: { country: "US", regions: ["FL"], areaCode: "305" },
      },
    ],
    [
      "the default",
      SHARED,
      caller("anonymous"),
      { sharedNumberId: "shr_1", rule: null, location: { country: null, regions: [], areaCode: null } },
    ],
  ])("%s", (_, ourNumber, from, geo) => {
    expect(accountOfCall(table, ourNumber, from)?.geo).toEqual(geo);
  });

  it.each([
    ["a Florida ZIP", SHARED, "33101", "acct_florida", "r_fl"],
    ["an Ontario postal code", SHARED, "M5V2T6", "acct_ontario", "r_on"],
    ["a Georgia ZIP: the default", SHARED, "30301", "acct_default", null],
  ])("given a postal code, %s", (_, ourNumber, code, accountId, ruleId) => {
    const owner = accountOfCallByPostalCode(table, ourNumber, code);
    expect(owner?.accountId).toBe(accountId);
    expect(owner?.geo?.rule?.id ?? null).toBe(ruleId);
    expect(owner?.geo?.postalCode).toBe(code);
  });

  it.each([
    ["an owned number", OWNED, "33101"],
    ["a code that places nowhere", SHARED, "00000"],
  ])("given a postal code, %s: null", (_, ourNumber, code) => {
    expect(accountOfCallByPostalCode(table, ourNumber, code)).toBeNull();
  });
});
