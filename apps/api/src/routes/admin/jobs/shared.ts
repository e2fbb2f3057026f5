import type { FailedJob, ListFailedJobsQuery } from "@poundline/contracts/admin/schemas";
import { type Database, schema } from "@poundline/db";
import { recordAdminAction } from "@poundline/modules/admin/audit";
import { enqueueStored, type OutboxWriter } from "@poundline/platform/outbox";
import { and, count, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";

const { failedJobs } = schema;

// The input test (test/http/input.test.ts) reads the schemas of failed jobs from here.
export {
  ALREADY_RETRIED_MESSAGE,
  failedJobIdParamsSchema,
  failedJobListSchema,
  failedJobSchema,
  listFailedJobsQuerySchema,
} from "@poundline/contracts/admin/schemas";

const columns = {
  id: failedJobs.id,
  queue: failedJobs.queue,
  name: failedJobs.jobName,
  jobId: failedJobs.jobId,
  payload: failedJobs.payload,
  error: failedJobs.error,
  attempts: failedJobs.attempts,
  failedAt: failedJobs.failedAt,
  retriedAt: failedJobs.retriedAt,
  retriedBy: failedJobs.retriedBy,
};

/** Jobs failed for good, newest first. */
export async function listFailedJobs(
  db: Database,
  query: ListFailedJobsQuery,
): Promise<{ jobs: FailedJob[]; total: number }> {
  const filters: SQL[] = [];
  if (query.status === "open") filters.push(isNull(failedJobs.retriedAt));
  if (query.status === "retried") filters.push(isNotNull(failedJobs.retriedAt));
  if (query.queue) filters.push(eq(failedJobs.queue, query.queue));
  const where = and(...filters);
  const jobs = await db
    .select(columns)
    .from(failedJobs)
    .where(where)
    .orderBy(desc(failedJobs.failedAt), desc(failedJobs.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await db.select({ total: count() }).from(failedJobs).where(where);
  return { jobs, total: counted?.total ?? 0 };
}

/**
 * Hands a failed job back to its queue through the outbox, in one transaction with the mark,
 * under a job id of its own (the failed one is still known to the queue). Null for an unknown
 * id; "retried" when it was retried already.
 */
export async function retryFailedJob(
  outbox: OutboxWriter,
  id: string,
  adminUserId: string,
  now: Date,
): Promise<FailedJob | "retried" | null> {
  return outbox.transaction(async (tx) => {
    const [job] = await tx
      .update(failedJobs)
      .set({ retriedAt: now, retriedBy: adminUserId })
      .where(and(eq(failedJobs.id, id), isNull(failedJobs.retriedAt)))
      .returning(columns);
    if (!job) {
      const [existing] = await tx.select({ id: failedJobs.id }).from(failedJobs).where(eq(failedJobs.id, id));
      return existing ? "retried" : null;
    }
    await enqueueStored(tx, { ...job, jobId: `${job.jobId}:retry:${job.id}` });
    await recordAdminAction(tx, {
      actorUserId: adminUserId,
      action: "job.retry",
      targetType: "failed_job",
      targetId: job.id,
      before: { queue: job.queue, name: job.name, jobId: job.jobId, error: job.error, retriedAt: null },
      after: { retriedAt: job.retriedAt, retriedBy: job.retriedBy },
    });
    return job;
  });
}
