import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { Agent, createServer, request } from "node:http";
import { fileURLToPath } from "node:url";
import { openDatabase } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { defaultRates, priceCall } from "@poundline/telephony";
import { redisOptionsFromUrl } from "@poundline/workers";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import postgres from "postgres";
import twilio from "twilio";

/**
 * npm run bench:workers — end-to-end charging: signed `completed` status callbacks into the API,
 * which writes the call log and a job_outbox row in one transaction and relays the outbox to
 * BullMQ; `npm run workers` (workers/src/main.ts) runs charge-call, which debits the wallet
 * ledger. Prints charges per second (first webhook sent to last ledger row written) and the
 * queue latency (ledger_entries.created_at − call_logs.created_at) p50/p99, then checks the
 * ledger against the calls sent.
 *
 * On the machine's PostgreSQL (a throwaway database) and Redis (a free numbered database, so the
 * fixed `poundline` BullMQ prefix of the API collides with nothing). Figures are printed, not
 * asserted: the machine is shared and noisy.
 */
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const CALLS = Number(process.env.BENCH_CALLS ?? 5000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const IN_FLIGHT = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 120) * 1000;
/** WORKER_CONCURRENCY of the workers process; unset: its default. */
const WORKER_CONCURRENCY = process.env.BENCH_WORKER_CONCURRENCY;
const TARGET_PER_SECOND = 1000;
/** A directory: the API and workers processes write V8 CPU profiles there when they exit. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const AUTH_TOKEN = "bench-auth-token-0123456789abcdef";
const ACCOUNT_SID = "ACc0ffee00000000000000000000000000";
const OUR_NUMBER = "+18005550100";
/** Distinct caller numbers, taken in turn (each call's caller is a contact row the webhook upserts). */
const CALLERS = Math.max(1, Number(process.env.BENCH_CALLERS ?? CALLS));
const START_BALANCE = 1_000_000_000;

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A CallSid of this run: CA, a tag of the run and batch, the call's index; 34 characters. */
const callSid = (tag: string, i: number) => `CA${tag}${i.toString(16).padStart(32 - tag.length, "0")}`;
/** Between 1 s and 10 min, so charges differ (1 to 10 started minutes). */
const durationOf = (i: number) => 1 + ((i * 37) % 600);
const callerOf = (i: number) => `+1305${5_550_000 + (i % CALLERS)}`;

/** A port free now (BENCH_PORT if set), so the health check cannot reach another run's API. */
async function freePort(): Promise<number> {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

/** A Redis database number 1–15 holding no key, claimed with a marker; cleared at the end. */
async function claimRedisDb(): Promise<{ url: string; db: number }> {
  for (let db = 15; db >= 1; db--) {
    const url = new URL(REDIS_URL);
    url.pathname = `/${db}`;
    const redis = new Redis(url.toString(), { maxRetriesPerRequest: 1, lazyConnect: true });
    try {
      await redis.connect();
      if ((await redis.dbsize()) === 0 && (await redis.set("bench:workers", "1", "EX", 3600, "NX"))) {
        return { url: url.toString(), db };
      }
    } finally {
      redis.disconnect();
    }
  }
  throw new Error("no empty Redis database (1–15) to run the benchmark in");
}

async function clearRedisDb(url: string) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}

function startChild(file: string, env: Record<string, string>): ChildProcess {
  return fork(file, [], {
    execArgv: ["--import", "tsx", ...(PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [])],
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}

/** SIGTERM (graceful), then SIGKILL after `ms`. */
async function stopChild(child: ChildProcess, ms = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), ms);
  await exited;
  clearTimeout(timer);
}

async function waitFor(what: string, check: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`${what}: not ready within ${ms / 1000} s`);
}

interface Sent {
  firstSentAt: number;
  lastAnsweredAt: number;
  non2xx: number;
  errors: number;
}

