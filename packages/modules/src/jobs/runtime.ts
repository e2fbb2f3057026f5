import type { Database } from "@poundline/db";
import { createOutboxWriter } from "@poundline/platform/outbox";
import { createBullmqDriver } from "@poundline/platform/queue/bullmq-driver";
import type { JobDriver, RetryPolicy } from "@poundline/platform/queue/driver";
import { createInProcessDriver } from "@poundline/platform/queue/in-process-driver";
import type { Concurrency, JobLog, Processors, QueueCounts } from "@poundline/platform/queue/jobs";
import { createOutboxRelay, type OutboxRelay } from "@poundline/platform/queue/outbox-relay";
import type { FileStorage } from "@poundline/platform/storage/port";
import { enqueueDueTexts } from "../automations/due-scan";
import { type ChargeDrain, startChargeDrain } from "../billing/jobs/charge-drain";
import { startHousekeeping } from "../housekeeping/housekeeping";
import { dispatchDueDeliveries } from "../webhooks/deliver";
import { startPeriodicScan } from "./periodic-scan";
import { billerBehind } from "./processors";

export interface StartJobsOptions {
  db: Database;
  log: JobLog;
  clock?: () => Date;
  /** BullMQ on this Redis; the in-process driver without it. */
  redisUrl?: string | undefined;
  /** Prefix of the BullMQ keys. */
  prefix?: string;
  /** The processors to run here; none: this process only hands jobs off (an API beside workers). */
  processors?: Processors;
  retry?: Partial<RetryPolicy>;
  concurrency?: Concurrency;
  pollIntervalMs?: number;
  /** The telephony gate changed with the passing of a date (housekeeping): recompile routing. */
  gateChanged?: () => Promise<void>;
  /** How often an idle charge drain looks for pending charges (default 50 ms). */
  chargePollIntervalMs?: number;
  /** The recordings' storage: housekeeping deletes those past their account's retention. */
  storage?: FileStorage;
}

/** The job side of a process: a driver, its processors when given, and the outbox relay. */
export interface JobsRuntime {
  driver: JobDriver;
  relay: OutboxRelay;
  /** The charge drain, where the billing processors run (null in a process that only hands jobs off). */
  chargeDrain: ChargeDrain | null;
  /** Wakes the relay: call after committing an outbox row. */
  notify(): void;
  counts(): Promise<QueueCounts>;
  /** Stops the relay, then the driver, letting jobs in flight finish. */
  stop(): Promise<void>;
}

export async function startJobs(options: StartJobsOptions): Promise<JobsRuntime> {
  const ports = { db: options.db, log: options.log, clock: options.clock ?? (() => new Date()) };
  const common = {
    ports,
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
  };
  const driver = options.redisUrl
    ? createBullmqDriver({
        ...common,
        redisUrl: options.redisUrl,
        ...(options.prefix ? { prefix: options.prefix } : {}),
      })
    : createInProcessDriver(common);
  if (options.processors) await driver.start(options.processors);
  // Completed calls are charged from `pending_charges` where the billing processors run.
  const biller = options.processors ? billerBehind(options.processors, ports) : undefined;
  const chargeDrain = biller
    ? startChargeDrain({
        db: options.db,
        log: options.log,
        drainCalls: (accountId, limit) => biller.drainCalls(accountId, limit),
        ...(options.chargePollIntervalMs ? { pollIntervalMs: options.chargePollIntervalMs } : {}),
      })
    : null;
  const relay = createOutboxRelay({
    db: options.db,
    driver,
    log: options.log,
    clock: ports.clock,
    ...(options.pollIntervalMs ? { pollIntervalMs: options.pollIntervalMs } : {}),
  });
  relay.start();
  // The process that relays the outbox also clears the machinery's old rows.
  const housekeeping = startHousekeeping({
    db: options.db,
    log: options.log,
    clock: ports.clock,
    ...(options.storage ? { storage: options.storage } : {}),
    billing: {
      outbox: createOutboxWriter({ db: options.db, wake: () => relay.notify() }),
      ...(options.gateChanged ? { gateChanged: options.gateChanged } : {}),
    },
  });
  // Webhook retries (and deliveries held back by their order) are handed to the queue when due.
  const scanPorts = { db: options.db, log: options.log, clock: ports.clock, wake: () => relay.notify() };
  const webhooks = startPeriodicScan(dispatchDueDeliveries, {
    ...scanPorts,
    what: "webhook dispatch",
    everyMs: 5_000,
  });
  // Scheduled and deferred automated texts, handed to the workers when due.
  const dueTexts = startPeriodicScan(enqueueDueTexts, {
    ...scanPorts,
    what: "scheduled texts scan",
    everyMs: 30_000,
  });
  return {
    driver,
    relay,
    chargeDrain,
    notify: () => relay.notify(),
    counts: () => driver.counts(),
    async stop() {
      await housekeeping.stop();
      await webhooks.stop();
      await dueTexts.stop();
      await chargeDrain?.stop();
      await relay.stop();
      await driver.stop();
    },
  };
}
