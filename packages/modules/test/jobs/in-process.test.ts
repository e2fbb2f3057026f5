import { type DatabaseHandle, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import type { JobDriver } from "@poundline/platform/queue/driver";
import { createInProcessDriver } from "@poundline/platform/queue/in-process-driver";
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
import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createProcessors } from "../../src/jobs/processors";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  await createEffectsTable(handle.db);
});
afterAll(() => handle.close());

beforeEach(async () => {
  await handle.db.delete(schema.jobOutbox);
  await handle.db.delete(schema.failedJobs);
});

const fast = { attempts: 3, backoffMs: 20, jitter: 0.5 };

describe("in-process driver", () => {
  it("runs a job id once however often it is enqueued", async () => {
    const calls: string[] = [];
    const driver = createInProcessDriver({ ports: portsOf(handle), retry: fast });
    await driver.start(createProcessors({ billing: { "charge-call": recordingProcessor(calls) } }));
    await driver.enqueue("billing", "charge-call", "charge-call:CAdedupe", { callSid: "CAdedupe" });
    await driver.enqueue("billing", "charge-call", "charge-call:CAdedupe", { callSid: "CAdedupe" });
    await waitFor(async () => (await effectCount(handle.db, "charge-call:CAdedupe")) === 1);
    await driver.enqueue("billing", "charge-call", "charge-call:CAdedupe", { callSid: "CAdedupe" });
    await sleep(50);
    await driver.stop();
    expect(calls).toEqual(["charge-call:CAdedupe"]);
  });

  it("retries a throwing processor with growing delays, then records it in failed_jobs", async () => {
    const attemptsAt: number[] = [];
    const driver = createInProcessDriver({ ports: portsOf(handle), retry: { ...fast, jitter: 0 } });
    await driver.start(
      createProcessors({
        voicemail: {
          "process-voicemail": async () => {
            attemptsAt.push(Date.now());
            throw new Error("transcriber unavailable");
          },
        },
      }),
    );
    await driver.enqueue("voicemail", "process-voicemail", "RE-fails", {
      voicemailId: "vm_x",
      extensionId: null,
    });
    await waitFor(async () => (await handle.db.select().from(schema.failedJobs)).length === 1);
    await driver.stop();
    expect(attemptsAt).toHaveLength(3);
    const [first, second, third] = attemptsAt as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(18);
    expect(third - second).toBeGreaterThanOrEqual(38);
    const [failed] = await handle.db.select().from(schema.failedJobs);
    expect(failed).toMatchObject({
      queue: "voicemail",
      jobName: "process-voicemail",
      jobId: "RE-fails",
      payload: { voicemailId: "vm_x", extensionId: null },
      attempts: 3,
      retriedAt: null,
    });
    expect(failed?.error).toContain("transcriber unavailable");
  });

  it("lets a job in flight finish when stopped, and takes no new one", async () => {
    const release = gate();
    const started = gate();
    const driver = createInProcessDriver({ ports: portsOf(handle), retry: fast });
    await driver.start(
      createProcessors({
        billing: {
          "charge-sms": async (ports, payload, job) => {
            started.open();
            await release.promise;
            return recordingProcessor<typeof payload>()(ports, payload, job);
          },
        },
      }),
    );
    await driver.enqueue("billing", "charge-sms", "charge-sms:SMgraceful", { messageSid: "SMgraceful" });
    await started.promise;
    expect((await driver.counts()).billing.active).toBe(1);
    let stopped = false;
    const stopping = driver.stop().then(() => {
      stopped = true;
    });
    await sleep(30);
    expect(stopped).toBe(false);
    await expect(
      driver.enqueue("billing", "charge-sms", "charge-sms:SMlate", { messageSid: "SMlate" }),
    ).rejects.toThrow();
    release.open();
    await stopping;
    expect(await effectCount(handle.db, "charge-sms:SMgraceful")).toBe(1);
  });
});

