import { type Database, newId, queryRows, schema } from "@poundline/db";
import type { JobLog } from "@poundline/platform/queue/jobs";
import { sql } from "drizzle-orm";

const { callLogs, jobOutbox, pendingCharges } = schema;

export interface ChargeDrainOptions {
  db: Database;
  log: JobLog;
  /** Charges up to `limit` of the account's pending calls (the biller's `drainCalls`); the rows taken. */
  drainCalls: (accountId: string, limit: number) => Promise<number>;
  /** How long a drain that found less than a full batch waits before looking again. */
  pollIntervalMs?: number;
  /** Pending charges per wallet transaction. */
  batchSize?: number;
  /** Failed passes in a row after which an account's oldest batch goes to the billing queue. */
  failuresBeforeQueue?: number;
  /** Waits after a failed pass: doubling from `minMs` to `maxMs`. */
  backoff?: { minMs: number; maxMs: number };
}

export interface ChargeDrain {
  /** Looks again at once (an idle drain otherwise looks every `pollIntervalMs`). */
  wake(): void;
  /** One pass over the accounts with pending charges; the rows taken. */
  drainOnce(): Promise<number>;
  /** Stops looking; a pass in flight finishes (its transactions commit or roll back). */
  stop(): Promise<void>;
}

/**
 * The workers' charge drain: the completed calls the status callbacks left in `pending_charges`
 * are charged straight from PostgreSQL, a batch per wallet transaction, with no queue job, no
 * outbox row and nothing relayed. While batches come back full it loops at once; otherwise it
 * looks again after `pollIntervalMs`. Several drains (processes) run side by side: each takes
 * rows the others do not hold (`FOR UPDATE SKIP LOCKED`), and their wallet locks order the
 * charges of one account. An account whose batches keep failing (a bug, a bad row) has its
 * oldest batch handed to the billing queue, one `charge-call` job per call, where retries,
 * backoff and `failed_jobs` apply; the rest of its calls drain on.
 */
export function startChargeDrain(options: ChargeDrainOptions): ChargeDrain {
  const { db, log, drainCalls } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const batchSize = options.batchSize ?? 500;
  const failuresBeforeQueue = options.failuresBeforeQueue ?? 3;
  const backoff = options.backoff ?? { minMs: 200, maxMs: 10_000 };
  const failures = new Map<string, number>();
  let stopped = false;
  let wakeUp: (() => void) | null = null;

  /** One pass: every account with pending charges, a batch each. */
  async function pass(): Promise<{ taken: number; full: boolean; failed: boolean }> {
    const accounts = await queryRows<{ account_id: string }>(
      db,
      sql`select distinct account_id from ${pendingCharges} limit 100`,
    );
    let taken = 0;
    let full = false;
    let failed = false;
    for (const { account_id: accountId } of accounts) {
      try {
        const n = await drainCalls(accountId, batchSize);
        failures.delete(accountId);
        taken += n;
        full ||= n >= batchSize;
      } catch (err) {
        failed = true;
        await accountFailed(accountId, err);
      }
    }
    return { taken, full, failed };
  }

  async function accountFailed(accountId: string, err: unknown) {
    const count = (failures.get(accountId) ?? 0) + 1;
    failures.set(accountId, count);
    log.error({ err, accountId, failures: count }, "charge drain: charging pending calls failed");
    if (count < failuresBeforeQueue) return;
    failures.delete(accountId);
    const queued = await queuePendingCalls(db, accountId, batchSize).catch((error: unknown) => {
      log.error({ err: error, accountId }, "charge drain: handing pending calls to the billing queue failed");
      return 0;
    });
    if (queued > 0)
      log.warn({ accountId, queued }, "charge drain: pending calls handed to the billing queue");
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  async function run() {
    let failedPasses = 0;
    while (!stopped) {
      let outcome = { taken: 0, full: false, failed: true };
      try {
        outcome = await pass();
      } catch (err) {
        log.error({ err }, "charge drain: reading pending charges failed");
      }
      failedPasses = outcome.failed ? failedPasses + 1 : 0;
      if (stopped) break;
      if (outcome.full && !outcome.failed) continue;
      await sleep(
        failedPasses > 0 ? Math.min(backoff.maxMs, backoff.minMs * 2 ** (failedPasses - 1)) : pollIntervalMs,
      );
    }
  }

  const running = run();
  return {
    wake: () => wakeUp?.(),
    drainOnce: async () => (await pass()).taken,
    async stop() {
      stopped = true;
      wakeUp?.();
      await running;
    },
  };
}

/**
 * Moves the account's oldest pending charges to the outbox as `charge-call` jobs, in one
 * statement. Each job's id names its pending row (`charge-call:<CallSid>:pending:<id>`), new to
 * the queue: a completed job of the same call kept by the queue does not swallow it.
 */
async function queuePendingCalls(db: Database, accountId: string, limit: number): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with moved as (
        delete from ${pendingCharges} p
        where p.account_id = ${accountId} and p.id in (
          select id from ${pendingCharges} where account_id = ${accountId}
          order by id limit ${limit} for update skip locked)
        returning p.id, p.call_log_id
      )
      insert into ${jobOutbox} (id, queue, job_name, job_id, payload)
      select ${newId("job")} || '-' || moved.id, 'billing', 'charge-call',
        'charge-call:' || l.call_sid || ':pending:' || moved.id, jsonb_build_object('callSid', l.call_sid)
      from moved join ${callLogs} l on l.id = moved.call_log_id
      returning id`,
  );
  return rows.length;
}
