import { describe, expect, it } from "vitest";
import { gateState, prepaidForward } from "../src/call-flow";
import { defaultRates } from "../src/rating";
import type { AccountGate, AccountRouting } from "../src/routing-table";
import {
  allowanceLeft,
  allowanceSeconds,
  drawCallMinutes,
  drawText,
  TRIAL_ALLOWANCE,
} from "../src/trial-allowance";

const NOW = new Date("2026-11-26T12:00:00Z");
const TRIAL_END = new Date("2026-12-26T12:00:00Z");

describe("allowanceLeft: the included minutes and texts less what was used, never below zero", () => {
  it.each([
    [
      { minutesUsed: 0, textsUsed: 0 },
      { minutesLeft: TRIAL_ALLOWANCE.minutes, textsLeft: TRIAL_ALLOWANCE.texts },
    ],
    [
      { minutesUsed: 37, textsUsed: 99 },
      { minutesLeft: 63, textsLeft: 1 },
    ],
    [
      { minutesUsed: 100, textsUsed: 100 },
      { minutesLeft: 0, textsLeft: 0 },
    ],
    [
      { minutesUsed: 104, textsUsed: 130 },
      { minutesLeft: 0, textsLeft: 0 },
    ],
  ])("used %o leaves %o", (used, left) => {
    expect(allowanceLeft(used)).toEqual(left);
  });
});

describe("drawCallMinutes: the allowance pays the first minutes, the wallet the rest at the call's price", () => {
  it.each([
    ["all covered", 100, 3, 6, { drawn: 3, chargedCents: 0 }],
    ["partly covered", 2, 5, 10, { drawn: 2, chargedCents: 6 }],
    ["allowance spent", 0, 4, 8, { drawn: 0, chargedCents: 8 }],
    ["no minutes (unanswered)", 50, 0, 0, { drawn: 0, chargedCents: 0 }],
    ["overdrawn allowance counts as none", -3, 2, 4, { drawn: 0, chargedCents: 4 }],
    ["a dearer destination keeps its own per-minute price", 1, 3, 60, { drawn: 1, chargedCents: 40 }],
  ])("%s", (_case, left, minutes, price, draw) => {
    expect(drawCallMinutes(left, minutes, price)).toEqual(draw);
  });
});

describe("drawText: one text from the allowance while one is left", () => {
  it.each([
    [5, 2, { drawn: 1, chargedCents: 0 }],
    [1, 3, { drawn: 1, chargedCents: 0 }],
    [0, 2, { drawn: 0, chargedCents: 2 }],
  ])("%i left, price %i", (left, price, draw) => {
    expect(drawText(left, price)).toEqual(draw);
  });
});

describe("allowanceSeconds: whole minutes every leg can draw", () => {
  it.each([
    [100, 1, 6000],
    [100, 2, 3000],
    [5, 2, 120],
    [1, 2, 0],
    [0, 1, 0],
    [10, 0, 0],
  ])("%i minutes over %i legs: %i s", (minutes, legs, seconds) => {
    expect(allowanceSeconds(minutes, legs)).toBe(seconds);
  });
});

const gate = (over: Partial<AccountGate>): AccountGate => ({
  status: "trialing",
  trialEndsAt: TRIAL_END,
  hasActiveSubscription: false,
  walletBalanceCents: 0,
  ...over,
});

describe("gateState with the trial's allowance", () => {
  it.each<[string, Partial<AccountGate>, ReturnType<typeof gateState>]>([
    ["empty wallet, minutes left: open", { allowance: { minutesLeft: 10, textsLeft: 0 } }, "open"],
    [
      "empty wallet, minutes used: trial_allowance_used",
      { allowance: { minutesLeft: 0, textsLeft: 50 } },
      "trial_allowance_used",
    ],
    [
      "minutes used but money in the wallet: open",
      { walletBalanceCents: 500, allowance: { minutesLeft: 0, textsLeft: 0 } },
      "open",
    ],
    ["empty wallet, no allowance: wallet_empty", { allowance: null }, "wallet_empty"],
    [
      "the trial ended: trial_ended whatever is left",
      { trialEndsAt: new Date("2026-11-01T00:00:00Z"), allowance: { minutesLeft: 90, textsLeft: 90 } },
      "trial_ended",
    ],
    [
      "subscribed after the trial ended, empty wallet: the stale allowance does not open it",
      {
        trialEndsAt: new Date("2026-11-01T00:00:00Z"),
        hasActiveSubscription: true,
        allowance: { minutesLeft: 90, textsLeft: 90 },
      },
      "wallet_empty",
    ],
    ["suspended wins", { status: "suspended", allowance: { minutesLeft: 10, textsLeft: 10 } }, "suspended"],
  ])("%s", (_case, over, state) => {
    expect(gateState(gate(over), NOW)).toBe(state);
  });
});

const account = (over: Partial<AccountGate>): AccountRouting => ({
  id: "acc_1",
  companyName: "Trial Dental",
  gate: gate(over),
  menus: new Map(),
  extensions: new Map(),
  members: new Map(),
  operatorExtensionId: null,
  mainRoute: null,
  rates: defaultRates,
});

describe("prepaidForward with the trial's allowance: its minutes ring the numbers and extend the limit", () => {
  it.each<[string, Partial<AccountGate>, string[], { numbers: string[]; timeLimitSeconds?: number }]>([
    [
      "allowance only: two legs draw, 100 minutes hold a 50-minute call",
      { allowance: { minutesLeft: 100, textsLeft: 0 } },
      ["+13055550101"],
      { numbers: ["+13055550101"], timeLimitSeconds: 3000 },
    ],
    [
      "a softphone is one leg: all 100 minutes",
      { allowance: { minutesLeft: 100, textsLeft: 0 } },
      ["client:desk"],
      { numbers: ["client:desk"], timeLimitSeconds: 6000 },
    ],
    [
      "allowance and wallet add up (wallet at 1 + 2 cents a minute)",
      { walletBalanceCents: 30, allowance: { minutesLeft: 10, textsLeft: 0 } },
      ["+13055550101"],
      { numbers: ["+13055550101"], timeLimitSeconds: 300 + 600 },
    ],
    [
      "one minute left cannot pay both legs of a first minute, and the wallet is empty: nobody rung",
      { allowance: { minutesLeft: 1, textsLeft: 0 } },
      ["+13055550101"],
      { numbers: [], timeLimitSeconds: 0 },
    ],
    [
      "no allowance: the wallet alone, as before",
      { walletBalanceCents: 9, allowance: null },
      ["+13055550101"],
      { numbers: ["+13055550101"], timeLimitSeconds: 180 },
    ],
  ])("%s", (_case, over, numbers, expected) => {
    expect(prepaidForward(account(over), null, numbers)).toEqual(expected);
  });
});
