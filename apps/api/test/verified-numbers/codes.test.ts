import {
  type CodeCheck,
  checkCode,
  drawCode,
  hashCode,
  type PendingCode,
  VERIFICATION_CODE,
} from "@poundline/modules/verified-numbers/codes";
import { describe, expect, it } from "vitest";

const NOW = new Date("2026-11-26T12:00:00.000Z");
const ROW = "vn_row";
const pending = (fields: Partial<PendingCode> = {}): PendingCode => ({
  codeHash: hashCode(ROW, "123456"),
  codeExpiresAt: new Date(NOW.getTime() + 60_000),
  codeAttempts: 0,
  verifiedAt: null,
  ...fields,
});

describe("checkCode", () => {
  it.each<[string, PendingCode, string, CodeCheck]>([
    ["the right code", pending(), "123456", "verified"],
    ["a wrong code", pending(), "654321", "wrong"],
    [
      "the right code on the last allowed attempt",
      pending({ codeAttempts: VERIFICATION_CODE.maxAttempts - 1 }),
      "123456",
      "verified",
    ],
    [
      "the right code after the attempts are used",
      pending({ codeAttempts: VERIFICATION_CODE.maxAttempts }),
      "123456",
      "too-many-attempts",
    ],
    ["the right code once expired", pending({ codeExpiresAt: NOW }), "123456", "expired"],
    ["any code when none is pending", pending({ codeHash: null, codeExpiresAt: null }), "123456", "no-code"],
    ["the right code again once verified", pending({ verifiedAt: NOW }), "123456", "already-verified"],
    [
      "the right code hashed for another row",
      pending({ codeHash: hashCode("vn_other", "123456") }),
      "123456",
      "wrong",
    ],
  ])("%s", (_case, row, typed, outcome) => {
    expect(checkCode(ROW, row, typed, NOW)).toBe(outcome);
  });
});

describe("drawCode", () => {
  it("draws six digits, leading zeros kept", () => {
    for (let i = 0; i < 200; i++) expect(drawCode()).toMatch(/^\d{6}$/);
  });
});
