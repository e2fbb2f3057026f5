import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import type { Database } from "@poundline/db";
import { schema } from "@poundline/db";
import { and, count, eq, isNull } from "drizzle-orm";
import QRCode from "qrcode";
import { AppError } from "../http/errors";
import { verifyPassword } from "./passwords";
import type { RequestMeta, SignInPorts } from "./ports";
import { authMessages, type TwoFactorSetup, type VerifyTwoFactorBody } from "./schemas";
import type { AuthContext } from "./sessions";
import { newTotpKey, totpKeyBytes, totpKeyUri, verifyTotp } from "./totp";

/**
 * Two-factor authentication with an authenticator app (TOTP), after the Lucia guide: the key is
 * kept on the user, each session says whether it passed the code, recovery codes are stored as
 * hashes and each works once. Code guesses go through the sign-in throttle, keyed by the user.
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

async function totpKeyOf(db: Database, userId: string): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ totpKey: schema.users.totpKey })
    .from(schema.users)
    .where(eq(schema.users.id, userId))
    .limit(1);
  return row?.totpKey ? totpKeyBytes(row.totpKey) : null;
}

/** A code guess, throttled per user and address; a wrong one is a 400 on `field`. */
async function checkCode(
  ports: SignInPorts,
  userId: string,
  key: Uint8Array,
  code: string,
  meta: RequestMeta,
  field = "code",
) {
  await ports.loginThrottle.beforeAttempt(meta.ip, throttleKey(userId));
  if (!verifyTotp(key, code, ports.clock()))
    throw new AppError("BAD_REQUEST", authMessages.twoFactorCodeInvalid, {
      [field]: [authMessages.twoFactorCodeInvalid],
    });
  await ports.loginThrottle.recordSuccess(meta.ip, throttleKey(userId));
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
  await checkCode(ports, auth.user.id, key, body.code, meta);
  const now = ports.clock();
  return ports.db.transaction(async (tx) => {
    const updated = await tx
      .update(schema.users)
      .set({ totpKey: body.key, updatedAt: now })
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
  const key = await totpKeyOf(ports.db, auth.user.id);
  if (!key) throw new AppError("CONFLICT", authMessages.twoFactorOff);
  if (body.code !== undefined) await checkCode(ports, auth.user.id, key, body.code, meta);
  else await checkPassword(ports, auth, body.password ?? "", meta);
  const now = ports.clock();
  await ports.db.transaction(async (tx) => {
    await tx
      .update(schema.users)
      .set({ totpKey: null, updatedAt: now })
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
  const key = await totpKeyOf(ports.db, auth.user.id);
  if (!key) throw new AppError("CONFLICT", authMessages.twoFactorOff);
  await checkCode(ports, auth.user.id, key, code, meta);
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
 * UPDATE that checks it is unused, so two uses at once cannot both pass). Marks the session.
 */
export async function verifySecondFactor(
  ports: SignInPorts,
  pending: AuthContext,
  body: VerifyTwoFactorBody,
  meta: RequestMeta,
): Promise<void> {
  const { db, clock } = ports;
  const userId = pending.user.id;
  if (body.code !== undefined) {
    const key = await totpKeyOf(db, userId);
    if (!key) throw new AppError("UNAUTHORIZED", authMessages.twoFactorSignInExpired);
    await checkCode(ports, userId, key, body.code, meta);
    await markVerified(db, pending.sessionId);
    return;
  }
  await ports.loginThrottle.beforeAttempt(meta.ip, throttleKey(userId));
  const used = await db.transaction(async (tx) => {
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
    if (rows.length > 0) await markVerified(tx, pending.sessionId);
    return rows.length > 0;
  });
  if (!used)
    throw new AppError("BAD_REQUEST", authMessages.recoveryCodeInvalid, {
      recoveryCode: [authMessages.recoveryCodeInvalid],
    });
  await ports.loginThrottle.recordSuccess(meta.ip, throttleKey(userId));
}

async function markVerified(db: Database, sessionId: string) {
  await db.update(schema.sessions).set({ twoFactorVerified: true }).where(eq(schema.sessions.id, sessionId));
}
