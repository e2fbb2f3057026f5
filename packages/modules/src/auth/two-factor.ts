import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import {
  authMessages,
  type TwoFactorSetup,
  type VerifyTwoFactorBody,
} from "@poundline/contracts/auth/schemas";
import { AppError } from "@poundline/contracts/errors";
import type { Database } from "@poundline/db";
import { schema } from "@poundline/db";
import { and, count, eq, isNull, lt, or } from "drizzle-orm";
import QRCode from "qrcode";
import { verifyPassword } from "./passwords";
import type { AuthPorts, RequestMeta, SignInPorts } from "./ports";
import { type AuthContext, createSession } from "./sessions";
import { matchingTotpStep, newTotpKey, totpKeyBytes, totpKeyUri } from "./totp";
import { totpKeyCipherOf } from "./totp-key-cipher";

/**
 * Two-factor authentication with an authenticator app (TOTP), after the Lucia guide: the key is
 * kept on the user, encrypted (totp-key-cipher.ts), with the step of the last code accepted (a
 * code works once); each session says whether it passed the code, and the one that passes gets a
 * new token; recovery codes are stored as hashes and each works once. Code guesses go through
 * the sign-in throttle, keyed by the user.
 */

export const RECOVERY_CODE_COUNT = 10;

/** The throttle's key for code guesses: per user, never an e-mail (those never hold "2fa:"). */
const throttleKey = (userId: string) => `2fa:${userId}`;