describe("outbox relay (in-process driver)", () => {
  it("relays each row once with two relays running at once", async () => {
    const calls: string[] = [];
    const driver = createInProcessDriver({ ports: portsOf(handle), retry: fast });
    // Count enqueues too: the driver's dedupe must not be what keeps it at once.
    const enqueued: string[] = [];
    const counting: JobDriver = {
      ...driver,
      enqueueMany: async (jobs) => {
        enqueued.push(...jobs.map((job) => job.jobId));
        await driver.enqueueMany(jobs);
      },
    };
    await driver.start(createProcessors({ billing: { "charge-call": recordingProcessor(calls) } }));
    const ids = Array.from({ length: 60 }, (_, i) => `charge-call:CApair${i}`);
    for (const [i, jobId] of ids.entries()) {
      await writeOutbox(handle.db, "billing", "charge-call", jobId, { callSid: `CApair${i}` });
    }
    const relays = [1, 2].map(() =>
      createOutboxRelay({ db: handle.db, driver: counting, log: quietLog, batchSize: 7, pollIntervalMs: 20 }),
    );
    for (const relay of relays) relay.start();
    await waitFor(
      async () =>
        (await handle.db.select().from(schema.jobOutbox).where(isNull(schema.jobOutbox.relayedAt))).length ===
        0,
    );
    await waitFor(async () => (await effectCount(handle.db)) >= 60);
    for (const relay of relays) await relay.stop();
    await driver.stop();
    expect(enqueued.toSorted()).toEqual(ids.toSorted());
    expect(calls.toSorted()).toEqual(ids.toSorted());
  });

  it("is woken by notify() well before its poll interval", async () => {
    const calls: string[] = [];
    const driver = createInProcessDriver({ ports: portsOf(handle), retry: fast });
    await driver.start(createProcessors({ billing: { "charge-sms": recordingProcessor(calls) } }));
    const relay = createOutboxRelay({ db: handle.db, driver, log: quietLog, pollIntervalMs: 60_000 });
    relay.start();
    await sleep(50);
    await writeOutbox(handle.db, "billing", "charge-sms", "charge-sms:SMwake", { messageSid: "SMwake" });
    const t0 = Date.now();
    relay.notify();
    await waitFor(() => calls.length === 1, 5000);
    expect(Date.now() - t0).toBeLessThan(2000);
    await relay.stop();
    await driver.stop();
  });

  it("keeps rows while the queue is unreachable, counts the attempts, and relays them once it is back", async () => {
    const calls: string[] = [];
    const driver = createInProcessDriver({ ports: portsOf(handle), retry: fast });
    await driver.start(createProcessors({ billing: { "charge-call": recordingProcessor(calls) } }));
    let down = true;
    const flaky: JobDriver = {
      ...driver,
      enqueueMany: async (jobs) => {
        if (down) throw new Error("connect ECONNREFUSED 127.0.0.1:1");
        await driver.enqueueMany(jobs);
      },
    };
    const rowId = await writeOutbox(handle.db, "billing", "charge-call", "charge-call:CAdown", {
      callSid: "CAdown",
    });
    const relay = createOutboxRelay({
      db: handle.db,
      driver: flaky,
      log: quietLog,
      pollIntervalMs: 20,
      backoff: { minMs: 10, maxMs: 40 },
    });
    relay.start();
    const rowOf = async () =>
      (await handle.db.select().from(schema.jobOutbox).where(eq(schema.jobOutbox.id, rowId)))[0];
    await waitFor(async () => ((await rowOf())?.attempts ?? 0) >= 3);
    const waiting = await rowOf();
    expect(waiting?.relayedAt).toBeNull();
    expect(waiting?.lastError).toContain("ECONNREFUSED");
    down = false;
    await waitFor(async () => (await rowOf())?.relayedAt != null);
    await waitFor(() => calls.length === 1);
    await sleep(100);
    await relay.stop();
    await driver.stop();
    expect(calls).toEqual(["charge-call:CAdown"]);
  });

  it("moves a row no processor knows to failed_jobs instead of blocking the outbox", async () => {
    const driver = createInProcessDriver({ ports: portsOf(handle), retry: fast });
    await handle.db.insert(schema.jobOutbox).values({
      id: "job_unknown",
      queue: "billing",
      jobName: "charge-fax",
      jobId: "charge-fax:1",
      payload: {},
    });
    const relay = createOutboxRelay({ db: handle.db, driver, log: quietLog });
    expect(await relay.relayOnce()).toEqual({ relayed: 1 });
    const [failed] = await handle.db.select().from(schema.failedJobs);
    expect(failed).toMatchObject({ queue: "billing", jobName: "charge-fax", jobId: "charge-fax:1" });
  });
});
