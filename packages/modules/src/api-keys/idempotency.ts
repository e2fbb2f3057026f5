import { type Database, schema } from "@poundline/db";
import { and, eq, lt } from "drizzle-orm";

const { idempotencyKeys } = schema;

/** How long a POST's answer is replayed for its Idempotency-Key. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3600 * 1000;

export type Claim =
  | { state: "claimed" }
  | { state: "replay"; status: number; body: unknown }
  | { state: "mismatch" }
  | { state: "in-progress" };

/**
 * Claims an Idempotency-Key for a request, by inserting its row first: of two requests at once
 * one inserts and does the work; the other finds the row and answers from it (the first's answer,
 * or "in progress" while there is none yet, or "mismatch" when its request differs).
 */
export async function claimIdempotencyKey(
  db: Database,
  accountId: string,
  key: string,
  requestHash: string,
  now: Date,
): Promise<Claim> {
  const sameKey = and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key));
  // A key older than its retention is free again, whether or not the housekeeping ran.
  await db
    .delete(idempotencyKeys)
    .where(and(sameKey, lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS))));
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ accountId, key, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { state: "claimed" };
  const [row] = await db.select().from(idempotencyKeys).where(sameKey);
  if (!row) return { state: "in-progress" };
  if (row.requestHash !== requestHash) return { state: "mismatch" };
  if (row.responseStatus === null) return { state: "in-progress" };
  return { state: "replay", status: row.responseStatus, body: row.responseBody };
}

/** Keeps the answer of the request that claimed the key. */
export async function completeIdempotencyKey(
  db: Database,
  accountId: string,
  key: string,
  answer: { status: number; body: unknown },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: answer.status, responseBody: answer.body ?? null })
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
}

/** Frees a key whose request failed on our side (a 5xx): a retry may do the work. */
export async function releaseIdempotencyKey(db: Database, accountId: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
}