/** A recovery code: 50 random bits as "xxxxx-xxxxx" (base32, lower case). */
function newRecoveryCode(): string {
  const bytes = new Uint8Array(7);
  crypto.getRandomValues(bytes);
  const code = encodeBase32LowerCaseNoPadding(bytes).slice(0, 10);
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Stored form: codes are random, so a plain SHA-256 of the normalised code is enough. */
export function hashRecoveryCode(code: string): string {
  const normalised = code.replace(/[\s-]+/g, "").toLowerCase();
  return encodeHexLowerCase(sha256(new TextEncoder().encode(normalised)));
}

/** A new key to scan: nothing is stored until a code from it is confirmed (enableTwoFactor). */
export async function twoFactorSetup(email: string): Promise<TwoFactorSetup> {
  const key = newTotpKey();
  const uri = totpKeyUri(email, totpKeyBytes(key) as Uint8Array);
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { key, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

async function replaceRecoveryCodes(db: Database, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(schema.twoFactorRecoveryCodes).where(eq(schema.twoFactorRecoveryCodes.userId, userId));
  await db
    .insert(schema.twoFactorRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

interface StoredTotp {
  key: Uint8Array;
  /** The base32 key stored in clear (before encryption, or by a fixture): sealed on its next use. */
  inClear: string | null;
  lastStep: number | null;
}

async function storedTotpOf(
  ports: Pick<AuthPorts, "db" | "config">,
  userId: string,
): Promise<StoredTotp | null> {
  const [row] = await ports.db
    .select({ totpKey: schema.users.totpKey, lastStep: schema.users.totpLastStep })
    .from(schema.users)
    .where(eq(schema.users.id, userId))
    .limit(1);
  if (!row?.totpKey) return null;
  const opened = totpKeyCipherOf(ports.config).open(row.totpKey);
  const key = opened ? totpKeyBytes(opened.key) : null;
  if (!opened || !key) return null;
  return { key, inClear: opened.inClear ? opened.key : null, lastStep: row.lastStep };
}

const codeInvalid = (field: string) =>
  new AppError("BAD_REQUEST", authMessages.twoFactorCodeInvalid, {
    [field]: [authMessages.twoFactorCodeInvalid],
  });

/**
 * A code guess, throttled per user and address; a wrong one, or one already used, is a 400 on
 * `field`. The step it matched is recorded in the same UPDATE that checks it is newer than the
 * last one used, so the same code sent twice at once passes once. A key stored in clear is
 * encrypted on the way.
 */
async function checkCode(
  ports: SignInPorts,
  userId: string,
  stored: StoredTotp,
  code: string,
  meta: RequestMeta,
  field = "code",
) {
  await ports.loginThrottle.beforeAttempt(meta.ip, throttleKey(userId));
  const step = matchingTotpStep(stored.key, code, ports.clock(), stored.lastStep);
  if (step === null) throw codeInvalid(field);
  const u = schema.users;
  const used = await ports.db
    .update(u)
    .set({
      totpLastStep: step,
      ...(stored.inClear ? { totpKey: totpKeyCipherOf(ports.config).seal(stored.inClear) } : {}),
    })
    .where(and(eq(u.id, userId), or(isNull(u.totpLastStep), lt(u.totpLastStep, step))))
    .returning({ id: u.id });
  if (used.length === 0) throw codeInvalid(field);
  await ports.loginThrottle.recordSuccess(meta.ip, throttleKey(userId));
}

/**
 * A current code of a user with two-factor authentication on (used once, like any code), for
 * changes that need it (the sign-in e-mail). A 409 when the user has it off.
 */
export async function checkTwoFactorCode(
  ports: SignInPorts,
  userId: string,
  code: string,
  meta: RequestMeta,
  field: string,
): Promise<void> {
  const stored = await storedTotpOf(ports, userId);
  if (!stored) throw new AppError("CONFLICT", authMessages.twoFactorOff);
  await checkCode(ports, userId, stored, code, meta, field);
}

/**
 * Turns two-factor authentication on with the key from setup, once a code from it checks out.
 * The session making the change counts as verified; the user's other sessions must give a code.
 * Returns the recovery codes, in clear this once.
 */
export async function enableTwoFactor(
  ports: SignInPorts,
  auth: AuthContext,
  body: { key: string; code: string },
  meta: RequestMeta,
): Promise<string[]> {
  if (auth.twoFactorEnabled) throw new AppError("CONFLICT", authMessages.twoFactorAlreadyOn);
  const key = totpKeyBytes(body.key);
  if (!key)
    throw new AppError("BAD_REQUEST", authMessages.twoFactorKeyInvalid, {
      key: [authMessages.twoFactorKeyInvalid],
    });
  await ports.loginThrottle.beforeAttempt(meta.ip, throttleKey(auth.user.id));
  const step = matchingTotpStep(key, body.code, ports.clock(), null);
  if (step === null) throw codeInvalid("code");
  await ports.loginThrottle.recordSuccess(meta.ip, throttleKey(auth.user.id));
  const now = ports.clock();
  const sealedKey = totpKeyCipherOf(ports.config).seal(body.key);
  return ports.db.transaction(async (tx) => {
    // The confirming code counts as used: it does not open a sign-in afterwards.
    const updated = await tx
      .update(schema.users)
      .set({ totpKey: sealedKey, totpLastStep: step, updatedAt: now })
      .where(and(eq(schema.users.id, auth.user.id), isNull(schema.users.totpKey)))
      .returning({ id: schema.users.id });
    // Two tabs enabling at once: the first wins, the second is told it is on already.
    if (updated.length === 0) throw new AppError("CONFLICT", authMessages.twoFactorAlreadyOn);
    await tx
      .update(schema.sessions)
      .set({ twoFactorVerified: false })
      .where(eq(schema.sessions.userId, auth.user.id));
    await tx
      .update(schema.sessions)
      .set({ twoFactorVerified: true })
      .where(eq(schema.sessions.id, auth.sessionId));
    return replaceRecoveryCodes(tx, auth.user.id);
  });
}

/** Turns it off with a current code or the password; the recovery codes go too. */
export async function disableTwoFactor(
  ports: SignInPorts,
  auth: AuthContext,
  body: { code?: string | undefined; password?: string | undefined },
  meta: RequestMeta,
): Promise<void> {
  const stored = await storedTotpOf(ports, auth.user.id);
  if (!stored) throw new AppError("CONFLICT", authMessages.twoFactorOff);
  if (body.code !== undefined) await checkCode(ports, auth.user.id, stored, body.code, meta);
  else await checkPassword(ports, auth, body.password ?? "", meta);
  const now = ports.clock();
  await ports.db.transaction(async (tx) => {
    await tx
      .update(schema.users)
      .set({ totpKey: null, totpLastStep: null, updatedAt: now })
      .where(eq(schema.users.id, auth.user.id));
    await tx
      .delete(schema.twoFactorRecoveryCodes)
      .where(eq(schema.twoFactorRecoveryCodes.userId, auth.user.id));
  });
}

async function checkPassword(ports: SignInPorts, auth: AuthContext, password: string, meta: RequestMeta) {
  const [user] = await ports.db
    .select({ passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.id, auth.user.id))
    .limit(1);
  await ports.loginThrottle.beforeAttempt(meta.ip, auth.user.email);
  if (!(await verifyPassword(user?.passwordHash ?? null, password)))
    throw new AppError("BAD_REQUEST", authMessages.currentPasswordIncorrect, {
      password: [authMessages.currentPasswordIncorrect],
    });
  await ports.loginThrottle.recordSuccess(meta.ip, auth.user.email);
}

/** New recovery codes (the old ones stop working), with a current code. */
export async function regenerateRecoveryCodes(
  ports: SignInPorts,
  auth: AuthContext,
  code: string,
  meta: RequestMeta,
): Promise<string[]> {
  const stored = await storedTotpOf(ports, auth.user.id);
  if (!stored) throw new AppError("CONFLICT", authMessages.twoFactorOff);
  await checkCode(ports, auth.user.id, stored, code, meta);
  return ports.db.transaction((tx) => replaceRecoveryCodes(tx, auth.user.id));
}

/** Whether it is on, and how many recovery codes are unused. */
export async function twoFactorStatus(db: Database, auth: AuthContext) {
  const [row] = await db
    .select({ left: count() })
    .from(schema.twoFactorRecoveryCodes)
    .where(
      and(
        eq(schema.twoFactorRecoveryCodes.userId, auth.user.id),
        isNull(schema.twoFactorRecoveryCodes.usedAt),
      ),
    );
  return { enabled: auth.twoFactorEnabled, recoveryCodesLeft: auth.twoFactorEnabled ? (row?.left ?? 0) : 0 };
}

/**
 * The second step of sign-in: a code from the app, or a recovery code (used up, in the same
 * UPDATE that checks it is unused, so two uses at once cannot both pass). The session that
 * waited for it is replaced by a new one, with a new token: a token planted or seen before the
 * second factor opens nothing after it. Returns the new session's token.
 */
export async function verifySecondFactor(
  ports: SignInPorts,
  pending: AuthContext,
  body: VerifyTwoFactorBody,
  meta: RequestMeta,
): Promise<{ token: string; expiresAt: Date }> {
  const { db, clock } = ports;
  const userId = pending.user.id;
  if (body.code !== undefined) {
    const stored = await storedTotpOf(ports, userId);
    if (!stored) throw new AppError("UNAUTHORIZED", authMessages.twoFactorSignInExpired);
    await checkCode(ports, userId, stored, body.code, meta);
    return db.transaction((tx) => replaceWithVerifiedSession(tx, pending, meta, clock()));
  }
  await ports.loginThrottle.beforeAttempt(meta.ip, throttleKey(userId));
  const session = await db.transaction(async (tx) => {
    const rows = await tx
      .update(schema.twoFactorRecoveryCodes)
      .set({ usedAt: clock() })
      .where(
        and(
          eq(schema.twoFactorRecoveryCodes.userId, userId),
          eq(schema.twoFactorRecoveryCodes.codeHash, hashRecoveryCode(body.recoveryCode ?? "")),
          isNull(schema.twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ codeHash: schema.twoFactorRecoveryCodes.codeHash });
    return rows.length > 0 ? replaceWithVerifiedSession(tx, pending, meta, clock()) : null;
  });
  if (!session)
    throw new AppError("BAD_REQUEST", authMessages.recoveryCodeInvalid, {
      recoveryCode: [authMessages.recoveryCodeInvalid],
    });
  await ports.loginThrottle.recordSuccess(meta.ip, throttleKey(userId));
  return session;
}

/** Ends the session that waited for the second factor and opens a verified one in its place. */
async function replaceWithVerifiedSession(db: Database, pending: AuthContext, meta: RequestMeta, now: Date) {
  const ended = await db
    .delete(schema.sessions)
    .where(eq(schema.sessions.id, pending.sessionId))
    .returning({ id: schema.sessions.id });
  // Signed out (or verified by another tab) meanwhile: this sign-in is over.
  if (ended.length === 0) throw new AppError("UNAUTHORIZED", authMessages.twoFactorSignInExpired);
  const { token, session } = await createSession(db, pending.user.id, now, {
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
    twoFactorVerified: true,
  });
  return { token, expiresAt: session.expiresAt };
}
