import { type Database, schema } from "@poundline/db";
import type { JobName, JobPayload } from "@poundline/platform/jobs";
import { outboxRow } from "@poundline/platform/outbox";
import { eq, type SQL, sql } from "drizzle-orm";

const { accountMemberships, jobOutbox, pushSubscriptions } = schema;

type PushJob = Extract<JobName<"notifications">, `push-${string}`>;

/**
 * Puts a push job in the outbox, in the caller's transaction, only when someone it may reach has
 * a device (`devices`: a condition over push_subscriptions): one statement, and no job at all for
 * the many members and accounts that never enabled push.
 */
async function enqueueWhen<N extends PushJob>(
  tx: Database,
  name: N,
  jobId: string,
  payload: JobPayload<"notifications", N>,
  devices: SQL,
): Promise<void> {
  const row = outboxRow({ queue: "notifications", name, jobId }, payload);
  await tx.execute(sql`insert into ${jobOutbox} (id, queue, job_name, job_id, payload)
    select ${row.id}, ${row.queue}, ${row.jobName}, ${row.jobId}, ${JSON.stringify(row.payload)}::jsonb
    where exists (${devices})`);
}

/** Whether a member enabled push on any device. */
export async function hasPushDevice(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** A push job for one member's devices, when they have any. */
export function enqueueMemberPush<N extends PushJob>(
  tx: Database,
  userId: string,
  name: N,
  jobId: string,
  payload: JobPayload<"notifications", N>,
): Promise<void> {
  return enqueueWhen(
    tx,
    name,
    jobId,
    payload,
    sql`select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${userId}`,
  );
}

/** A push job for an account's members' devices, when any of them has one. */
export function enqueueAccountPush<N extends PushJob>(
  tx: Database,
  accountId: string,
  name: N,
  jobId: string,
  payload: JobPayload<"notifications", N>,
): Promise<void> {
  return enqueueWhen(
    tx,
    name,
    jobId,
    payload,
    sql`select 1 from ${pushSubscriptions} join ${accountMemberships}
        on ${accountMemberships.userId} = ${pushSubscriptions.userId}
        where ${accountMemberships.accountId} = ${accountId}`,
  );
}
