import { connect, createServer, type Server, type Socket } from "node:net";
import { type DatabaseHandle, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import {
  bullmqJobId,
  createBullmqDriver,
  redisOptionsFromUrl,
} from "@poundline/platform/queue/bullmq-driver";
import type { JobDriver } from "@poundline/platform/queue/driver";
import { createOutboxRelay } from "@poundline/platform/queue/outbox-relay";
import {
  createEffectsTable,
  effectCount,
  gate,
  portsOf,
  quietLog,
  recordingProcessor,
  sleep,
  waitFor,
  writeOutbox,
} from "@poundline/testing/jobs";
import { Queue } from "bullmq";
import { eq, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createProcessors } from "../../src/jobs/processors";

const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `test-${crypto.randomUUID().slice(0, 8)}`;
const fast = { attempts: 3, backoffMs: 50, jitter: 0.5 };

/** A TCP proxy to Redis that the test can take down and bring back on the same port. */
async function redisProxy(target: string) {
  const { host, port } = redisOptionsFromUrl(target);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  const listenPort = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return {
    url: `redis://127.0.0.1:${listenPort}`,
    async up() {
      server = createServer((client) => {
        const upstream = connect(port ?? 6379, host ?? "127.0.0.1");
        sockets.add(client);
        sockets.add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
      });
      await new Promise<void>((resolve) => server?.listen(listenPort, "127.0.0.1", resolve));
    },
    async down() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      const closing = server;
      server = null;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}

describe.skipIf(!redisUrl)("BullMQ driver", () => {
  let handle: DatabaseHandle;
  const drivers: JobDriver[] = [];
  const url = redisUrl ?? "";

  function driver(options: Partial<Parameters<typeof createBullmqDriver>[0]> = {}) {
    const created = createBullmqDriver({
      redisUrl: url,
      ports: portsOf(handle),
      prefix,
      retry: fast,
      ...options,
    });
    drivers.push(created);
    return created;
  }

  beforeAll(async () => {
    handle = await createTestDatabase();
    await createEffectsTable(handle.db);
  });
  // Each test's workers stop with it: a worker left running would take the next test's jobs.
  afterEach(async () => {
    for (const d of drivers.splice(0)) await d.stop({ force: true });
  });
  afterAll(async () => {
    const { Redis } = await import("ioredis");
    const redis = new Redis(url);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await handle.close();
  });
  beforeEach(async () => {
    await handle.db.delete(schema.jobOutbox);
    await handle.db.delete(schema.failedJobs);
  });

  it("maps our ids to ids BullMQ accepts, one to one", () => {
    expect(bullmqJobId("charge-call:CA123")).toBe("charge-call|CA123");
    expect(bullmqJobId("RE123")).toBe("RE123");
  });

  it("relays each outbox row once with two relays running at once, and runs each job once", async () => {
    const calls: string[] = [];
    const producer = driver();
    const worker = driver();
    await worker.start(createProcessors({ billing: { "charge-call": recordingProcessor(calls) } }));
    const enqueued: string[] = [];
    const counting: JobDriver = {
      ...producer,
      enqueueMany: async (jobs) => {
        enqueued.push(...jobs.map((job) => job.jobId));
        await producer.enqueueMany(jobs);
      },
    };
    const ids = Array.from({ length: 40 }, (_, i) => `charge-call:CAbull${i}`);
    for (const [i, jobId] of ids.entries()) {
      await writeOutbox(handle.db, "billing", "charge-call", jobId, { callSid: `CAbull${i}` });
    }
    const relays = [1, 2].map(() =>
      createOutboxRelay({ db: handle.db, driver: counting, log: quietLog, batchSize: 5, pollIntervalMs: 20 }),
    );
    for (const relay of relays) relay.start();
    await waitFor(async () => (await effectCount(handle.db)) >= 40);
    for (const relay of relays) await relay.stop();
    const pending = await handle.db.select().from(schema.jobOutbox).where(isNull(schema.jobOutbox.relayedAt));
    expect(pending).toHaveLength(0);
    expect(enqueued.toSorted()).toEqual(ids.toSorted());
    await sleep(200);
    expect(calls.toSorted()).toEqual(ids.toSorted());
    // Enqueuing a relayed id again is a no-op; so is relaying the same batch of charges again.
    await producer.enqueue("billing", "charge-call", "charge-call:CAbullOne", { callSid: "CAbullOne" });
    await producer.enqueue("billing", "charge-call", "charge-call:CAbullOne", { callSid: "CAbullOne" });
    const batch = [1, 2].map((i) => ({
      queue: "billing" as const,
      name: "charge-call",
      jobId: `charge-call:CAbullAgain${i}`,
      payload: { callSid: `CAbullAgain${i}` },
    }));
    await producer.enqueueMany(batch);
    await producer.enqueueMany(batch);
    await waitFor(async () => (await effectCount(handle.db)) >= 43);
    await sleep(300);
    expect(calls.filter((id) => id === "charge-call:CAbullOne")).toHaveLength(1);
    expect(calls.filter((id) => id.startsWith("charge-call:CAbullAgain"))).toHaveLength(2);
  });

  it("packs charges into one queue job, each run with its own id; only those that fail are retried, and recorded one by one", async () => {
    const runs: string[] = [];
    let flaky = true;
    const worker = driver();
    await worker.start(
      createProcessors({
        billing: {
          "charge-call": async (ports, payload, job) => {
            runs.push(`${job.jobId}#${job.attempt}`);
            if (payload.callSid === "CApackBad") throw new Error(`no such rate (attempt ${job.attempt})`);
            if (payload.callSid === "CApackFlaky" && flaky) {
              flaky = false;
              throw new Error("connection reset");
            }
            return recordingProcessor<typeof payload>()(ports, payload, job);
          },
        },
      }),
    );
    const sids = ["CApackA", "CApackBad", "CApackFlaky", "CApackB"];
    for (const sid of sids)
      await writeOutbox(handle.db, "billing", "charge-call", `charge-call:${sid}`, { callSid: sid });
    const enqueued: string[] = [];
    const counting: JobDriver = {
      ...worker,
      enqueueMany: async (jobs) => {
        enqueued.push(...jobs.map((job) => job.jobId));
        await worker.enqueueMany(jobs);
      },
    };
    const relay = createOutboxRelay({ db: handle.db, driver: counting, log: quietLog, pollIntervalMs: 20 });
    await relay.relayOnce();
    expect(enqueued).toHaveLength(4);
    const queue = new Queue("billing", { connection: redisOptionsFromUrl(url), prefix });
    const queued = await queue.getJobs(["waiting", "active", "delayed", "completed", "failed"]);
    const packed = queued.filter((job) => JSON.stringify(job.data).includes("CApack"));
    expect(packed.map((job) => job.name)).toEqual(["batch:charge-call"]);
    await queue.close();

    await waitFor(async () => (await handle.db.select().from(schema.failedJobs)).length === 1);
    expect(await effectCount(handle.db, "charge-call:CApackA")).toBe(1);
    expect(await effectCount(handle.db, "charge-call:CApackB")).toBe(1);
    expect(await effectCount(handle.db, "charge-call:CApackFlaky")).toBe(1);
    // The first attempt ran all four; the retries only those that had failed.
    expect(runs.filter((r) => r.endsWith("#1")).toSorted()).toEqual(
      sids.map((sid) => `charge-call:${sid}#1`).toSorted(),
    );
    expect(runs.filter((r) => !r.endsWith("#1")).toSorted()).toEqual([
      "charge-call:CApackBad#2",
      "charge-call:CApackBad#3",
      "charge-call:CApackFlaky#2",
    ]);
    const [failed] = await handle.db.select().from(schema.failedJobs);
    expect(failed).toMatchObject({
      queue: "billing",
      jobName: "charge-call",
      jobId: "charge-call:CApackBad",
      payload: { callSid: "CApackBad" },
      attempts: 3,
    });
    expect(failed?.error).toContain("no such rate");
    // Every hand-off is settled: by its run, or by its failure record.
    await waitFor(
      async () =>
        (await handle.db.select().from(schema.jobOutbox).where(isNull(schema.jobOutbox.settledAt))).length ===
        0,
    );
  });

  it("retries an enqueue while Redis is unreachable and relays the row once it is back", async () => {
    const proxy = await redisProxy(url);
    const calls: string[] = [];
    const worker = driver();
    await worker.start(createProcessors({ billing: { "charge-sms": recordingProcessor(calls) } }));
    const producer = driver({ redisUrl: proxy.url, enqueueTimeoutMs: 500 });
    const rowId = await writeOutbox(handle.db, "billing", "charge-sms", "charge-sms:SMoutage", {
      messageSid: "SMoutage",
    });
    const relay = createOutboxRelay({
      db: handle.db,
      driver: producer,
      log: quietLog,
      pollIntervalMs: 20,
      backoff: { minMs: 20, maxMs: 200 },
    });
    relay.start();
    const rowOf = async () =>
      (await handle.db.select().from(schema.jobOutbox).where(eq(schema.jobOutbox.id, rowId)))[0];
    await waitFor(async () => ((await rowOf())?.attempts ?? 0) >= 2);
    expect((await rowOf())?.relayedAt).toBeNull();
    expect((await rowOf())?.lastError).toBeTruthy();
    expect(calls).toEqual([]);
    await proxy.up();
    await waitFor(async () => (await rowOf())?.relayedAt != null, 20_000);
    await waitFor(() => calls.length === 1);
    expect(calls).toEqual(["charge-sms:SMoutage"]);

    // Redis goes away again while the producer is connected: the enqueue fails fast, the row waits.
    await proxy.down();
    const secondId = await writeOutbox(handle.db, "billing", "charge-sms", "charge-sms:SMoutage2", {
      messageSid: "SMoutage2",
    });
    const secondOf = async () =>
      (await handle.db.select().from(schema.jobOutbox).where(eq(schema.jobOutbox.id, secondId)))[0];
    relay.notify();
    await waitFor(async () => ((await secondOf())?.attempts ?? 0) >= 2);
    expect((await secondOf())?.relayedAt).toBeNull();
    await proxy.up();
    await waitFor(async () => (await secondOf())?.relayedAt != null, 20_000);
    await waitFor(() => calls.length === 2);
    await relay.stop();
    await sleep(200);
    expect(calls).toEqual(["charge-sms:SMoutage", "charge-sms:SMoutage2"]);
    expect(await effectCount(handle.db, "charge-sms:SMoutage")).toBe(1);
    expect(await effectCount(handle.db, "charge-sms:SMoutage2")).toBe(1);
    await producer.stop();
    await proxy.down();
  });

  it("retries a throwing processor with backoff and records it in failed_jobs after the last attempt", async () => {
    const attemptsAt: number[] = [];
    const worker = driver();
    await worker.start(
      createProcessors({
        voicemail: {
          "process-voicemail": async (_ports, _payload, job) => {
            attemptsAt.push(Date.now());
            throw new Error(`storage unavailable (attempt ${job.attempt})`);
          },
        },
      }),
    );
    await worker.enqueue("voicemail", "process-voicemail", "REbullfail", {
      voicemailId: "vm_y",
      extensionId: null,
    });
    await waitFor(async () => (await handle.db.select().from(schema.failedJobs)).length === 1);
    expect(attemptsAt).toHaveLength(3);
    const [first, second, third] = attemptsAt as [number, number, number];
    // Exponential with 50 % jitter: at least 25 ms, then at least 50 ms.
    expect(second - first).toBeGreaterThanOrEqual(20);
    expect(third - second).toBeGreaterThanOrEqual(45);
    const [failed] = await handle.db.select().from(schema.failedJobs);
    expect(failed).toMatchObject({
      queue: "voicemail",
      jobName: "process-voicemail",
      jobId: "REbullfail",
      attempts: 3,
    });
    expect(failed?.error).toContain("attempt 3");
    expect((await worker.counts()).voicemail.failed).toBe(1);
  });

  it("runs a job once when its worker dies in the middle and another takes it over", async () => {
    const hung = gate();
    const started = gate();
    const calls: string[] = [];
    let first = true;
    // A prefix of its own: the stalled check runs at most once per interval per queue, and the
    // workers of earlier tests (30 s interval) would otherwise hold it back.
    const killPrefix = `${prefix}-kill`;
    const dying = driver({ prefix: killPrefix, lockDurationMs: 1000, stalledIntervalMs: 500 });
    await dying.start(
      createProcessors({
        billing: {
          "charge-call": async (ports, payload, job) => {
            calls.push(`dying:${job.jobId}`);
            if (first) {
              first = false;
              started.open();
              // The process "dies" here: the job never ends in this worker.
              await hung.promise;
            }
            return recordingProcessor<typeof payload>()(ports, payload, job);
          },
        },
      }),
    );
    await dying.enqueue("billing", "charge-call", "charge-call:CAkilled", { callSid: "CAkilled" });
    await started.promise;
    await dying.stop({ force: true });
    const survivor = driver({ prefix: killPrefix, lockDurationMs: 1000, stalledIntervalMs: 500 });
    await survivor.start(
      createProcessors({
        billing: {
          "charge-call": async (ports, payload, job) => {
            calls.push(`survivor:${job.jobId}`);
            return recordingProcessor<typeof payload>()(ports, payload, job);
          },
        },
      }),
    );
    await waitFor(async () => (await effectCount(handle.db, "charge-call:CAkilled")) === 1, 20_000);
    const queue = new Queue("billing", { connection: redisOptionsFromUrl(url), prefix: killPrefix });
    await waitFor(async () => (await queue.getJobState(bullmqJobId("charge-call:CAkilled"))) === "completed");
    // The dead worker's processor wakes up late: its effect is already there.
    hung.open();
    await sleep(200);
    await queue.close();
    expect(calls).toEqual(["dying:charge-call:CAkilled", "survivor:charge-call:CAkilled"]);
    expect(await effectCount(handle.db, "charge-call:CAkilled")).toBe(1);
  });

  it("lets a job in flight finish on a graceful stop", async () => {
    const started = gate();
    const worker = driver();
    await worker.start(
      createProcessors({
        billing: {
          "charge-sms": async (ports, payload, job) => {
            started.open();
            await sleep(400);
            return recordingProcessor<typeof payload>()(ports, payload, job);
          },
        },
      }),
    );
    await worker.enqueue("billing", "charge-sms", "charge-sms:SMbullgrace", { messageSid: "SMbullgrace" });
    await started.promise;
    await worker.stop();
    expect(await effectCount(handle.db, "charge-sms:SMbullgrace")).toBe(1);
    const queue = new Queue("billing", { connection: redisOptionsFromUrl(url), prefix });
    // Completed jobs are kept a day for deduplication.
    expect(await queue.getJobState(bullmqJobId("charge-sms:SMbullgrace"))).toBe("completed");
    await queue.close();
  });
});
