import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { storableHeader } from "@poundline/contracts/input";
import type { Database } from "@poundline/db";
import { schema } from "@poundline/db";
import { and, asc, eq, isNull, ne, or } from "drizzle-orm";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
/** A session with less than this left is extended by a full lifetime on use. */
export const SESSION_RENEW_WITHIN_MS = 15 * DAY_MS;
export const SESSION_COOKIE = "session";
/** The sessions list's "last seen" is written at most this often, not on every request. */
export const LAST_SEEN_PRECISION_MS = 5 * 60 * 1000;

/** 160 random bits, base32: what goes into the cookie. */
export function generateToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** What we store: the SHA-256 of a token, so a database leak yields no usable token. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export interface SessionMeta {
  ipAddress?: string | undefined;
  userAgent?: string | undefined;
  /** The user passed two-factor authentication already (or has none to pass: it does not matter then). */
  twoFactorVerified?: boolean;
  /** The account the session works in; by default the user's first. */
  accountId?: string;
}

export async function createSession(db: Database, userId: string, now: Date, meta: SessionMeta = {}) {
  const token = generateToken();
  const session = {
    id: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    ipAddress: storableHeader(meta.ipAddress, 100),
    userAgent: storableHeader(meta.userAgent, 512),
    twoFactorVerified: meta.twoFactorVerified ?? false,
    accountId: meta.accountId ?? null,
    lastSeenAt: now,
  };
  await db.insert(schema.sessions).values(session);
  return { token, session };
}

export interface AuthContext {
  sessionId: string;
  expiresAt: Date;
  /** True when this validation pushed the expiry forward: the cookie must be re-sent. */
  renewed: boolean;
  user: { id: string; email: string; firstName: string; lastName: string; avatarUrl: string | null };
  /**
   * The account the session works in (chosen with the account switcher, else the first one
   * joined) and the role in it; null for a user without one.
   */
  account: { id: string; companyName: string; role: string } | null;
  isAdmin: boolean;
  /** The user has two-factor authentication on. */
  twoFactorEnabled: boolean;
  /** This session passed it (always read together with twoFactorEnabled: see loadAuth). */
  twoFactorVerified: boolean;
}

/**
 * The signed-in user of a token: null for an unknown or expired token and for a session still
 * waiting for its two-factor code (see readSessionToken for that one).
 */
export async function validateSessionToken(db: Database, token: string, now: Date) {
  const auth = await readSessionToken(db, token, now);
  return auth && !awaitsSecondFactor(auth) ? auth : null;
}

/** A session opened with the password of a user with two-factor authentication, before the code. */
export function awaitsSecondFactor(auth: AuthContext): boolean {
  return auth.twoFactorEnabled && !auth.twoFactorVerified;
}

/**
 * Looks a token up, whether or not its session passed two-factor authentication; expired sessions
 * are deleted, sessions near expiry are renewed, the last-seen time is kept.
 */
export async function readSessionToken(db: Database, token: string, now: Date): Promise<AuthContext | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const sessionId = hashToken(token);
  const rows = await db
    .select({
      expiresAt: schema.sessions.expiresAt,
      twoFactorVerified: schema.sessions.twoFactorVerified,
      lastSeenAt: schema.sessions.lastSeenAt,
      totpKey: schema.users.totpKey,
      user: {
        id: schema.users.id,
        email: schema.users.email,
        firstName: schema.users.firstName,
        lastName: schema.users.lastName,
        avatarUrl: schema.users.avatarUrl,
      },
      accountId: schema.accountMemberships.accountId,
      role: schema.accountMemberships.role,
      companyName: schema.accounts.companyName,
      adminUserId: schema.adminUsers.userId,
    })
    .from(schema.sessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
    .leftJoin(
      schema.accountMemberships,
      and(
        eq(schema.accountMemberships.userId, schema.users.id),
        or(
          isNull(schema.sessions.accountId),
          eq(schema.accountMemberships.accountId, schema.sessions.accountId),
        ),
      ),
    )
    .leftJoin(schema.accounts, eq(schema.accounts.id, schema.accountMemberships.accountId))
    .leftJoin(schema.adminUsers, eq(schema.adminUsers.userId, schema.users.id))
    // A disabled user's sessions are deleted when an admin disables them; refused here too.
    .where(and(eq(schema.sessions.id, sessionId), isNull(schema.users.disabledAt)))
    .orderBy(asc(schema.accountMemberships.createdAt))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() >= row.expiresAt.getTime()) {
    await db.delete(schema.sessions).where(eq(schema.sessions.id, sessionId));
    return null;
  }
  let expiresAt = row.expiresAt;
  let renewed = false;
  if (expiresAt.getTime() - now.getTime() < SESSION_RENEW_WITHIN_MS) {
    expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    renewed = true;
  }
  const seenLongAgo = !row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_PRECISION_MS;
  if (renewed || seenLongAgo)
    await db
      .update(schema.sessions)
      .set({ expiresAt, lastSeenAt: now })
      .where(eq(schema.sessions.id, sessionId));
  return {
    sessionId,
    expiresAt,
    renewed,
    user: row.user,
    account:
      row.accountId && row.companyName && row.role
        ? { id: row.accountId, companyName: row.companyName, role: row.role }
        : null,
    isAdmin: row.adminUserId !== null,
    twoFactorEnabled: row.totpKey !== null,
    twoFactorVerified: row.twoFactorVerified,
  };
}

export async function invalidateSession(db: Database, sessionId: string) {
  await db.delete(schema.sessions).where(eq(schema.sessions.id, sessionId));
}

/** Ends every session of a user, or every one but `keepSessionId`. */
export async function invalidateUserSessions(db: Database, userId: string, keepSessionId?: string) {
  await db
    .delete(schema.sessions)
    .where(
      keepSessionId
        ? and(eq(schema.sessions.userId, userId), ne(schema.sessions.id, keepSessionId))
        : eq(schema.sessions.userId, userId),
    );
}
