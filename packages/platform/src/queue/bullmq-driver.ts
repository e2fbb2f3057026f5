import { createHash } from "node:crypto";
import { type Job, Queue, type RedisOptions, UnrecoverableError, Worker } from "bullmq";
import { defaultRetryPolicy, type JobDriver, type QueuedJob, type RetryPolicy } from "./driver";
import { createOutboxSettler, describeError, recordFailedJob } from "./failed-jobs";
import {
  type Concurrency,
  concurrencyOf,
  isBatchedJob,
  type JobInfo,
  type JobPorts,
  type Processor,
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

/** Name of a queue job that carries many jobs of one name (see `batchedJobs`). */
const BATCH_PREFIX = "batch:";
/** Jobs carried by one queue job at most. */
const MAX_BATCH = 500;

/** One job carried by a batch; `error` is set on those that failed, the ones a retry runs again. */
interface BatchItem {
  jobId: string;
  payload: unknown;
  error?: string;
}

interface BatchData {
  items: BatchItem[];
}

/**
 * The queue jobs for a list of jobs: the batched ones (charges) of one queue and name go
 * together, up to MAX_BATCH in one queue job whose id is a digest of their ids (relaying the
 * same rows again adds nothing while it is kept); any other job, or a batched one alone, is a
 * queue job of its own.
 */
export function packJobs(jobs: QueuedJob[]): QueuedJob[] {
  const packed: QueuedJob[] = [];
  const groups = new Map<string, QueuedJob[]>();
  for (const job of jobs) {
    if (!isBatchedJob(job.queue, job.name)) {
      packed.push(job);
      continue;
    }
    const key = `${job.queue}\u0000${job.name}`;
    const group = groups.get(key);
    if (group) group.push(job);
    else groups.set(key, [job]);
  }
  for (const group of groups.values()) {
    for (let start = 0; start < group.length; start += MAX_BATCH) {
      const chunk = group.slice(start, start + MAX_BATCH);
      const [first] = chunk as [QueuedJob];
      if (chunk.length === 1) {
        packed.push(first);
        continue;
      }
      const digest = createHash("sha1")
        .update(chunk.map((job) => job.jobId).join("\n"))
        .digest("hex");
      const data: BatchData = { items: chunk.map((job) => ({ jobId: job.jobId, payload: job.payload })) };
      packed.push({
        queue: first.queue,
        name: `${BATCH_PREFIX}${first.name}`,
        jobId: `${BATCH_PREFIX}${first.name}:${digest}`,
        payload: data,
      });
    }
  }
  return packed;
}

type OutboxSettler = ReturnType<typeof createOutboxSettler>;

/** Our job id of a BullMQ job (see bullmqJobId). */
const ourJobId = (job: Job) => (job.id ?? "").replaceAll("|", ":");

/** Redis errors repeat while it is down: of all sources together, the first of each minute is logged. */
function rateLimitedErrorLog(ports: JobPorts) {
  let lastErrorLog = 0;
  return (source: string) => (err: Error) => {
    const now = Date.now();
    if (now - lastErrorLog < 60_000) return;
    lastErrorLog = now;
    ports.log.warn({ err, source }, "queue connection error");
  };
}

/** Whether BullMQ will not retry the job: its state, or when Redis cannot say, its attempts. */
async function failedForGood(job: Job, err: Error): Promise<boolean> {
  try {
    return (await job.getState()) === "failed";
  } catch {
    return job.attemptsMade >= (job.opts.attempts ?? 1) || err instanceof UnrecoverableError;
  }
}

/** Each job a failed batch still carries, recorded as a failed job of its own. */
async function recordFailedBatch(ports: JobPorts, job: Job, err: Error): Promise<void> {
  const name = job.name.slice(BATCH_PREFIX.length);
  const items = (job.data as BatchData).items;
  ports.log.error({ queue: job.queueName, name, count: items.length, err }, "jobs failed for good");
  for (const item of items) {
    try {
      await recordFailedJob(
        ports.db,
        {
          queue: job.queueName,
          name,
          jobId: item.jobId,
          payload: item.payload,
          error: item.error ?? err,
          attempts: job.attemptsMade,
        },
        ports.clock(),
      );
    } catch (recordError) {
      ports.log.error(
        { queue: job.queueName, name, jobId: item.jobId, err: recordError },
        "could not record the failed job",
      );
    }
  }
}

async function recordFailedSingleJob(ports: JobPorts, job: Job, err: Error): Promise<void> {
  const info = { queue: job.queueName, name: job.name, jobId: job.id ?? "" };
  ports.log.error({ ...info, err }, "job failed for good");
  try {
    await recordFailedJob(
      ports.db,
      { ...info, jobId: ourJobId(job), payload: job.data, error: err, attempts: job.attemptsMade },
      ports.clock(),
    );
  } catch (recordError) {
    ports.log.error({ ...info, err: recordError }, "could not record the failed job");
  }
}

/** A job's failure: once it is final, the job (or each job of a batch) is recorded as failed. */
async function recordIfFailedForGood(ports: JobPorts, job: Job | undefined, err: Error): Promise<void> {
  if (!job || !(await failedForGood(job, err))) return;
  if (job.name.startsWith(BATCH_PREFIX)) await recordFailedBatch(ports, job, err);
  else await recordFailedSingleJob(ports, job, err);
}

/**
 * Runs the jobs of a batch side by side and settles those that ran; when some fail, the queue
 * job keeps only them (with their errors) and throws, so its retry runs them alone.
 */
async function runBatch(
  ports: JobPorts,
  settleOutboxJob: OutboxSettler,
  job: Job,
  queue: QueueName,
  name: string,
  processor: Processor<unknown>,
) {
  const items = (job.data as BatchData).items;
  const attempt = job.attemptsMade + 1;
  const results = await Promise.allSettled(
    items.map(async (item) => {
      const info: JobInfo = { queue, name, jobId: item.jobId, attempt };
      const outcome = await processor(ports, item.payload, info);
      await settleOutboxJob(queue, item.jobId);
      return outcome;
    }),
  );
  const failed: BatchItem[] = [];
  let unrecoverable = true;
  for (const [i, result] of results.entries()) {
    if (result.status === "fulfilled") continue;
    const item = items[i] as BatchItem;
    failed.push({ jobId: item.jobId, payload: item.payload, error: describeError(result.reason) });
    unrecoverable &&= result.reason instanceof UnrecoverableError;
  }
  ports.log.debug({ queue, name, count: items.length, failed: failed.length }, "batch finished");
  if (failed.length === 0) return "done";
  await job.updateData({ items: failed } satisfies BatchData);
  const message = `${failed.length} of ${items.length} ${name} jobs failed; first: ${failed[0]?.error}`;
  throw unrecoverable ? new UnrecoverableError(message) : new Error(message);
}

/** The worker's processor for one queue: a batch, or a single job settled once it ran. */
function queueJobRunner(
  ports: JobPorts,
  settleOutboxJob: OutboxSettler,
  processors: Processors,
  queueName: QueueName,
) {
  return async (job: Job) => {
    if (job.name.startsWith(BATCH_PREFIX)) {
      const name = job.name.slice(BATCH_PREFIX.length);
      const processor = processorFor(processors, queueName, name);
      if (!processor) throw new UnrecoverableError(`No processor for ${queueName}/${name}`);
      return runBatch(ports, settleOutboxJob, job, queueName, name, processor);
    }
    const processor = processorFor(processors, queueName, job.name);
    if (!processor) throw new UnrecoverableError(`No processor for ${queueName}/${job.name}`);
    const info: JobInfo = {
      queue: queueName,
      name: job.name,
      jobId: ourJobId(job),
      attempt: job.attemptsMade + 1,
    };
    const outcome = await processor(ports, job.data, info);
    await settleOutboxJob(info.queue, info.jobId);
    ports.log.debug({ ...info, outcome }, "job finished");
    return outcome;
  };
}

/**
 * Jobs on Redis through BullMQ. The job id is the outbox job id, so relaying a row twice adds
 * one job; completed ids are kept a day for that. Jobs whose lock lapses (a worker that died)
 * are taken back by the stalled checker of any live worker; `stop()` waits for jobs in flight.
 *
 * Charges travel in batches (`packJobs`): one queue job runs its jobs side by side with their
 * own processor and ids (so the biller's group commit takes them in one wallet transaction) and
 * settles the outbox rows of those that ran. Those that failed stay in the queue job, which is
 * retried with them alone; when it fails for good, each is recorded as a failed job of its own
 * (its name, id, payload and error), as it would have been alone.
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
  const onError = rateLimitedErrorLog(ports);

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

  return {
    kind: "bullmq",
    async enqueue(queue, name, jobId, payload) {
      await withTimeout(queueOf(queue).add(name, payload, jobOptions(jobId)), timeoutMs);
    },
    async enqueueMany(jobs) {
      const byQueue = new Map<QueueName, QueuedJob[]>();
      for (const job of packJobs(jobs)) byQueue.set(job.queue, [...(byQueue.get(job.queue) ?? []), job]);
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
        const worker = new Worker(queueName, queueJobRunner(ports, settleOutboxJob, processors, queueName), {
          prefix,
          // Auto-pipelining: the completions of the jobs that finish in one tick (a batch of
          // charges) go to Redis in one write instead of one each.
          connection: { ...base, maxRetriesPerRequest: null, enableAutoPipelining: true },
          concurrency: concurrencyOf(options.concurrency, queueName),
          ...(options.lockDurationMs ? { lockDuration: options.lockDurationMs } : {}),
          ...(options.stalledIntervalMs ? { stalledInterval: options.stalledIntervalMs } : {}),
        });
        worker.on("error", onError(`worker:${queueName}`));
        worker.on("failed", (job, err) => void recordIfFailedForGood(ports, job, err));
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
