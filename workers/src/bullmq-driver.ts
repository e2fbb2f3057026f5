import { type Job, Queue, type RedisOptions, UnrecoverableError, Worker } from "bullmq";
import { defaultRetryPolicy, type JobDriver, type QueuedJob, type RetryPolicy } from "./driver";
import { createOutboxSettler, recordFailedJob } from "./failed-jobs";
import {
  type Concurrency,
  concurrencyOf,
  type JobInfo,
  type JobPorts,
  type Processors,
  processorFor,
  type QueueCounts,
  type QueueName,
  queueNames,
} from "./jobs";

export interface BullmqDriverOptions {
  /** redis:// or rediss:// URL. */
  redisUrl: string;
  ports: JobPorts;
  /** Prefix of every Redis key of the queues (tests use one of their own). */
  prefix?: string;
  retry?: Partial<RetryPolicy>;
  /** Jobs run at once per queue by this process (defaultConcurrency when not given). */
  concurrency?: Concurrency;
  /** How long an enqueue (or a count) may wait for Redis before it fails (the relay retries later). */
  enqueueTimeoutMs?: number;
  /** Lock and stalled-check timings of the workers (BullMQ's defaults: 30 s each). */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
}

/** Connection options from a redis:// URL. */
export function redisOptionsFromUrl(url: string): RedisOptions {
  const parsed = new URL(url);
  const db = Number(parsed.pathname.slice(1) || "0");
  return {
    host: parsed.hostname || "127.0.0.1",
    port: Number(parsed.port || 6379),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(Number.isInteger(db) && db > 0 ? { db } : {}),
    ...(parsed.protocol === "rediss:" ? { tls: {} } : {}),
  };
}

/** The promise, or a rejection once `ms` have passed without an answer from Redis. */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * BullMQ accepts a custom id with no colon (ours read `charge-call:CA…`): the mapping is one to
 * one for ids without a `|`, which neither carrier ids nor ours contain.
 */
export function bullmqJobId(jobId: string): string {
  return jobId.replaceAll(":", "|");
}

/**
 * Jobs on Redis through BullMQ. The job id is the outbox job id, so relaying a row twice adds
 * one job; completed ids are kept a day for that. Jobs whose lock lapses (a worker that died)
 * are taken back by the stalled checker of any live worker; `stop()` waits for jobs in flight.
 */
export function createBullmqDriver(options: BullmqDriverOptions): JobDriver {
  const { ports } = options;
  const settleOutboxJob = createOutboxSettler(ports.db, ports.clock);
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...options.retry };
  const prefix = options.prefix ?? "poundline";
  const base = redisOptionsFromUrl(options.redisUrl);
  const timeoutMs = options.enqueueTimeoutMs ?? 5000;
  const queues = new Map<QueueName, Queue>();
  const workers: Worker[] = [];
  let lastErrorLog = 0;

  // Redis errors repeat while it is down: log the first of each minute.
  const onError = (source: string) => (err: Error) => {
    const now = Date.now();
    if (now - lastErrorLog < 60_000) return;
    lastErrorLog = now;
    ports.log.warn({ err, source }, "queue connection error");
  };

  function queueOf(name: QueueName): Queue {
    let queue = queues.get(name);
    if (!queue) {
      // Producers fail fast while Redis is down (no offline queue; before the first connection
      // an add waits, up to the enqueue timeout): the outbox keeps the job meanwhile.
      queue = new Queue(name, {
        prefix,
        connection: { ...base, enableOfflineQueue: false, maxRetriesPerRequest: 1 },
      });
      queue.on("error", onError(`queue:${name}`));
      queues.set(name, queue);
    }
    return queue;
  }

  const jobOptions = (jobId: string) => ({
    jobId: bullmqJobId(jobId),
    attempts: policy.attempts,
    backoff: { type: "exponential" as const, delay: policy.backoffMs, jitter: policy.jitter },
    removeOnComplete: { age: 24 * 3600, count: 50_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  });

  async function onFailed(job: Job | undefined, err: Error) {
    if (!job) return;
    let final = job.attemptsMade >= (job.opts.attempts ?? 1) || err instanceof UnrecoverableError;
    try {
      final = (await job.getState()) === "failed";
    } catch {
      // Keep the estimate from the attempts.
    }
    if (!final) return;
    const info = { queue: job.queueName, name: job.name, jobId: job.id ?? "" };
    ports.log.error({ ...info, err }, "job failed for good");
    try {
      await recordFailedJob(
        ports.db,
        {
          ...info,
          jobId: (job.id ?? "").replaceAll("|", ":"),
          payload: job.data,
          error: err,
          attempts: job.attemptsMade,
        },
        ports.clock(),
      );
    } catch (recordError) {
      ports.log.error({ ...info, err: recordError }, "could not record the failed job");
    }
  }

  return {
    kind: "bullmq",
    async enqueue(queue, name, jobId, payload) {
      await withTimeout(queueOf(queue).add(name, payload, jobOptions(jobId)), timeoutMs);
    },
    async enqueueMany(jobs) {
      const byQueue = new Map<QueueName, QueuedJob[]>();
      for (const job of jobs) byQueue.set(job.queue, [...(byQueue.get(job.queue) ?? []), job]);
      await withTimeout(
        Promise.all(
          [...byQueue].map(([queue, list]) =>
            queueOf(queue).addBulk(
              list.map((job) => ({ name: job.name, data: job.payload, opts: jobOptions(job.jobId) })),
            ),
          ),
        ),
        timeoutMs,
      );
    },
    async start(processors: Processors) {
      for (const queueName of queueNames) {
        const worker = new Worker(
          queueName,
          async (job: Job) => {
            const processor = processorFor(processors, queueName, job.name);
            if (!processor) throw new UnrecoverableError(`No processor for ${queueName}/${job.name}`);
            const info: JobInfo = {
              queue: queueName,
              name: job.name,
              jobId: (job.id ?? "").replaceAll("|", ":"),
              attempt: job.attemptsMade + 1,
            };
            const outcome = await processor(ports, job.data, info);
            await settleOutboxJob(info.queue, info.jobId);
            ports.log.debug({ ...info, outcome }, "job finished");
            return outcome;
          },
          {
            prefix,
            // Auto-pipelining: the completions of the jobs that finish in one tick (a batch of
            // charges) go to Redis in one write instead of one each.
            connection: { ...base, maxRetriesPerRequest: null, enableAutoPipelining: true },
            concurrency: concurrencyOf(options.concurrency, queueName),
            ...(options.lockDurationMs ? { lockDuration: options.lockDurationMs } : {}),
            ...(options.stalledIntervalMs ? { stalledInterval: options.stalledIntervalMs } : {}),
          },
        );
        worker.on("error", onError(`worker:${queueName}`));
        worker.on("failed", (job, err) => void onFailed(job, err));
        workers.push(worker);
      }
    },
    async stop(stopOptions) {
      const force = stopOptions?.force ?? false;
      await Promise.allSettled(workers.splice(0).map((worker) => worker.close(force)));
      await Promise.allSettled([...queues.values()].map((queue) => queue.close()));
      queues.clear();
    },
    async counts() {
      const entries = await Promise.all(
        queueNames.map(async (name) => {
          const c = await withTimeout(
            queueOf(name).getJobCounts("waiting", "prioritized", "active", "delayed", "failed"),
            timeoutMs,
          );
          const depth = {
            waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
            active: c.active ?? 0,
            delayed: c.delayed ?? 0,
            failed: c.failed ?? 0,
          };
          return [name, depth] as const;
        }),
      );
      return Object.fromEntries(entries) as QueueCounts;
    },
  };
}
