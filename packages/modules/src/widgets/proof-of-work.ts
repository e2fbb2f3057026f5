import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The proof of work a visitor's browser does before a callback is placed: find a solution whose
 * SHA-256 with the challenge starts with `difficulty` zero bits. Challenges are stateless (an
 * HMAC over the widget key and the expiry), so any API instance checks them; keeping each one
 * single-use is the caller's job.
 */
export const POW_DEFAULTS = { difficulty: 18, ttlMs: 5 * 60_000 } as const;

export type PowRefusal = "malformed" | "forged" | "wrong_widget" | "expired" | "insufficient";

const sign = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(payload).digest("base64url");

export function issueChallenge(options: {
  secret: string;
  widgetKey: string;
  now: Date;
  difficulty?: number;
  ttlMs?: number;
}): { challenge: string; difficulty: number; expiresAt: Date } {
  const difficulty = options.difficulty ?? POW_DEFAULTS.difficulty;
  const expires = options.now.getTime() + (options.ttlMs ?? POW_DEFAULTS.ttlMs);
  const payload = `${options.widgetKey}.${expires}.${difficulty}.${randomBytes(12).toString("base64url")}`;
  return {
    challenge: `${payload}.${sign(options.secret, payload)}`,
    difficulty,
    expiresAt: new Date(expires),
  };
}

/** Leading zero bits of a digest. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export const powDigest = (challenge: string, solution: string) =>
  createHash("sha256").update(`${challenge}:${solution}`).digest();

export function verifySolution(options: {
  secret: string;
  widgetKey: string;
  challenge: string;
  solution: string;
  now: Date;
}): { ok: true } | { ok: false; reason: PowRefusal } {
  const parts = options.challenge.split(".");
  if (parts.length !== 5 || !/^[0-9]{1,20}$/.test(options.solution))
    return { ok: false, reason: "malformed" };
  const [widgetKey, expires, difficulty, , mac] = parts as [string, string, string, string, string];
  const expected = Buffer.from(sign(options.secret, parts.slice(0, 4).join(".")));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: "forged" };
  if (widgetKey !== options.widgetKey) return { ok: false, reason: "wrong_widget" };
  if (Number(expires) <= options.now.getTime()) return { ok: false, reason: "expired" };
  if (leadingZeroBits(powDigest(options.challenge, options.solution)) < Number(difficulty))
    return { ok: false, reason: "insufficient" };
  return { ok: true };
}
