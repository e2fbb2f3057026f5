import { type Database, type DatabaseHandle, newId, schema } from "@poundline/db";
import type {
  JobLog,
  JobName,
  JobPayload,
  JobPorts,
  Processor,
  QueueName,
} from "@poundline/platform/queue/jobs";
import { sql } from "drizzle-orm";

/** A logger that keeps nothing (set DEBUG_JOBS=1 to see the lines). */
export const quietLog: JobLog = process.env.DEBUG_JOBS
  ? {
      debug: (o, m) => console.debug(m, o),
      info: (o, m) => console.info(m, o),
      warn: (o, m) => console.warn(m, o),
      error: (o, m) => console.error(m, o),
    }
  : { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

export function portsOf(handle: DatabaseHandle): JobPorts {
  return { db: handle.db, log: quietLog, clock: () => new Date() };
}

/** A table the test processors write their effect to: one row per job id, by its key. */
export async function createEffectsTable(db: Database): Promise<void> {
  await db.execute(sql`create table if not exists job_effects (
    job_id text primary key,
    processed_at timestamptz not null default now()
  )`);
}

export async function effectCount(db: Database, jobId?: string): Promise<number> {
  const result = await db.execute<{ n: number }>(
    jobId
      ? sql`select count(*)::int as n from job_effects where job_id = ${jobId}`
      : sql`select count(*)::int as n from job_effects`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as {
    n: number;
  }[];
  return Number(rows[0]?.n ?? 0);
}

/** A processor with one effect per job: the row in job_effects, written once ("skipped" after). */
export function recordingProcessor<P>(calls?: string[]): Processor<P> {
  return async (ports, _payload, job) => {
    calls?.push(job.jobId);
    const result = await ports.db.execute(
      sql`insert into job_effects (job_id) values (${job.jobId}) on conflict do nothing returning job_id`,
    );
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    return rows.length > 0 ? "done" : "skipped";
  };
}

/** An outbox row, as the API writes one. */
export async function writeOutbox<Q extends QueueName, N extends JobName<Q>>(
  db: Database,
  queue: Q,
  name: N,
  jobId: string,
  payload: JobPayload<Q, N>,
): Promise<string> {
  const id = newId("job");
  await db.insert(schema.jobOutbox).values({ id, queue, jobName: name, jobId, payload });
  return id;
}

export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 15_000, stepMs = 25) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise with its resolve, for processors that wait on the test. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/**
 * The charge hand-offs of a call waiting in `pending_charges` (the status callback's; one more
 * per re-rate), as the workers' charge drain will find them.
 */
export async function pendingChargesOf(db: Database, callSid: string): Promise<number> {
  const rows = await db
    .select({ id: schema.pendingCharges.id })
    .from(schema.pendingCharges)
    .innerJoin(schema.callLogs, sql`${schema.callLogs.id} = ${schema.pendingCharges.callLogId}`)
    .where(sql`${schema.callLogs.callSid} = ${callSid}`);
  return rows.length;
}
