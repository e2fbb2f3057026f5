import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import type { ApiKey, CreateApiKeyBody } from "@poundline/contracts/api-keys/schemas";
import type { ApiScope } from "@poundline/contracts/api-keys/scopes";
import { storableHeader } from "@poundline/contracts/input";
import { type Database, newId, schema } from "@poundline/db";
import { and, desc, eq, isNull } from "drizzle-orm";
import { type AuthContext, hashToken } from "../auth/sessions";

const { apiKeys, users, accountMemberships, accounts } = schema;

export const API_KEY_PREFIX = "pl_live_";
/** How many characters of the secret the console shows after the prefix. */
const VISIBLE_CHARACTERS = 8;
/** last_used_at/ip are written at most this often per key: a read per request, not a write. */
export const LAST_USED_PRECISION_MS = 60 * 1000;

/** 32 random bytes, base32: `pl_live_` and 52 characters. */
function generateSecret(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return `${API_KEY_PREFIX}${encodeBase32LowerCaseNoPadding(bytes)}`;
}

const KEY_PATTERN = /^pl_live_[a-z2-7]{52}$/;

const listed = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  lastUsedIp: apiKeys.lastUsedIp,
  revokedAt: apiKeys.revokedAt,
  creatorId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** The account's keys (or the one of `id`), newest first, with their creator's name. */
async function selectKeys(db: Database, accountId: string, id?: string): Promise<ApiKey[]> {
  const rows = await db
    .select(listed)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.accountId, accountId), id === undefined ? undefined : eq(apiKeys.id, id)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(({ creatorId, firstName, lastName, scopes, ...key }) => ({
    ...key,
    scopes: scopes as ApiScope[],
    createdBy: { id: creatorId, name: `${firstName} ${lastName}`.trim() },
  }));
}

export const listApiKeys = (db: Database, accountId: string) => selectKeys(db, accountId);

/** Creates a key; the secret is answered here only, the database keeps its hash. */
export async function createApiKey(
  db: Database,
  accountId: string,
  creatorId: string,
  body: CreateApiKeyBody,
): Promise<{ key: ApiKey; secret: string }> {
  const secret = generateSecret();
  const id = newId("apiKey");
  await db.insert(apiKeys).values({
    id,
    accountId,
    name: body.name,
    scopes: body.scopes,
    prefix: secret.slice(0, API_KEY_PREFIX.length + VISIBLE_CHARACTERS),
    secretHash: hashToken(secret),
    createdBy: creatorId,
    expiresAt: body.expiresAt ?? null,
  });
  const [key] = await selectKeys(db, accountId, id);
  if (!key) throw new Error(`API key ${id} not found after insert`);
  return { key, secret };
}

/** Revokes a key of the account; false when it has none of that id (or it was revoked already). */
export async function revokeApiKey(db: Database, accountId: string, id: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}

export interface KeyHolder {
  keyId: string;
  scopes: readonly string[];
  /** The creator, acting in the key's account with their role there today. */
  auth: AuthContext;
}

export type Authentication =
  | { ok: true; holder: KeyHolder }
  | { ok: false; reason: "unknown" | "expired" | "revoked" };

/**
 * The holder of a bearer key: unknown keys, revoked and expired ones, and keys whose creator
 * left the account or was disabled are refused. The last use is recorded at most once a minute.
 */
export async function authenticateApiKey(
  db: Database,
  secret: string,
  now: Date,
  ip: string | undefined,
): Promise<Authentication> {
  if (!KEY_PATTERN.test(secret)) return { ok: false, reason: "unknown" };
  const [row] = await db
    .select({
      id: apiKeys.id,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        avatarUrl: users.avatarUrl,
      },
      accountId: accounts.id,
      companyName: accounts.companyName,
      role: accountMemberships.role,
    })
    .from(apiKeys)
    .innerJoin(users, and(eq(users.id, apiKeys.createdBy), isNull(users.disabledAt)))
    .innerJoin(
      accountMemberships,
      and(
        eq(accountMemberships.userId, apiKeys.createdBy),
        eq(accountMemberships.accountId, apiKeys.accountId),
      ),
    )
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(eq(apiKeys.secretHash, hashToken(secret)))
    .limit(1);
  if (!row) return { ok: false, reason: "unknown" };
  if (row.revokedAt) return { ok: false, reason: "revoked" };
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS)
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now, lastUsedIp: storableHeader(ip, 100) })
      .where(eq(apiKeys.id, row.id));
  return {
    ok: true,
    holder: {
      keyId: row.id,
      scopes: row.scopes,
      auth: {
        sessionId: `api-key:${row.id}`,
        expiresAt: row.expiresAt ?? new Date(8_640_000_000_000_000),
        renewed: false,
        user: row.user,
        account: { id: row.accountId, companyName: row.companyName, role: row.role },
        // A key is never the platform's administrator, whoever made it.
        isAdmin: false,
        twoFactorEnabled: false,
        twoFactorVerified: false,
      },
    },
  };
}
