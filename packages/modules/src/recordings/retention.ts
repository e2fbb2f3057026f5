import { type Database, queryRows, schema } from "@poundline/db";
import type { recordingRetentionDays } from "@poundline/db/enums";
import type { FileStorage } from "@poundline/platform/storage/port";
import { and, eq, sql } from "drizzle-orm";

const { accounts, callRecordings } = schema;

/** Recordings deleted per query, so a first run over years of them holds no long transaction. */
const BATCH = 100;

/** Stored recordings older than their account's retention (an account keeping them forever has none). */
function expiredRecordings(db: Database, now: Date) {
  return queryRows<{ id: string; storage_key: string }>(
    db,
    sql`select ${callRecordings.id} as id, ${callRecordings.storageKey} as storage_key
      from ${callRecordings} join ${accounts} on ${accounts.id} = ${callRecordings.accountId}
      where ${callRecordings.status} = 'stored' and ${accounts.recordingRetentionDays} is not null
        and ${callRecordings.createdAt}
          < ${now.toISOString()}::timestamptz - ${accounts.recordingRetentionDays} * interval '1 day'
      order by ${callRecordings.createdAt}
      limit ${BATCH}`,
  );
}

/**
 * Deletes the stored object of every recording older than its account's retention, then marks
 * its row deleted by retention (the call history says so). The object goes first: a crash between
 * leaves a row still stored whose next run deletes nothing more and marks it. Returns how many.
 */
export async function deleteExpiredRecordings(
  ports: { db: Database; storage: FileStorage },
  now: Date,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await expiredRecordings(ports.db, now);
    for (const row of batch) {
      await ports.storage.delete(row.storage_key);
      await ports.db
        .update(callRecordings)
        .set({ status: "deleted", deletedAt: now, deletedReason: "retention" })
        .where(and(eq(callRecordings.id, row.id), eq(callRecordings.status, "stored")));
    }
    deleted += batch.length;
    if (batch.length < BATCH) return deleted;
  }
}

type RetentionDays = (typeof recordingRetentionDays)[number];

/** How many days the account keeps its call recordings; null: forever. */
export async function recordingRetention(db: Database, accountId: string): Promise<RetentionDays | null> {
  const [row] = await db
    .select({ days: accounts.recordingRetentionDays })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return (row?.days ?? null) as RetentionDays | null;
}

/** Sets it (the next housekeeping round deletes what is older). */
export async function setRecordingRetention(
  db: Database,
  accountId: string,
  days: RetentionDays | null,
  now: Date,
): Promise<void> {
  await db
    .update(accounts)
    .set({ recordingRetentionDays: days, updatedAt: now })
    .where(eq(accounts.id, accountId));
}
