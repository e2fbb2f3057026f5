import { type Database, inJsonList, newId, schema, withoutQueryValues } from "@poundline/db";
import { and, eq, isNull, sql } from "drizzle-orm";
import { keyedGroupCommit } from "../group-commit";

export interface FailedJob {
  queue: string;
  name: string;
  jobId: string;
  payload: unknown;
  error: unknown;
  attempts: number;
}

/**
 * The message of an error, with its stack when there is one, bounded for the table; never the
 * values of a failed query (admins read this table).
 */
export function describeError(failure: unknown): string {
  const error = withoutQueryValues(failure);
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return text.slice(0, 4000);
}

/**
 * Records a job that failed for good. One open record per job: a second report of the same
 * failure (a worker that dies after writing it, and the job fails again) changes nothing.
 */
export async function recordFailedJob(db: Database, failed: FailedJob, now: Date): Promise<void> {
  await db
    .insert(schema.failedJobs)
    .values({
      id: newId("job"),
      queue: failed.queue,
      jobName: failed.name,
      jobId: failed.jobId,
      payload: failed.payload ?? {},
      error: describeError(failed.error),
      attempts: Math.max(1, failed.attempts),
      failedAt: now,
    })
    .onConflictDoNothing();
  await settleOutboxJob(db, failed.queue, failed.jobId, now);
}

/**
 * Marks the outbox row of a job settled: the job ran (done or skipped) or failed for good. Rows
 * relayed but never settled are relayed again by the outbox relay (see outbox-relay.ts).
 */
export async function settleOutboxJob(db: Database, queue: string, jobId: string, now: Date): Promise<void> {
  await db
    .update(schema.jobOutbox)
    .set({ settledAt: now })
    .where(
      and(
        eq(schema.jobOutbox.queue, queue),
        eq(schema.jobOutbox.jobId, jobId),
        isNull(schema.jobOutbox.settledAt),
      ),
    );
}

/**
 * `settleOutboxJob` for a busy worker: settlements that arrive while one is being written go
 * in the next UPDATE together (one per queue), so settling costs no round trip per job.
 */
export function createOutboxSettler(db: Database, clock: () => Date) {
  const settle = keyedGroupCommit(
    (job: { queue: string; jobId: string }) => job.queue,
    async (queue, jobs) => {
      await db
        .update(schema.jobOutbox)
        .set({ settledAt: clock() })
        .where(
          and(
            eq(schema.jobOutbox.queue, queue),
            sql`${schema.jobOutbox.jobId} = ${inJsonList(jobs.map((j) => j.jobId))}`,
            isNull(schema.jobOutbox.settledAt),
          ),
        );
      return jobs.map(() => undefined);
    },
  );
  return (queue: string, jobId: string): Promise<void> => settle({ queue, jobId });
}
