import { randomInt, timingSafeEqual } from "node:crypto";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { VERIFICATION_CODE } from "@poundline/contracts/verified-numbers/schemas";

export { VERIFICATION_CODE };

/**
 * The verification code of a number: six random digits, kept only as a hash salted with the
 * row's id (the same code on two rows hashes differently), good for a few minutes and a few
 * guesses. Pure, but for drawing the digits.
 */

/** Six digits, uniformly drawn. */
export function drawCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE.digits)).padStart(VERIFICATION_CODE.digits, "0");
}

export function hashCode(rowId: string, code: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(`${rowId}:${code}`)));
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface PendingCode {
  codeHash: string | null;
  codeExpiresAt: Date | null;
  codeAttempts: number;
  verifiedAt: Date | null;
}

/** What a typed code amounts to for a row as it stands. */
export type CodeCheck =
  | "verified"
  | "already-verified"
  | "no-code"
  | "expired"
  | "too-many-attempts"
  | "wrong";

/**
 * Checks a typed code against the row: a verified number takes no code (a code is used once), an
 * expired or exhausted one is refused whatever is typed, so guessing after the limit learns nothing.
 */
export function checkCode(rowId: string, row: PendingCode, typed: string, now: Date): CodeCheck {
  if (row.verifiedAt) return "already-verified";
  if (!row.codeHash || !row.codeExpiresAt) return "no-code";
  if (row.codeAttempts >= VERIFICATION_CODE.maxAttempts) return "too-many-attempts";
  if (row.codeExpiresAt.getTime() <= now.getTime()) return "expired";
  return sameHash(hashCode(rowId, typed), row.codeHash) ? "verified" : "wrong";
}
