import { type Database, newId, schema } from "@poundline/db";
import type { JobName, JobPayload, QueueName } from "./jobs";

/**
 * The one way work reaches a worker: a `job_outbox` row written in the transaction of the row it
 * belongs to (so neither exists without the other), relayed to the queue after the commit by the
 * outbox relay (packages/platform/src/queue/outbox-relay.ts), which the writer wakes then.
 */

/** Which job: its queue, its name there (both from the job map), and its queue-level id. */
export interface OutboxJob<Q extends QueueName = QueueName, N extends JobName<Q> = JobName<Q>> {
  queue: Q;
  name: N;
  /** The queue-level id (the carrier id where there is one): enqueuing it twice is a no-op. */
  jobId: string;
}

/** An outbox row's values. Built by `outboxRow`, so its job and payload are the job map's. */
export interface OutboxRow {
  id: string;
  queue: QueueName;
  jobName: string;
  jobId: string;
  payload: unknown;
}

/**
 * The values of one outbox row, checked against the job map: for a statement that writes the
 * rows of many jobs at once (the call-status writer's batches), which then wakes the relay with
 * `OutboxWriter.notify` after it committed.
 */
export function outboxRow<Q extends QueueName, N extends JobName<Q>>(
  job: OutboxJob<Q, N>,
  payload: JobPayload<Q, N>,
): OutboxRow {
  return { id: newId("job"), queue: job.queue, jobName: job.name, jobId: job.jobId, payload };
}

declare const opened: unique symbol;

/** A transaction opened by `OutboxWriter.transaction`: the jobs enqueued in it wake the relay once it commits. */
export type OutboxTransaction = Database & { readonly [opened]: true };

/** The jobs enqueued so far in each open transaction of a writer. */
const enqueuedIn = new WeakMap<object, { count: number }>();

/**
 * Writes a job's outbox row in the caller's transaction: committed with it, rolled back with
 * it. The relay is woken after the commit.
 */
export async function enqueue<Q extends QueueName, N extends JobName<Q>>(
  tx: OutboxTransaction,
  job: OutboxJob<Q, N>,
  payload: JobPayload<Q, N>,
): Promise<void> {
  await write(tx, outboxRow(job, payload));
}

/** A job read back from a table, whose names the map cannot vouch for at compile time. */
export interface StoredJob {
  queue: string;
  name: string;
  jobId: string;
  payload: unknown;
}

/**
 * Hands a stored job back to its queue (an admin retrying a job that failed for good). Its names
 * were checked when it was first written; the relay checks them again, and records a job nothing
 * can run as failed. The one way in that the job map does not type: keep it to stored jobs.
 */
export async function enqueueStored(tx: OutboxTransaction, job: StoredJob): Promise<void> {
  await write(tx, {
    id: newId("job"),
    queue: job.queue as QueueName,
    jobName: job.name,
    jobId: job.jobId,
    payload: job.payload ?? {},
  });
}

async function write(tx: OutboxTransaction, row: OutboxRow): Promise<void> {
  const enqueued = enqueuedIn.get(tx);
  if (!enqueued) throw new Error("enqueue: the transaction was not opened by the outbox writer");
  await tx.insert(schema.jobOutbox).values(row);
  enqueued.count += 1;
}

export interface OutboxWriter {
  /**
   * Runs `work` in a transaction of its own; once it has committed having enqueued jobs, wakes the
   * relay. A transaction that rolls back takes its jobs with it and wakes nothing.
   */
  transaction<T>(work: (tx: OutboxTransaction) => Promise<T>): Promise<T>;
  /** Wakes the relay: after a statement written with `outboxRow` values has committed. */
  notify(): void;
}

export interface OutboxWriterOptions {
  db: Database;
  /** Wakes the outbox relay (the jobs runtime's `notify`); cheap, and must not throw. */
  wake: () => void;
}

export function createOutboxWriter({ db, wake }: OutboxWriterOptions): OutboxWriter {
  return {
    async transaction(work) {
      const enqueued = { count: 0 };
      const result = await db.transaction(async (tx) => {
        enqueuedIn.set(tx, enqueued);
        try {
          return await work(tx as unknown as OutboxTransaction);
        } finally {
          enqueuedIn.delete(tx);
        }
      });
      if (enqueued.count > 0) wake();
      return result;
    },
    notify: () => wake(),
  };
}
