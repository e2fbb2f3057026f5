import {
  issueChallenge,
  leadingZeroBits,
  powDigest,
  verifySolution,
} from "@poundline/modules/widgets/proof-of-work";
import { describe, expect, it } from "vitest";

const SECRET = "test-secret";
const KEY = "wk_abc";
const NOW = new Date("2026-11-24T12:00:00Z");

function solve(challenge: string, difficulty: number): string {
  for (let i = 0; ; i++) if (leadingZeroBits(powDigest(challenge, String(i))) >= difficulty) return String(i);
}

function unsolved(challenge: string, difficulty: number): string {
  for (let i = 0; ; i++) if (leadingZeroBits(powDigest(challenge, String(i))) < difficulty) return String(i);
}

describe("proof of work", () => {
  it.each([
    [[0x00, 0x00, 0xff], 16],
    [[0x80], 0],
    [[0x01], 7],
    [[0x00, 0x0f], 12],
    [[0x00, 0x00], 16],
  ])("leading zero bits of %j: %i", (bytes, bits) => {
    expect(leadingZeroBits(Uint8Array.from(bytes))).toBe(bits);
  });

  const { challenge } = issueChallenge({ secret: SECRET, widgetKey: KEY, now: NOW, difficulty: 8 });
  const solution = solve(challenge, 8);
  const verify = (overrides: Partial<Parameters<typeof verifySolution>[0]>) =>
    verifySolution({ secret: SECRET, widgetKey: KEY, challenge, solution, now: NOW, ...overrides });

  it("accepts a solution of the challenge it issued", () => {
    expect(verify({})).toEqual({ ok: true });
  });

  it.each([
    ["a solution short of the difficulty", () => ({ solution: unsolved(challenge, 8) }), "insufficient"],
    ["a non-numeric solution", () => ({ solution: "abc" }), "malformed"],
    ["a challenge cut short", () => ({ challenge: challenge.split(".").slice(0, 3).join(".") }), "malformed"],
    ["another server's secret", () => ({ secret: "other" }), "forged"],
    ["a lowered difficulty", () => ({ challenge: challenge.replace(".8.", ".0.") }), "forged"],
    ["another widget", () => ({ widgetKey: "wk_other" }), "wrong_widget"],
    ["an expired challenge", () => ({ now: new Date(NOW.getTime() + 5 * 60_000) }), "expired"],
  ] as const)("refuses %s", (_, overrides, reason) => {
    expect(verify(overrides())).toEqual({ ok: false, reason });
  });
});
