import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { connect, createServer } from "node:net";
import { newId, schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { walletAndLedger } from "@poundline/db/testing";
import type { JobDriver, Processor } from "@poundline/modules/jobs";
import {
  billingProcessors,
  type ChargeDrain,
  createBiller,
  createBullmqDriver,
  createOutboxRelay,
  createProcessors,
  type OutboxRelay,
  startChargeDrain,
} from "@poundline/modules/jobs";
import { gate, portsOf, quietLog, sleep, waitFor } from "@poundline/testing/jobs";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { carrierPost } from "../twilio/carrier";

/**
 * Issue 4, item 6: Redis restarts (SIGKILL, no persistence) while calls and texts are flowing.
 * The test runs its own redis-server on a free port, so the shared one is never touched.
 */

const redisUrl = process.env.TEST_REDIS_URL;

function findRedisServer(): string | null {
  try {
    return execFileSync("which", ["redis-server"], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
}

const redisServer = redisUrl ? findRedisServer() : null;
if (redisUrl && !redisServer) {
  console.warn("reliability.test.ts skipped: no redis-server binary on PATH to run a private Redis");
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(200, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}

/** A redis-server of this test's own, nothing kept on disk: a restart starts empty. */
function privateRedis(bin: string, port: number) {
  let child: ChildProcess | null = null;
  const killOnExit = () => child?.kill("SIGKILL");
  process.on("exit", killOnExit);
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        bin,
        ["--port", String(port), "--save", "", "--appendonly", "no", "--bind", "127.0.0.1"],
        { stdio: "ignore" },
      );
      await waitFor(() => pong(port), 10_000, 20);
    },
    /** SIGKILL: what Redis held in memory is gone. */
    async kill() {
      const dying = child;
      child = null;
      if (!dying || dying.exitCode !== null) return;
      const exited = once(dying, "exit");
      dying.kill("SIGKILL");
      await exited;
    },
    async stop() {
      await this.kill();
      process.off("exit", killOnExit);
    },
  };
}

const OUR_NUMBER = "+13055550100";
const M = 200;
const BATCH = 20;
const START_CENTS = 10_000_000;

const hex = (prefix: string, i: number) => `${prefix}${i.toString(16).padStart(32, "0")}`;
const callSidOf = (i: number) => hex("CA", i);
const inboundSidOf = (i: number) => hex("SM", 0x100000 + i);
const outboundSidOf = (i: number) => hex("SM", 0x200000 + i);
const callerOf = (i: number) => `+1312555${String(1000 + i).padStart(4, "0")}`;

interface Outcome {
  /** Charge jobs relayed to Redis (outbox row marked) whose work was not done when Redis died. */
  relayedNotDoneAtKill: string[];
  /** When Redis answered again after the restart. */
  restartedAt: number;
  /** Webhooks answered with something other than 200 (the simulated carrier delivered them again). */
  redelivered: number;
  /** Outbox rows the relay failed to enqueue at least once (Redis down). */
  enqueueRetries: number;
}

describe.skipIf(!redisUrl || !redisServer)("Redis restart while calls and texts flow", () => {
  let t: TestApp;
  let redis: ReturnType<typeof privateRedis>;
  let apiRedis: Redis;
  let producer: JobDriver;
  let worker: JobDriver;
  let relay: OutboxRelay;
  let chargeDrain: ChargeDrain;
  let accountId: string;
  let startBalance: number;
  const outcome: Outcome = {
    relayedNotDoneAtKill: [],
    restartedAt: 0,
    redelivered: 0,
    enqueueRetries: 0,
  };
  const prefix = `reliability-${crypto.randomUUID().slice(0, 8)}`;

  /** Delivers a webhook as the carrier would: again (up to 10 times) until it is answered 200. */
  async function deliver(path: string, params: Record<string, string>) {
    for (let attempt = 1; ; attempt++) {
      let status = 0;
      try {
        status = (await carrierPost(t, path, params)).statusCode;
      } catch {
        status = 0;
      }
      if (status === 200) return;
      outcome.redelivered += 1;
      if (attempt >= 10) throw new Error(`${path} answered ${status} ten times`);
      await sleep(100 * attempt);
    }
  }

  function callCompleted(i: number) {
    return deliver("/twilio/voice/status", {
      AccountSid: t.app.deps.carrier.accountSid,
      CallSid: callSidOf(i),
      From: callerOf(i),
      To: OUR_NUMBER,
      Direction: "inbound",
      CallStatus: "completed",
      CallDuration: String(15 + (i % 9) * 25),
      SequenceNumber: "3",
      Timestamp: new Date(Date.UTC(2026, 10, 22, 12, 0, 0) + i * 1000).toUTCString(),
      CallbackSource: "call-progress-events",
    });
  }

  function textReceived(i: number) {
    return deliver("/twilio/sms", {
      AccountSid: t.app.deps.carrier.accountSid,
      MessageSid: inboundSidOf(i),
      From: callerOf(i),
      To: OUR_NUMBER,
      Body: `Inbound text ${i}`,
      NumMedia: "0",
      NumSegments: "1",
    });
  }

  function textStatus(i: number, status: "sent" | "delivered") {
    return deliver("/twilio/sms/status", {
      AccountSid: t.app.deps.carrier.accountSid,
      MessageSid: outboundSidOf(i),
      SmsSid: outboundSidOf(i),
      From: OUR_NUMBER,
      To: callerOf(i),
      MessageStatus: status,
      SmsStatus: status,
    });
  }

  /** Items [from, to) of each kind, BATCH at a time, every request of a batch at once. */
  async function send(from: number, to: number) {
    for (let start = from; start < to; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, to - start) }, (_, k) => start + k);
      await Promise.all(
        batch.flatMap((i) => [
          callCompleted(i),
          textReceived(i),
          textStatus(i, "sent"),
          textStatus(i, "delivered"),
        ]),
      );
    }
  }

  const count = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  const unrelayed = () =>
    count(
      t.db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.jobOutbox)
        .where(isNull(schema.jobOutbox.relayedAt)),
    );

  /** Relayed charge rows whose work is not in the database (a call unpriced, a text without entry). */
  async function relayedButNotDone(): Promise<string[]> {
    const rows = await t.db.db.execute<{ job_id: string }>(sql`
      select o.job_id from job_outbox o
      where o.relayed_at is not null and (
        (o.job_name = 'charge-call' and exists (
          select 1 from call_logs c where c.call_sid = o.payload->>'callSid' and c.price_cents is null))
        or (o.job_name = 'charge-sms' and not exists (
          select 1 from ledger_entries l where l.idempotency_key = o.job_id)))
      order by o.job_id`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: { job_id: string }[] }).rows) as {
      job_id: string;
    }[];
    return list.map((r) => r.job_id);
  }

  /** Calls handed off and not charged yet: pending rows, or completed calls not priced. */
  const chargesPending = async () =>
    (await count(t.db.db.select({ n: sql<number>`count(*)::int` }).from(schema.pendingCharges))) +
    (await count(
      t.db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.callLogs)
        .where(and(eq(schema.callLogs.accountId, accountId), isNull(schema.callLogs.priceCents))),
    ));

  /**
   * Empty queues and a relayed outbox are not the end: jobs Redis lost are relayed again only
   * `resendAfterMs` later. Done is proven by the work itself: every call priced, every text charged.
   */
  async function drained(timeoutMs: number) {
    let quiet = 0;
    await waitFor(
      async () => {
        const counts = await worker.counts().catch(() => null);
        const busy =
          !counts ||
          Object.values(counts).some((c) => c.waiting + c.active + c.delayed > 0) ||
          (await unrelayed()) > 0 ||
          (await relayedButNotDone()).length > 0 ||
          (await chargesPending()) > 0;
        quiet = busy ? 0 : quiet + 1;
        return quiet >= 4;
      },
      timeoutMs,
      100,
    );
  }

  beforeAll(async () => {
    redis = privateRedis(redisServer ?? "redis-server", await freePort());
    await redis.start();
    apiRedis = new Redis(redis.url, { keyPrefix: `${prefix}:api:` });
    // Down on purpose for a while: its reconnect errors are expected.
    apiRedis.on("error", () => {});
    // The API's jobs port: it wakes the relay and reads the queues of the producer below.
    const jobs = { notify: () => relay?.notify(), counts: () => producer.counts() };
    t = await createTestApp({ redis: apiRedis, jobs });
    producer = createBullmqDriver({
      redisUrl: redis.url,
      ports: portsOf(t.db),
      prefix,
      enqueueTimeoutMs: 500,
    });
    const ids = await insertRoutingConfig(t.db.db, {
      accounts: [{ key: "acme", status: "active", walletCents: START_CENTS }],
      numbers: [{ key: "line", account: "acme", e164: OUR_NUMBER, routing: { open: { type: "voicemail" } } }],
    });
    accountId = ids.get("acme") ?? "";
    await t.app.deps.routing.reload();
    // The outbound texts whose delivery reports arrive during the test.
    await t.db.db.insert(schema.messages).values(
      Array.from({ length: M }, (_, i) => ({
        id: newId("message"),
        accountId,
        phoneNumberId: ids.get("line") ?? null,
        messageSid: outboundSidOf(i),
        direction: "outbound" as const,
        fromNumber: OUR_NUMBER,
        toNumber: callerOf(i),
        body: `Outbound text ${i}`,
        status: "queued" as const,
      })),
    );
    startBalance =
      (await t.db.db.select().from(schema.wallets).where(eq(schema.wallets.accountId, accountId)))[0]
        ?.balanceCents ?? 0;
  }, 30_000);

  afterAll(async () => {
    await chargeDrain?.stop();
    await relay?.stop();
    await worker?.stop({ force: true });
    await producer?.stop({ force: true });
    await t?.close();
    await apiRedis?.quit().catch(() => apiRedis.disconnect());
    await redis?.stop();
  });

  it("keeps every call log and text exactly once, charges none twice, and drains the outbox", async () => {
    // Workers that can be held: a backlog of relayed jobs waits in Redis when it dies.
    let hold: ReturnType<typeof gate> | null = null;
    const held =
      <P>(processor: Processor<P>): Processor<P> =>
      async (ports, payload, job) => {
        if (hold) await hold.promise;
        return processor(ports, payload, job);
      };
    const billing = billingProcessors({ mailer: t.app.deps.mailer, publicBaseUrl: "https://app.test" });
    worker = createBullmqDriver({
      redisUrl: redis.url,
      ports: portsOf(t.db),
      prefix,
      retry: { attempts: 3, backoffMs: 50, jitter: 0.5 },
      // One queue job at a time: charges travel in queue jobs of up to a relay batch (50) each.
      concurrency: 1,
      lockDurationMs: 2000,
      stalledIntervalMs: 1000,
    });
    await worker.start(
      createProcessors({
        billing: { "charge-call": held(billing["charge-call"]), "charge-sms": held(billing["charge-sms"]) },
      }),
    );
    relay = createOutboxRelay({
      db: t.db.db,
      driver: producer,
      log: quietLog,
      batchSize: 50,
      pollIntervalMs: 50,
      backoff: { minMs: 50, maxMs: 400 },
      // Short, so the test sees the relay send again what Redis lost.
      resendAfterMs: 2000,
    });
    relay.start();
    // The calls' charges go by pending_charges, drained from PostgreSQL: Redis plays no part.
    const biller = createBiller({
      ...portsOf(t.db),
      mailer: t.app.deps.mailer,
      publicBaseUrl: "https://app.test",
    });
    chargeDrain = startChargeDrain({
      db: t.db.db,
      log: quietLog,
      pollIntervalMs: 50,
      drainCalls: async (account, limit) => {
        if (hold) await hold.promise;
        return biller.drainCalls(account, limit);
      },
    });

    const quarter = M / 4;
    // 1. Traffic flows, workers keep up.
    await send(0, quarter);
    // 2. Workers fall behind: a backlog of relayed charges waits in Redis.
    hold = gate();
    await send(quarter, 2 * quarter);
    await waitFor(async () => (await unrelayed()) === 0, 15_000, 50);
    outcome.relayedNotDoneAtKill = await relayedButNotDone();
    expect(outcome.relayedNotDoneAtKill.length).toBeGreaterThan(0);
    // 3. Redis dies while webhooks are arriving, and comes back empty 1.5 s later.
    const during = send(2 * quarter, 3 * quarter);
    await sleep(50);
    await redis.kill();
    await sleep(1500);
    await redis.start();
    outcome.restartedAt = Date.now();
    hold.open();
    hold = null;
    await during;
    // 4. Traffic goes on.
    await send(3 * quarter, M);
    // Includes what Redis lost being relayed again (resendAfterMs) and charged: hence 90 s below.
    await drained(30_000);

    const db = t.db.db;
    const calls = await db.select().from(schema.callLogs).where(eq(schema.callLogs.accountId, accountId));
    expect(calls).toHaveLength(M);
    expect(new Set(calls.map((c) => c.callSid)).size).toBe(M);
    const inbound = await db
      .select()
      .from(schema.messages)
      .where(and(eq(schema.messages.accountId, accountId), eq(schema.messages.direction, "inbound")));
    expect(inbound).toHaveLength(M);
    expect(new Set(inbound.map((m) => m.messageSid)).size).toBe(M);
    const outbound = await db
      .select()
      .from(schema.messages)
      .where(and(eq(schema.messages.accountId, accountId), eq(schema.messages.direction, "outbound")));
    expect(outbound.map((m) => m.status)).toEqual(Array.from({ length: M }, () => "delivered"));

    // One hand-off per sent text, all relayed; the completed calls' hand-offs (pending_charges,
    // not the outbox) all drained.
    const outbox = await db.select().from(schema.jobOutbox).where(eq(schema.jobOutbox.queue, "billing"));
    expect(outbox.filter((o) => o.jobName === "charge-call")).toHaveLength(0);
    expect(outbox.filter((o) => o.jobName === "charge-sms")).toHaveLength(M);
    expect(new Set(outbox.map((o) => o.jobId)).size).toBe(M);
    expect(await unrelayed()).toBe(0);
    expect(await db.select().from(schema.pendingCharges)).toEqual([]);

    // No charge twice; the wallet moved by exactly the charges written.
    const entries = await db
      .select()
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.accountId, accountId));
    const keys = entries.map((e) => e.idempotencyKey);
    expect(new Set(keys).size).toBe(keys.length);
    const expectedKeys = new Set([
      ...Array.from({ length: M }, (_, i) => `charge-call:${callSidOf(i)}`),
      ...Array.from({ length: M }, (_, i) => `charge-sms:${outboundSidOf(i)}`),
    ]);
    expect(keys.filter((k) => !expectedKeys.has(k))).toEqual([]);
    // Wallet and ledger read as one snapshot: read apart, a charge landing between the reads
    // would show the wallet moved without its entry.
    const money = await walletAndLedger(db, accountId);
    expect(money.entries).toBe(entries.length);
    expect(money.balanceCents).toBe(startBalance + money.ledgerCents);
    // A priced call is a charged call: price and entry agree one for one.
    const priced = calls.filter((c) => c.priceCents !== null);
    expect(priced.map((c) => `charge-call:${c.callSid}`).toSorted()).toEqual(
      keys.filter((k) => k.startsWith("charge-call:")).toSorted(),
    );
    expect(await db.select().from(schema.failedJobs).where(eq(schema.failedJobs.queue, "billing"))).toEqual(
      [],
    );
    outcome.enqueueRetries = outbox.filter((o) => o.attempts > 1).length;
  }, 90_000);

  // Jobs relayed to Redis and lost with it (no persistence) are still unsettled in the outbox:
  // the relay sends them again after `resendAfterMs`, and their ledger keys keep them single.
  it("charges every completed call and every sent text exactly once", async () => {
    await waitFor(
      async () => (await relayedButNotDone()).length === 0 && (await chargesPending()) === 0,
      30_000,
      200,
    );
    const entries = await t.db.db
      .select({ key: schema.ledgerEntries.idempotencyKey })
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.accountId, accountId));
    const callCharges = entries.filter((e) => e.key.startsWith("charge-call:"));
    const smsCharges = entries.filter((e) => e.key.startsWith("charge-sms:"));
    if (process.env.DEBUG_JOBS) {
      console.info("reliability:", {
        relayedNotDoneAtKill: outcome.relayedNotDoneAtKill.length,
        callCharges: callCharges.length,
        smsCharges: smsCharges.length,
        redelivered: outcome.redelivered,
        enqueueRetries: outcome.enqueueRetries,
      });
    }
    expect(callCharges).toHaveLength(M);
    expect(smsCharges).toHaveLength(M);
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
    const money = await walletAndLedger(t.db.db, accountId);
    expect(money.balanceCents).toBe(startBalance + money.ledgerCents);
  }, 40_000);

  it("sent the jobs Redis lost again, from the outbox", async () => {
    const backlog = () =>
      t.db.db
        .select()
        .from(schema.jobOutbox)
        .where(inArray(schema.jobOutbox.jobId, outcome.relayedNotDoneAtKill));
    await waitFor(async () => (await relayedButNotDone()).length === 0, 30_000, 200);
    // A job's effect commits before the relay marks its row settled: wait for the mark, then read.
    await waitFor(async () => (await backlog()).every((r) => r.settledAt !== null), 30_000, 200).catch(
      () => {},
    );
    const rows = await backlog();
    // Of the backlog waiting in Redis when it died, only the charges of the queue job already
    // running in the worker (one, of up to a relay batch of 50) finished; every other one was
    // relayed again.
    const resent = rows.filter((r) => r.attempts >= 2);
    expect(resent.length).toBeGreaterThanOrEqual(outcome.relayedNotDoneAtKill.length - 50);
    expect(rows.every((r) => r.settledAt !== null)).toBe(true);
  }, 70_000);
});
