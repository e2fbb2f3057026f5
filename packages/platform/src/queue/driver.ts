import type { JobName, JobPayload, Processors, QueueCounts, QueueName } from "./jobs";

/**
 * Where jobs go and where they run. Two implementations run the same processors: BullMQ on
 * Redis (`createBullmqDriver`) and, for the embedded default without Redis, in the process
 * (`createInProcessDriver`). Both retry with exponential backoff and jitter and record a job
 * whose last attempt fails in `failed_jobs`.
 */
export interface JobDriver {
  readonly kind: "bullmq" | "in-process";
  /**
   * Adds a job. `jobId` is the queue-level id (the carrier id where there is one): adding an id
   * the queue already holds is a no-op. Rejects when the queue cannot be reached.
   */
  enqueue<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    jobId: string,
    payload: JobPayload<Q, N>,
  ): Promise<void>;
  /**
   * Adds several jobs in one go (one round trip to Redis with BullMQ), each as `enqueue` would;
   * rejects, having added some or none, when the queue cannot be reached.
   */
  enqueueMany(jobs: QueuedJob[]): Promise<void>;
  /** Starts running jobs with these processors. */
  start(processors: Processors): Promise<void>;
  /**
   * Stops taking jobs and waits for the jobs in flight to finish. `force` does not wait: with
   * BullMQ their locks lapse and the stalled checker of another worker runs them again.
   */
  stop(options?: { force?: boolean }): Promise<void>;
  /** Waiting, active, delayed and failed jobs per queue. */
  counts(): Promise<QueueCounts>;
}

/** A job as the outbox holds it: names checked against the job map (`isKnownJob`). */
export interface QueuedJob {
  queue: QueueName;
  name: string;
  jobId: string;
  payload: unknown;
}

/** Retry policy shared by both drivers. */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Delay before the first retry; doubles with each attempt. */
  backoffMs: number;
  /** Fraction of the delay drawn at random (0 to 1), so failed jobs do not retry in step. */
  jitter: number;
}

export const defaultRetryPolicy: RetryPolicy = { attempts: 8, backoffMs: 2000, jitter: 0.5 };

/** Delay before attempt `attempt + 1`, after `attempt` failures: exponential, with jitter. */
export function backoffDelay(
  policy: RetryPolicy,
  attempt: number,
  random: () => number = Math.random,
): number {
  const full = policy.backoffMs * 2 ** Math.max(0, attempt - 1);
  const jitter = Math.min(1, Math.max(0, policy.jitter));
  return Math.floor(full * (1 - jitter) + random() * full * jitter);
}