/** Posts a signed `completed` status callback per call, `IN_FLIGHT` at a time, on kept-alive sockets. */
async function postCallbacks(base: string, tag: string, count: number): Promise<Sent> {
  const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const url = `${base}/twilio/voice/status`;
  const sent: Sent = { firstSentAt: 0, lastAnsweredAt: 0, non2xx: 0, errors: 0 };
  let next = 0;
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const params = {
        AccountSid: ACCOUNT_SID,
        ApiVersion: "2010-04-01",
        CallSid: callSid(tag, i),
        CallStatus: "completed",
        CallDuration: String(durationOf(i)),
        Called: OUR_NUMBER,
        Caller: callerOf(i),
        Direction: "inbound",
        From: callerOf(i),
        To: OUR_NUMBER,
        SequenceNumber: "3",
        Timestamp: new Date().toUTCString(),
      };
      const body = new URLSearchParams(params).toString();
      const req = request(
        url,
        {
          method: "POST",
          agent,
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "content-length": Buffer.byteLength(body),
            "x-twilio-signature": twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, params),
          },
        },
        (res) => {
          if ((res.statusCode ?? 0) >= 300) sent.non2xx += 1;
          res.resume();
          res.once("close", () => {
            sent.lastAnsweredAt = Date.now();
            resolve();
          });
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
      req.once("error", () => {
        sent.errors += 1;
        resolve();
      });
      if (sent.firstSentAt === 0) sent.firstSentAt = Date.now();
      req.end(body);
    });
  const lane = async () => {
    while (next < count) await one(next++);
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, count) }, lane));
  agent.destroy();
  return sent;
}

const chargedSql = (sql: postgres.Sql, tag: string) =>
  sql`select count(*)::int as n from ledger_entries where idempotency_key like ${`charge-call:CA${tag}%`}`;

/** Polls until `count` ledger rows of the batch exist; false at the deadline. */
async function waitForCharges(sql: postgres.Sql, tag: string, count: number, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const [row] = await chargedSql(sql, tag);
    if ((row?.n ?? 0) >= count) return true;
    await sleep(50);
  }
  return false;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0);

