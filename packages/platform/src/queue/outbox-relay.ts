import { type Database, inJsonList, schema } from "@poundline/db";
import {
  initialRelayState,
  type RelayCommand,
  type RelayEvent,
  type RelayFlowConfig,
  stepOutboxRelay,
} from "@poundline/domain";
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
 * a row enqueued whose mark then failed is enqueued again, a no-op by its job id. When to relay,
 * sleep or back off is decided by `stepOutboxRelay` (the domain's pure step); this runs it.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const config: RelayFlowConfig = {
    batchSize: options.batchSize ?? 500,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    gatherMs: options.gatherMs ?? 5,
    backoff: options.backoff ?? { minMs: 500, maxMs: 30_000 },
  };
  const relayOnce = createBatchRelay(options, config.batchSize);
  return { ...createRelayLoop(relayOnce, config, options.log), relayOnce };
}

type OutboxRecord = typeof jobOutbox.$inferSelect;

/** One batch relayed per call, in a transaction of its own (see createOutboxRelay). */
function createBatchRelay(options: OutboxRelayOptions, batchSize: number): () => Promise<RelayResult> {
  const { db, driver } = options;
  const clock = options.clock ?? (() => new Date());
  const resendAfterMs = options.resendAfterMs ?? 120_000;
  // Unsettled rows are looked for at most this often (a look is a query of its own).
  const staleCheckEveryMs = Math.min(5000, resendAfterMs / 4);
  let lastStaleCheck = Number.NEGATIVE_INFINITY;

  /** The rows to relay, locked: those never relayed, then (now and then) those relayed long ago and unsettled. */
  async function claim(tx: Database): Promise<OutboxRecord[]> {
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
      if (stale.length > 0) options.log.warn({ count: stale.length }, "relaying unsettled jobs again");
      rows.push(...stale);
    }
    return rows;
  }

  return () =>
    db.transaction(async (tx) => {
      const { jobs, relayed } = await setAsideUnknown(tx, await claim(tx), clock());
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

/**
 * The claimed rows as queue jobs; a row no processor can run is recorded as a failed job instead
 * (visible to admins rather than blocking the outbox) and counts as relayed.
 */
async function setAsideUnknown(tx: Database, rows: OutboxRecord[], now: Date) {
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
    const error = new Error(`Unknown job ${row.queue}/${row.jobName}`);
    await recordFailedJob(
      tx,
      { queue: row.queue, name: row.jobName, jobId: row.jobId, payload: row.payload, error, attempts: 1 },
      now,
    );
    relayed.push(row.id);
  }
  return { jobs, relayed };
}

/** The loop around `relayOnce`: when to relay, sleep or back off is stepOutboxRelay's to say. */
function createRelayLoop(
  relayOnce: () => Promise<RelayResult>,
  config: RelayFlowConfig,
  log: JobLog,
): Omit<OutboxRelay, "relayOnce"> {
  const state: LoopState = { running: false, wake: null, woken: false };
  let flow = initialRelayState;
  let loop: Promise<void> | null = null;

  /** Runs one command of the loop; the event it ends with, if any. */
  async function execute(command: RelayCommand): Promise<RelayEvent | null> {
    switch (command.type) {
      case "relay-batch": {
        state.woken = false;
        const result = await relayOnce().catch((err: unknown): RelayResult => ({ relayed: 0, error: err }));
        return result.error === undefined
          ? { type: "relayed", count: result.relayed }
          : { type: "relay-failed", error: result.error, jitter: Math.random() };
      }
      case "sleep":
        await sleep(state, command.ms, command.wakeable);
        return { type: "slept" };
      case "warn-cannot-enqueue":
      case "info-caught-up":
        logRelayNotice(log, command);
        return null;
    }
  }

  /** The executor of stepOutboxRelay: feeds it what each command came to, until it stops. */
  async function run() {
    let step = stepOutboxRelay(flow, { type: "start" }, config);
    while (state.running && step.commands.length > 0) {
      flow = step.state;
      let next: RelayEvent | null = null;
      for (const command of step.commands) next = (await execute(command)) ?? next;
      if (!state.running || next === null) break;
      step = stepOutboxRelay(flow, next, config);
    }
    flow = stepOutboxRelay(flow, { type: "stop" }, config).state;
  }

  return {
    start() {
      if (state.running) return;
      state.running = true;
      loop = run();
    },
    notify() {
      state.woken = true;
      state.wake?.();
    },
    async stop() {
      state.running = false;
      state.wake?.();
      await loop;
      loop = null;
    },
  };
}

/** The relay loop's flags: running, and how a wake-up reaches the sleep in progress. */
interface LoopState {
  running: boolean;
  wake: (() => void) | null;
  /** A notify() came since the last batch was taken. */
  woken: boolean;
}

/** Sleeps `ms`; a wakeable sleep ends at notify() (at once when one came already), any sleep at stop(). */
function sleep(state: LoopState, ms: number, wakeable: boolean): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      if (state.wake === done) state.wake = null;
      resolve();
    }
    if (wakeable) {
      if (state.woken) return done();
      state.wake = done;
    } else {
      // Only stop() ends a back-off or a gather early.
      state.wake = () => {
        if (!state.running) done();
      };
    }
  });
}

function logRelayNotice(
  log: JobLog,
  command: Extract<RelayCommand, { type: "warn-cannot-enqueue" | "info-caught-up" }>,
) {
  if (command.type === "info-caught-up")
    log.info({ failures: command.failures }, "outbox relay caught up with the queue");
  else
    log.warn(
      { err: command.error, failures: command.failures, retryInMs: command.retryInMs },
      "outbox relay cannot enqueue",
    );
}
