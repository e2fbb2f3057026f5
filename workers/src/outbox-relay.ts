import { type Database, inJsonList, schema } from "@poundline/db";
import { and, asc, isNull, lt, sql } from "drizzle-orm";
import type { JobDriver, QueuedJob } from "./driver";
import { describeError, recordFailedJob } from "./failed-jobs";
import { isKnownJob, type JobLog } from "./jobs";

const { jobOutbox } = schema;

export interface OutboxRelayOptions {
  db: Database;
  driver: JobDriver;
  log: JobLog;
  clock?: () => Date;
  /** Rows relayed per transaction. */
  batchSize?: number;
  /** How often the relay looks without being woken. */
  pollIntervalMs?: number;
  /**
   * After a wake-up, how long to let the rest of a burst commit before taking the batch: under
   * load one batch (one round trip to the queue) then carries many rows instead of one.
   */
  gatherMs?: number;
  /** Back-off while the queue is unreachable: from `minMs`, doubling, up to `maxMs`. */
  backoff?: { minMs: number; maxMs: number };
  /**
   * A row relayed this long ago and not settled by a worker is relayed again: its job may have
   * been lost with a Redis that restarted without persistence. A job still in the queue makes
   * the second enqueue a no-op (same job id), and processors are idempotent.
   */
  resendAfterMs?: number;
}

export interface RelayResult {
  relayed: number;
  /** The error that stopped the batch (the queue unreachable), if one did. */
  error?: unknown;
}

export interface OutboxRelay {
  /** Starts the loop: a batch now, then on every `notify()` and every poll interval. */
  start(): void;
  /** Wakes the loop: the API calls it after committing an outbox row. Cheap, never throws. */
  notify(): void;
  /** Relays one batch now (the loop's step; tests call it directly). */
  relayOnce(): Promise<RelayResult>;
  /** Stops the loop after the batch in hand. */
  stop(): Promise<void>;
}

/**
 * Relays `job_outbox` rows, written in the transaction of the row they belong to, to the queue.
 * Each batch is locked with FOR UPDATE SKIP LOCKED, so relays running side by side never take the
 * same row; a row is marked relayed in the transaction that enqueued it. If the queue cannot be
 * reached the row keeps its place (attempts and last_error updated) and the relay backs off;
 * a row enqueued whose mark then failed is enqueued again, a no-op by its job id.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { db, driver, log } = options;
  const clock = options.clock ?? (() => new Date());
  const batchSize = options.batchSize ?? 500;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const gatherMs = options.gatherMs ?? 5;
  const backoff = options.backoff ?? { minMs: 500, maxMs: 30_000 };
  const resendAfterMs = options.resendAfterMs ?? 120_000;
  // Unsettled rows are looked for at most this often (a look is a query of its own).
  const staleCheckEveryMs = Math.min(5000, resendAfterMs / 4);
  let lastStaleCheck = Number.NEGATIVE_INFINITY;
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let woken = false;

  async function relayOnce(): Promise<RelayResult> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(jobOutbox)
        .where(isNull(jobOutbox.relayedAt))
        .orderBy(asc(jobOutbox.createdAt), asc(jobOutbox.id))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      if (rows.length < batchSize && Date.now() - lastStaleCheck >= staleCheckEveryMs) {
        lastStaleCheck = Date.now();
        const staleBefore = new Date(clock().getTime() - resendAfterMs);
        const stale = await tx
          .select()
          .from(jobOutbox)
          .where(and(isNull(jobOutbox.settledAt), lt(jobOutbox.relayedAt, staleBefore)))
          .orderBy(asc(jobOutbox.relayedAt), asc(jobOutbox.id))
          .limit(batchSize - rows.length)
          .for("update", { skipLocked: true });
        if (stale.length > 0) log.warn({ count: stale.length }, "relaying unsettled jobs again");
        rows.push(...stale);
      }
      const relayed: string[] = [];
      const jobs: (QueuedJob & { rowId: string })[] = [];
      for (const row of rows) {
        if (isKnownJob(row.queue, row.jobName)) {
          jobs.push({
            rowId: row.id,
            queue: row.queue,
            name: row.jobName,
            jobId: row.jobId,
            payload: row.payload,
          });
          continue;
        }
        // Nothing can run it: visible to admins instead of blocking the outbox.
        await recordFailedJob(
          tx,
          {
            queue: row.queue,
            name: row.jobName,
            jobId: row.jobId,
            payload: row.payload,
            error: new Error(`Unknown job ${row.queue}/${row.jobName}`),
            attempts: 1,
          },
          clock(),
        );
        relayed.push(row.id);
      }
      let error: unknown;
      if (jobs.length > 0) {
        try {
          // One round trip for the batch; a job the queue already holds is a no-op by its id.
          await driver.enqueueMany(jobs);
          relayed.push(...jobs.map((job) => job.rowId));
        } catch (err) {
          error = err;
          await tx
            .update(jobOutbox)
            .set({ attempts: sql`${jobOutbox.attempts} + 1`, lastError: describeError(err) })
            .where(sql`${jobOutbox.id} = ${inJsonList(jobs.map((job) => job.rowId))}`);
        }
      }
      if (relayed.length > 0) {
        await tx
          .update(jobOutbox)
          .set({ relayedAt: clock(), attempts: sql`${jobOutbox.attempts} + 1` })
          .where(sql`${jobOutbox.id} = ${inJsonList(relayed)}`);
      }
      return error === undefined ? { relayed: relayed.length } : { relayed: relayed.length, error };
    });
  }

  function sleep(ms: number, wakeable: boolean): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        if (wake === done) wake = null;
        resolve();
      }
      if (wakeable) {
        if (woken) return done();
        wake = done;
      } else {
        // Only stop() ends a back-off early.
        wake = () => {
          if (!running) done();
        };
      }
    });
  }

  async function run() {
    let failures = 0;
    while (running) {
      woken = false;
      let result: RelayResult;
      try {
        result = await relayOnce();
      } catch (err) {
        result = { relayed: 0, error: err };
      }
      if (!running) break;
      if (result.error !== undefined) {
        failures += 1;
        const ceiling = Math.min(backoff.maxMs, backoff.minMs * 2 ** (failures - 1));
        const delay = Math.floor(ceiling / 2 + (Math.random() * ceiling) / 2);
        if (failures === 1 || failures % 10 === 0) {
          log.warn({ err: result.error, failures, retryInMs: delay }, "outbox relay cannot enqueue");
        }
        await sleep(delay, false);
        continue;
      }
      if (failures > 0) log.info({ failures }, "outbox relay caught up with the queue");
      failures = 0;
      if (result.relayed >= batchSize) continue;
      await sleep(pollIntervalMs, true);
      if (running && gatherMs > 0) await sleep(gatherMs, false);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    notify() {
      woken = true;
      wake?.();
    },
    relayOnce,
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = null;
    },
  };
}