async function main() {
  const name = `bench_workers_${Date.now().toString(36)}`;
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const dbUrl = new URL(SERVER_URL);
  dbUrl.pathname = `/${name}`;
  const children: ChildProcess[] = [];
  let redisDb: { url: string; db: number } | null = null;
  let sql: postgres.Sql | null = null;
  let queue: Queue | null = null;
  let stopping = false;
  try {
    const handle = await openDatabase({ url: dbUrl.toString() });
    await handle.migrate();
    await insertRoutingConfig(handle.db, {
      accounts: [{ key: "acme", companyName: "Acme", status: "active", walletCents: START_BALANCE }],
      numbers: [{ key: "main", account: "acme", e164: OUR_NUMBER }],
    });
    await handle.close();
    sql = postgres(dbUrl.toString(), { max: 2, onnotice: () => {} });
    const [rateRow] = await sql`select count(*)::int as n from rates`;
    if ((rateRow?.n ?? 0) > 0) throw new Error("expected no rates rows: the check prices with defaultRates");

    redisDb = await claimRedisDb();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    console.log(
      `Database ${name}, Redis db ${redisDb.db}; API on ${base} and a workers process` +
        (WORKER_CONCURRENCY ? ` (WORKER_CONCURRENCY=${WORKER_CONCURRENCY})` : ""),
    );
    const api = startChild(here("../../services/api/src/server.ts"), {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: base,
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: redisDb.url,
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
    });
    children.push(api);
    const workers = startChild(here("../../workers/src/main.ts"), {
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: redisDb.url,
      LOG_LEVEL: "warn",
      PUBLIC_BASE_URL: base,
      ...(WORKER_CONCURRENCY ? { WORKER_CONCURRENCY } : {}),
    });
    children.push(workers);
    // A child that exits before the end (crashed, or signalled from outside) ends the run.
    const died = new Promise<never>((_, reject) => {
      // Ctrl-C ends the run too, through the clean-up below.
      for (const signal of ["SIGINT", "SIGTERM"] as const) {
        process.once(signal, () => reject(new Error(`interrupted (${signal})`)));
      }
      for (const [i, child] of children.entries()) {
        child.once("exit", (code, signal) => {
          if (!stopping)
            reject(new Error(`the ${i === 0 ? "API" : "workers"} process exited (${code ?? signal})`));
        });
      }
    });
    died.catch(() => {});
    const guard = <T>(promise: Promise<T>) => Promise.race([promise, died]);
    await waitFor("API", async () => (await fetch(`${base}/healthz`)).ok);
    queue = new Queue("billing", {
      prefix: "poundline",
      connection: redisOptionsFromUrl(redisDb.url),
    });
    const billing = queue;
    await waitFor("workers", async () => (await billing.getWorkersCount()) > 0);

    // Warm-up: JIT, pools and connections, then the measured batch.
    const run = randomBytes(3).toString("hex");
    const warmTag = `${run}00`;
    const tag = `${run}01`;
    if (WARMUP > 0) {
      await guard(postCallbacks(base, warmTag, WARMUP));
      if (!(await guard(waitForCharges(sql, warmTag, WARMUP, TIMEOUT_MS)))) {
        throw new Error("warm-up not charged");
      }
    }
    const [before] = await sql`select balance_cents::bigint as b from wallets`;
    const balanceBefore = Number(before?.b);

    console.log(`Posting ${CALLS.toLocaleString()} completed-call callbacks, ${IN_FLIGHT} in flight…`);
    const sent = await guard(postCallbacks(base, tag, CALLS));
    const postedMs = sent.lastAnsweredAt - sent.firstSentAt;
    const done = await guard(waitForCharges(sql, tag, CALLS, TIMEOUT_MS));
    const seenAt = Date.now();

    const like = `charge-call:CA${tag}%`;
    const rows = await sql<{ sid: string; called: Date; charged: Date; amount: string }[]>`
      select l.reference as sid, c.created_at as called, l.created_at as charged, l.amount_cents as amount
      from ledger_entries l join call_logs c on c.call_sid = l.reference
      where l.idempotency_key like ${like}`;
    const [outbox] = await sql`select
        percentile_cont(0.5) within group (order by extract(epoch from relayed_at - created_at)) as p50_relay,
        percentile_cont(0.99) within group (order by extract(epoch from relayed_at - created_at)) as p99_relay
      from job_outbox where job_id like ${like}`;
    const [after] = await sql`select balance_cents::bigint as b from wallets`;
    const balanceAfter = Number(after?.b);

    const lastCharge = rows.reduce((max, r) => Math.max(max, r.charged.getTime()), sent.firstSentAt);
    const elapsedMs = lastCharge - sent.firstSentAt;
    const latencies = rows.map((r) => r.charged.getTime() - r.called.getTime()).sort((a, b) => a - b);
    const expected = Array.from({ length: CALLS }, (_, i) =>
      priceCall({ direction: "inbound", tollFree: false, durationSeconds: durationOf(i) }, defaultRates),
    ).reduce((a, b) => a + b, 0);
    const charged = -rows.reduce((a, r) => a + Number(r.amount), 0);

    console.log(`\nEnd-to-end charging, ${CALLS.toLocaleString()} calls, ${new Date().toISOString()}`);
    console.log(
      `webhooks: ${((CALLS * 1000) / postedMs).toFixed(0)} req/s (${postedMs} ms), non-2xx ${sent.non2xx}, errors ${sent.errors}`,
    );
    if (!done) console.log(`TIMEOUT: ${rows.length} of ${CALLS} charged after ${TIMEOUT_MS / 1000} s`);
    console.log(
      `charges/s: ${((rows.length * 1000) / elapsedMs).toFixed(0)} (first webhook sent to last ledger row, ${elapsedMs} ms; target >= ${TARGET_PER_SECOND})`,
    );
    console.log(
      `queue latency (ledger row − call log): p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms, max ${(latencies.at(-1) ?? Number.NaN).toFixed(0)} ms`,
    );
    console.log(
      `  of which outbox → BullMQ (relayed_at − created_at): p50 ${(Number(outbox?.p50_relay) * 1000).toFixed(0)} ms, p99 ${(Number(outbox?.p99_relay) * 1000).toFixed(0)} ms`,
    );
    const drained = rows.filter((r) => r.charged.getTime() > sent.lastAnsweredAt).length;
    const drainMs = lastCharge - sent.lastAnsweredAt;
    if (drained > 0 && drainMs > 0) {
      console.log(
        `workers alone, after the last webhook: ${drained} charges in ${drainMs} ms, ${((drained * 1000) / drainMs).toFixed(0)}/s`,
      );
    }
    console.log(`  (last row seen by the poll ${seenAt - lastCharge} ms after its created_at)`);
    const countOk = rows.length === CALLS;
    const balanceOk = balanceAfter === balanceBefore - charged && charged === expected;
    console.log(`ledger rows: ${rows.length} of ${CALLS} ${countOk ? "OK" : "MISMATCH"}`);
    console.log(
      `wallet: ${balanceBefore} − ${charged} = ${balanceAfter} (expected charges ${expected}) ${balanceOk ? "OK" : "MISMATCH"}`,
    );
    if (!countOk || !balanceOk) process.exitCode = 1;
  } finally {
    stopping = true;
    await queue?.close().catch(() => {});
    await Promise.all(children.map((child) => stopChild(child)));
    await sql?.end({ timeout: 5 });
    if (redisDb) await clearRedisDb(redisDb.url).catch((err) => console.error("Redis cleanup:", err));
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  }
}

await main();
