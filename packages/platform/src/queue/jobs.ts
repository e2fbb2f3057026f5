import type { Database } from "@poundline/db";
import { isKnownJob, type JobName, type JobPayload, type QueueName } from "../jobs";

// The job map is shared with the API, which writes the jobs (packages/platform).
export {
  isKnownJob,
  type JobMap,
  type JobName,
  type JobPayload,
  jobNames,
  type QueueName,
  queueNames,
} from "../jobs";

/**
 * Jobs whose processors share their work with the jobs running beside them (the biller's group
 * commit per wallet): the BullMQ driver carries many of them in one queue job, so a charge costs
 * no queue round trip of its own.
 */
export const batchedJobs: { [Q in QueueName]?: readonly JobName<Q>[] } = {
  billing: ["charge-call", "charge-sms"],
};

export function isBatchedJob(queue: QueueName, name: string): boolean {
  return (batchedJobs[queue] as readonly string[] | undefined)?.includes(name) ?? false;
}

/** Jobs run at once by one process: one number for every queue, or a number per queue. */
export type Concurrency = number | { [Q in QueueName]?: number };

/**
 * Charges are batched per wallet (packages/modules/src/billing/jobs), so the more charge jobs run at once,
 * the larger each batch and the fewer round trips per charge; other queues do slow I/O each.
 */
export const defaultConcurrency: { [Q in QueueName]: number } = {
  billing: 200,
  voicemail: 8,
  notifications: 8,
};

export function concurrencyOf(concurrency: Concurrency | undefined, queue: QueueName): number {
  if (typeof concurrency === "number") return concurrency;
  return concurrency?.[queue] ?? defaultConcurrency[queue];
}

/** What a processor did: its work, or nothing because the work was already done (or moot). */
export type JobOutcome = "done" | "skipped";

/** The minimal logger processors and the relay write to (pino and Fastify's logger fit). */
export interface JobLog {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** The ports a processor receives: passed in, so tests build what they need. */
export interface JobPorts {
  db: Database;
  log: JobLog;
  clock: () => Date;
}

/** Which job a processor runs: its queue-level id and the attempt (1 for the first). */
export interface JobInfo {
  queue: QueueName;
  name: string;
  jobId: string;
  attempt: number;
}

export type Processor<P> = (ports: JobPorts, payload: P, job: JobInfo) => Promise<JobOutcome>;

/** One processor for every job of the map. */
export type Processors = {
  [Q in QueueName]: { [N in JobName<Q>]: Processor<JobPayload<Q, N>> };
};

/** Depths of one queue, for /healthz. */
export interface QueueDepth {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export type QueueCounts = Record<QueueName, QueueDepth>;

/** The processor of a job named by strings (from a table or Redis), or null when unknown. */
export function processorFor(processors: Processors, queue: string, name: string): Processor<unknown> | null {
  if (!isKnownJob(queue, name)) return null;
  const byName = processors[queue] as Record<string, Processor<unknown>>;
  return byName[name] ?? null;
}
