import type { Database } from "@poundline/db";
import { schema } from "@poundline/db";
import { and, count, eq, gt, isNull } from "drizzle-orm";
import { generateToken, hashToken } from "./sessions";

const HOUR_MS = 60 * 60 * 1000;

export type EmailTokenPurpose = "confirm_email" | "reset_password" | "change_email";

/** How long an e-mailed link works. */
export const emailTokenLifetimeMs: Record<EmailTokenPurpose, number> = {
  confirm_email: 24 * HOUR_MS,
  reset_password: HOUR_MS,
  change_email: 24 * HOUR_MS,
};

const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

/** A new single-use token for `purpose`; only its hash is stored. Returns the token for the link. */
export async function issueEmailToken(
  db: Database,
  userId: string,
  purpose: EmailTokenPurpose,
  now: Date,
  /** change_email: the address the link confirms. */
  newEmail?: string,
): Promise<string> {
  const token = generateToken();
  await db.insert(schema.emailTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    newEmail: newEmail ?? null,
    expiresAt: new Date(now.getTime() + emailTokenLifetimeMs[purpose]),
  });
  return token;
}

/**
 * Uses a token: marks it used if it exists, has this purpose, is unused and unexpired, in one
 * UPDATE so two concurrent uses cannot both succeed. Returns its user id, or null.
 */
export async function consumeEmailToken(
  db: Database,
  token: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string | null> {
  return (await consumeEmailTokenRow(db, token, purpose, now))?.userId ?? null;
}

/** consumeEmailToken with the token's new address (change_email). */
export async function consumeEmailTokenRow(
  db: Database,
  token: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<{ userId: string; newEmail: string | null } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const t = schema.emailTokens;
  const rows = await db
    .update(t)
    .set({ usedAt: now })
    .where(
      and(eq(t.tokenHash, hashToken(token)), eq(t.purpose, purpose), isNull(t.usedAt), gt(t.expiresAt, now)),
    )
    .returning({ userId: t.userId, newEmail: t.newEmail });
  return rows[0] ?? null;
}

/** Retires the user's outstanding tokens of a purpose (after a password change, say). */
export async function retireEmailTokens(db: Database, userId: string, purpose: EmailTokenPurpose, now: Date) {
  const t = schema.emailTokens;
  await db
    .update(t)
    .set({ usedAt: now })
    .where(and(eq(t.userId, userId), eq(t.purpose, purpose), isNull(t.usedAt)));
}

/** Tokens of a purpose issued to the user that have not expired yet (used or not). */
export async function countLiveEmailTokens(
  db: Database,
  userId: string,
  purpose: EmailTokenPurpose,
  now: Date,
) {
  const t = schema.emailTokens;
  const [row] = await db
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.purpose, purpose), gt(t.expiresAt, now)));
  return row?.n ?? 0;
}

/** Whether a token would be accepted now, without using it (to refuse early, before costly work). */
export async function isLiveEmailToken(db: Database, token: string, purpose: EmailTokenPurpose, now: Date) {
  if (!TOKEN_PATTERN.test(token)) return false;
  const t = schema.emailTokens;
  const [row] = await db
    .select({ userId: t.userId })
    .from(t)
    .where(
      and(eq(t.tokenHash, hashToken(token)), eq(t.purpose, purpose), isNull(t.usedAt), gt(t.expiresAt, now)),
    )
    .limit(1);
  return row !== undefined;
}
