import { backoffDelay, defaultRetryPolicy, type JobDriver, type QueuedJob, type RetryPolicy } from "./driver";
import { createOutboxSettler, recordFailedJob } from "./failed-jobs";
import {
  type Concurrency,
  concurrencyOf,
  type JobInfo,
  type JobPorts,
  type Processors,
  processorFor,
  type QueueCounts,
  type QueueDepth,
  type QueueName,
  queueNames,
} from "./jobs";

export interface InProcessDriverOptions {
  ports: JobPorts;
  retry?: Partial<RetryPolicy>;
  /** Jobs run at once per queue (defaultConcurrency when not given). */
  concurrency?: Concurrency;
  /** Ids of finished jobs remembered for deduplication. */
  rememberFinished?: number;
}

type State = "waiting" | "active" | "delayed" | "failed";

interface Entry {
  queue: QueueName;
  name: string;
  jobId: string;
  payload: unknown;
  attemptsMade: number;
  state: State;
}

const keyOf = (queue: string, jobId: string) => `${queue}\u0000${jobId}`;

/** The keys of the last `remember` finished jobs: adding one past that forgets the oldest. */
function finishedJobMemory(remember: number) {
  const finished = new Set<string>();
  return {
    has: (key: string) => finished.has(key),
    add(key: string) {
      finished.add(key);
      if (finished.size > remember) {
        const oldest = finished.values().next().value;
        if (oldest !== undefined) finished.delete(oldest);
      }
    },
  };
}

const jobInfoOf = (entry: Entry): JobInfo => ({
  queue: entry.queue,
  name: entry.name,
  jobId: entry.jobId,
  attempt: entry.attemptsMade + 1,
});

/** A job out of attempts: logged, and recorded as a failed job (logged too when that fails). */
async function recordFailedForGood(ports: JobPorts, info: JobInfo, entry: Entry, error: unknown) {
  ports.log.error({ ...info, err: error }, "job failed for good");
  entry.state = "failed";
  try {
    await recordFailedJob(
      ports.db,
      { ...info, payload: entry.payload, error, attempts: entry.attemptsMade },
      ports.clock(),
    );
  } catch (recordError) {
    ports.log.error({ ...info, err: recordError }, "could not record the failed job");
  }
}

/** Retries waiting out their backoff: unref'd (they keep no process alive), cancelled on stop. */
function retryTimers() {
  const timers = new Set<NodeJS.Timeout>();
  return {
    after(delayMs: number, run: () => void) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, delayMs);
      timer.unref();
      timers.add(timer);
    },
    cancelAll() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

function countsOf(entries: Iterable<Entry>): QueueCounts {
  const counts = {} as QueueCounts;
  for (const queue of queueNames) counts[queue] = { waiting: 0, active: 0, delayed: 0, failed: 0 };
  for (const entry of entries) {
    const depth: QueueDepth = counts[entry.queue];
    depth[entry.state] += 1;
  }
  return counts;
}

/**
 * Runs jobs inside this process: the embedded default without Redis. Same processors, same
 * retry policy and failure record as BullMQ; jobs live in memory, so the durable hand-off is the
 * outbox (a job lost with the process is one whose effect the processors find undone).
 */
export function createInProcessDriver(options: InProcessDriverOptions): JobDriver {
  const { ports } = options;
  const settleOutboxJob = createOutboxSettler(ports.db, ports.clock);
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...options.retry };
  const remember = options.rememberFinished ?? 10_000;
  const entries = new Map<string, Entry>();
  const finished = finishedJobMemory(remember);
  const waiting = new Map<QueueName, Entry[]>(queueNames.map((q) => [q, []]));
  const active = new Map<QueueName, number>(queueNames.map((q) => [q, 0]));
  const retries = retryTimers();
  const inFlight = new Set<Promise<void>>();
  let processors: Processors | null = null;
  let stopping = false;

  function finish(entry: Entry) {
    entries.delete(keyOf(entry.queue, entry.jobId));
    finished.add(keyOf(entry.queue, entry.jobId));
  }

  function pump(queue: QueueName) {
    if (!processors || stopping) return;
    const list = waiting.get(queue) ?? [];
    while (list.length > 0 && (active.get(queue) ?? 0) < concurrencyOf(options.concurrency, queue)) {
      const entry = list.shift() as Entry;
      active.set(queue, (active.get(queue) ?? 0) + 1);
      const run = execute(entry).finally(() => {
        inFlight.delete(run);
        active.set(queue, (active.get(queue) ?? 1) - 1);
        pump(queue);
      });
      inFlight.add(run);
    }
  }

  function add({ queue, name, jobId, payload }: QueuedJob) {
    if (stopping) throw new Error("The job driver is stopping");
    const k = keyOf(queue, jobId);
    if (entries.has(k) || finished.has(k)) return;
    const entry: Entry = { queue, name, jobId, payload, attemptsMade: 0, state: "waiting" };
    entries.set(k, entry);
    waiting.get(queue)?.push(entry);
    // Run on a later turn: the caller's transaction commits before the processor reads.
    queueMicrotask(() => pump(queue));
  }

  async function execute(entry: Entry) {
    entry.state = "active";
    const info = jobInfoOf(entry);
    const processor = processors && processorFor(processors, entry.queue, entry.name);
    try {
      if (!processor) throw new Error(`No processor for ${entry.queue}/${entry.name}`);
      const outcome = await processor(ports, entry.payload, info);
      await settleOutboxJob(info.queue, info.jobId);
      ports.log.debug({ ...info, outcome }, "job finished");
      finish(entry);
    } catch (error) {
      entry.attemptsMade += 1;
      if (processor && entry.attemptsMade < policy.attempts) {
        const delay = backoffDelay(policy, entry.attemptsMade);
        ports.log.warn({ ...info, err: error, retryInMs: delay }, "job failed, will retry");
        entry.state = "delayed";
        retries.after(delay, () => {
          entry.state = "waiting";
          waiting.get(entry.queue)?.push(entry);
          pump(entry.queue);
        });
        return;
      }
      await recordFailedForGood(ports, info, entry, error);
      finish(entry);
    }
  }

  return {
    kind: "in-process",
    async enqueue(queue, name, jobId, payload) {
      add({ queue, name, jobId, payload });
    },
    async enqueueMany(jobs) {
      for (const job of jobs) add(job);
    },
    async start(given) {
      processors = given;
      stopping = false;
      for (const queue of queueNames) pump(queue);
    },
    async stop(stopOptions) {
      stopping = true;
      retries.cancelAll();
      if (!stopOptions?.force) await Promise.allSettled([...inFlight]);
    },
    async counts() {
      return countsOf(entries.values());
    },
  };
}
