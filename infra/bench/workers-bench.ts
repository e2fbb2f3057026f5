import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { Agent, request } from "node:http";
import { fileURLToPath } from "node:url";
import { openDatabase } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { defaultRates, priceCall } from "@poundline/telephony";
import { redisOptionsFromUrl } from "@poundline/workers";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import postgres from "postgres";
import twilio from "twilio";
import {
  BENCH_APPLICATION_NAME,
  clockTicksPerSecond,
  postgresProcesses,
  procReadable,
  sampleProcesses,
  sampleRedis,
  startOtherWork,
} from "./cpu";
import { freePort } from "./net";
import { type CpuSample, cpuBetween, formatSummary, summarize, verdictLine } from "./stats";

/**
 * npm run bench:workers — end-to-end charging: signed `completed` status callbacks into the API,
 * which writes the call log and a job_outbox row in one transaction and relays the outbox to
 * BullMQ; `npm run workers` (services/api/src/workers-process.ts) runs charge-call, which debits the wallet
 * ledger. BENCH_RUNS batches (3) of BENCH_CALLS each; for each it measures charges per second
 * (first webhook sent to last ledger row written), the queue latency (ledger_entries.created_at
 * − call_logs.created_at) p50/p99, and the CPU time per charge of the API, the workers,
 * PostgreSQL's processes and Redis (read around the batch, once the jobs it set off have
 * settled), then checks the ledger against the calls sent. Each figure is printed as the median
 * of the batches and their spread.
 *
 * Throughput on a shared machine mostly measures the neighbours; CPU time per charge moves far
 * less, so the target — at least 1,000 charges per second of CPU — is judged on it. Targets are
 * judged, not asserted: the run exits 0 either way (1 only when the ledger is wrong).
 *
 * On the machine's PostgreSQL (a throwaway database) and Redis (a free numbered database, so the
 * fixed `poundline` BullMQ prefix of the API collides with nothing).
 */
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const CALLS = Number(process.env.BENCH_CALLS ?? 5000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1000);
const IN_FLIGHT = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 120) * 1000;
/** WORKER_CONCURRENCY of the workers process; unset: its default. */
const WORKER_CONCURRENCY = process.env.BENCH_WORKER_CONCURRENCY;
/** Batches of CALLS in one invocation; each figure is printed as their median and spread. */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/** How long the jobs a batch set off (charges, missed-call notices) may take to settle after its last charge. */
const QUIET_TIMEOUT_MS = Number(process.env.BENCH_QUIET_SECONDS ?? 120) * 1000;
const STARTUP_TIMEOUT_MS = 180_000;
const TARGET_PER_CPU_SECOND = 1000;
/** Above this share of the cores taken by other work, the verdict comes with a warning. */
const OTHER_WORK_WARNING = 0.25;
/** A directory: the API and workers processes write V8 CPU profiles there when they exit. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const AUTH_TOKEN = "bench-auth-token-0123456789abcdef";
/** The bench's own carrier account: the API is given it, and the callbacks are signed with its token. */
const ACCOUNT_SID = "ACbe0c0000000000000000000000000000";
const OUR_NUMBER = "+18005550100";
/** Distinct caller numbers, taken in turn (each call's caller is a contact row the webhook upserts). */
const CALLERS = Math.max(1, Number(process.env.BENCH_CALLERS ?? CALLS));
const START_BALANCE = 1_000_000_000;

const CPU_READABLE = procReadable();
const TICKS = clockTicksPerSecond();

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A CallSid of this run: CA, a tag of the run and batch, the call's index; 34 characters. */
const callSid = (tag: string, i: number) => `CA${tag}${i.toString(16).padStart(32 - tag.length, "0")}`;
/** Between 1 s and 10 min, so charges differ (1 to 10 started minutes). */
const durationOf = (i: number) => 1 + ((i * 37) % 600);
const callerOf = (i: number) => `+1305${5_550_000 + (i % CALLERS)}`;

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

/** The processes whose CPU a charge costs. */
const COMPONENTS = ["api", "workers", "postgres", "postgresShared", "redis"] as const;
type Component = (typeof COMPONENTS)[number];
const COMPONENT_NAMES: Record<Component, string> = {
  api: "API",
  workers: "workers",
  postgres: "PostgreSQL backends",
  postgresShared: "PostgreSQL shared writers",
  redis: "Redis",
};
type CpuSamples = Record<Component, CpuSample>;

/** Reads the CPU seconds of the API, the workers, PostgreSQL's processes and Redis. */
function cpuMeter(apiPid: number, workersPid: number, sql: postgres.Sql, database: string, redis: Redis) {
  return async (): Promise<CpuSamples> => {
    const pg = await postgresProcesses(sql, database);
    return {
      api: sampleProcesses([apiPid], TICKS),
      workers: sampleProcesses([workersPid], TICKS),
      postgres: sampleProcesses(pg.backends, TICKS, "postgres"),
      postgresShared: sampleProcesses(pg.background, TICKS, "postgres"),
      redis: await sampleRedis(redis),
    };
  };
}

/**
 * Waits until the work a batch set off is over — every outbox row settled by a worker, no job
 * waiting or running — so its trailing work is counted in its CPU time and not in the next's.
 */
async function waitForQuiet(sql: postgres.Sql, queues: Queue[], ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const [row] = await sql`select count(*)::int as n from job_outbox where settled_at is null`;
    const counts = await Promise.all(
      queues.map((q) => q.getJobCounts("waiting", "active", "delayed", "prioritized")),
    );
    const jobs = counts.reduce((n, c) => n + Object.values(c).reduce((a, b) => a + b, 0), 0);
    if ((row?.n ?? 0) === 0 && jobs === 0) return true;
    await sleep(50);
  }
  return false;
}

/** The figures of one batch of CALLS charges. */
interface RunFigures {
  webhooksPerSecond: number;
  chargesPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  relayP50: number;
  relayP99: number;
  drainPerSecond: number;
  /** CPU microseconds per charge, by component, and their sum. */
  cpuUs: Record<Component, number>;
  cpuUsTotal: number;
  chargesPerCpuSecond: number;
  /** Share of the cores' time that went to the machine's other work during the batch. */
  otherWork: number;
  ok: boolean;
}

interface Batch {
  base: string;
  sql: postgres.Sql;
  queues: Queue[];
  sampleCpu: () => Promise<CpuSamples>;
  guard: <T>(promise: Promise<T>) => Promise<T>;
}

/** Posts CALLS callbacks under `tag`, waits for their charges and the quiet after, and checks the ledger. */
async function runBatch(batch: Batch, tag: string, label: string): Promise<RunFigures> {
  const { base, sql, guard } = batch;
  const [before] = await sql`select balance_cents::bigint as b from wallets`;
  const balanceBefore = Number(before?.b);
  const cpuBefore = await batch.sampleCpu();
  const otherWork = startOtherWork(TICKS);

  const sent = await guard(postCallbacks(base, tag, CALLS));
  const postedMs = sent.lastAnsweredAt - sent.firstSentAt;
  const done = await guard(waitForCharges(sql, tag, CALLS, TIMEOUT_MS));
  const quiet = done && (await guard(waitForQuiet(sql, batch.queues, QUIET_TIMEOUT_MS)));
  const cpuAfter = await batch.sampleCpu();

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
  const drained = rows.filter((r) => r.charged.getTime() > sent.lastAnsweredAt).length;
  const drainMs = lastCharge - sent.lastAnsweredAt;

  const charges = rows.length;
  const cpuUs = {} as Record<Component, number>;
  let cpuSeconds = 0;
  for (const component of COMPONENTS) {
    const { seconds, lost } = cpuBetween(cpuBefore[component], cpuAfter[component]);
    cpuSeconds += seconds;
    if (lost.length > 0) {
      console.log(
        `  ${COMPONENT_NAMES[component]}: process(es) ${lost.join(", ")} ended during the batch, their CPU is not counted`,
      );
    }
    cpuUs[component] = charges > 0 ? (seconds * 1e6) / charges : Number.NaN;
  }
  const cpuUsTotal = COMPONENTS.reduce((sum, c) => sum + cpuUs[c], 0);
  const others = otherWork(cpuSeconds);

  const countOk = charges === CALLS;
  const balanceOk = balanceAfter === balanceBefore - charged && charged === expected;
  const figures: RunFigures = {
    webhooksPerSecond: (CALLS * 1000) / postedMs,
    chargesPerSecond: (charges * 1000) / elapsedMs,
    latencyP50: percentile(latencies, 0.5),
    latencyP99: percentile(latencies, 0.99),
    relayP50: Number(outbox?.p50_relay) * 1000,
    relayP99: Number(outbox?.p99_relay) * 1000,
    drainPerSecond: drained > 0 && drainMs > 0 ? (drained * 1000) / drainMs : Number.NaN,
    cpuUs,
    cpuUsTotal,
    chargesPerCpuSecond: 1e6 / cpuUsTotal,
    otherWork: others,
    ok: countOk && balanceOk,
  };
  console.log(
    `${label}: ${figures.chargesPerSecond.toFixed(0)} charges/s end to end, ` +
      `${figures.chargesPerCpuSecond.toFixed(0)} charges per CPU-second (${cpuUsTotal.toFixed(0)} µs of CPU per charge), ` +
      `webhooks ${figures.webhooksPerSecond.toFixed(0)} req/s (non-2xx ${sent.non2xx}, errors ${sent.errors}), ` +
      `other work on the machine ${(others * 100).toFixed(0)} % of the cores`,
  );
  if (!done) console.log(`  TIMEOUT: ${charges} of ${CALLS} charged after ${TIMEOUT_MS / 1000} s`);
  if (done && !quiet) {
    console.log(
      `  jobs still pending ${QUIET_TIMEOUT_MS / 1000} s after the last charge: their CPU falls in the next batch`,
    );
  }
  if (!countOk) console.log(`  ledger rows: ${charges} of ${CALLS} MISMATCH`);
  if (!balanceOk) {
    console.log(
      `  wallet: ${balanceBefore} − ${charged} = ${balanceAfter} (expected charges ${expected}) MISMATCH`,
    );
  }
  return figures;
}

async function main() {
  const name = `bench_workers_${Date.now().toString(36)}`;
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const dbUrl = new URL(SERVER_URL);
  dbUrl.pathname = `/${name}`;
  const children: ChildProcess[] = [];
  let redisDb: { url: string; db: number } | null = null;
  let sql: postgres.Sql | null = null;
  let redis: Redis | null = null;
  const queues: Queue[] = [];
  let stopping = false;
  try {
    const handle = await openDatabase({ url: dbUrl.toString() });
    await handle.migrate();
    await insertRoutingConfig(handle.db, {
      accounts: [{ key: "acme", companyName: "Acme", status: "active", walletCents: START_BALANCE }],
      numbers: [{ key: "main", account: "acme", e164: OUR_NUMBER }],
    });
    await handle.close();
    // The bench's own connection, named so its polls are not counted as the system's CPU.
    sql = postgres(dbUrl.toString(), {
      max: 2,
      onnotice: () => {},
      connection: { application_name: BENCH_APPLICATION_NAME },
    });
    const [rateRow] = await sql`select count(*)::int as n from rates`;
    if ((rateRow?.n ?? 0) > 0) throw new Error("expected no rates rows: the check prices with defaultRates");

    redisDb = await claimRedisDb();
    const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
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
      // A carrier account of the bench's own: the callbacks are signed with its token, whatever
      // the simulator's token is.
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
    });
    children.push(api);
    const workers = startChild(here("../../services/api/src/workers-process.ts"), {
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
    // Slow on a loaded machine: tsx compiles the API's sources as it starts.
    await guard(waitFor("API", async () => (await fetch(`${base}/healthz`)).ok, STARTUP_TIMEOUT_MS));
    for (const queueName of ["billing", "notifications"]) {
      queues.push(
        new Queue(queueName, { prefix: "poundline", connection: redisOptionsFromUrl(redisDb.url) }),
      );
    }
    const [billing] = queues as [Queue];
    await guard(waitFor("workers", async () => (await billing.getWorkersCount()) > 0, STARTUP_TIMEOUT_MS));
    redis = new Redis(redisDb.url, { maxRetriesPerRequest: 1 });
    const batch: Batch = {
      base,
      sql,
      queues,
      guard,
      sampleCpu: cpuMeter(api.pid ?? 0, workers.pid ?? 0, sql, name, redis),
    };

    // Warm-up: JIT, pools and connections, and its trailing work done, then the measured batches.
    const run = randomBytes(3).toString("hex");
    if (WARMUP > 0) {
      const warmTag = `${run}00`;
      await guard(postCallbacks(base, warmTag, WARMUP));
      if (!(await guard(waitForCharges(sql, warmTag, WARMUP, TIMEOUT_MS)))) {
        throw new Error("warm-up not charged");
      }
      if (!(await guard(waitForQuiet(sql, queues, QUIET_TIMEOUT_MS)))) {
        console.log(`warm-up: jobs still pending ${QUIET_TIMEOUT_MS / 1000} s after its last charge`);
      }
    }

    console.log(
      `${RUNS} batches of ${CALLS.toLocaleString()} completed-call callbacks, ${IN_FLIGHT} in flight…`,
    );
    const results: RunFigures[] = [];
    for (let i = 1; i <= RUNS; i++) {
      results.push(await runBatch(batch, `${run}${String(i).padStart(2, "0")}`, `batch ${i} of ${RUNS}`));
    }

    const row = (label: string, figure: (r: RunFigures) => number, unit = "", digits = 0) =>
      console.log(`${label.padEnd(56)} ${formatSummary(summarize(results.map(figure)), digits)}${unit}`);
    console.log(
      `\nEnd-to-end charging, ${RUNS} batches of ${CALLS.toLocaleString()} calls, ${new Date().toISOString()}`,
    );
    console.log("each figure: median of the batches (min–max)");
    row("status webhooks accepted", (r) => r.webhooksPerSecond, " req/s");
    row("charges per second, end to end", (r) => r.chargesPerSecond, "/s");
    row("queue latency p50 (ledger row − call log)", (r) => r.latencyP50, " ms");
    row("queue latency p99", (r) => r.latencyP99, " ms");
    row("  of which outbox → BullMQ (relayed_at − created_at) p50", (r) => r.relayP50, " ms");
    row("  of which outbox → BullMQ p99", (r) => r.relayP99, " ms");
    row("workers alone, after the last webhook", (r) => r.drainPerSecond, " charges/s");
    if (CPU_READABLE) {
      for (const component of COMPONENTS) {
        row(`CPU per charge: ${COMPONENT_NAMES[component]}`, (r) => r.cpuUs[component], " µs", 1);
      }
      row("CPU per charge: all of them", (r) => r.cpuUsTotal, " µs", 1);
      row("charges per CPU-second", (r) => r.chargesPerCpuSecond);
      row("the machine's other work", (r) => r.otherWork * 100, " % of the cores");
      if (summarize(results.map((r) => r.otherWork)).median > OTHER_WORK_WARNING) {
        console.log(
          "  a busy machine: CPU time per charge is inflated too (smaller batches, colder caches); judge the target on a quieter run",
        );
      }
      const perCpuSecond = summarize(results.map((r) => r.chargesPerCpuSecond));
      console.log(
        verdictLine(
          `at least ${TARGET_PER_CPU_SECOND.toLocaleString()} charges per CPU-second (API, workers, PostgreSQL, Redis)`,
          perCpuSecond.median >= TARGET_PER_CPU_SECOND,
          `${perCpuSecond.median.toFixed(0)}, median of ${RUNS} batches`,
        ),
      );
    } else {
      console.log("TARGET UNJUDGED charges per CPU-second: /proc is not readable here");
    }
    const ok = results.every((r) => r.ok);
    console.log(`ledger rows and wallet balance, every batch: ${ok ? "OK" : "MISMATCH"}`);
    // A wrong ledger is a fault, not a missed target.
    if (!ok) process.exitCode = 1;
  } finally {
    stopping = true;
    await Promise.all(queues.map((queue) => queue.close().catch(() => {})));
    redis?.disconnect();
    await Promise.all(children.map((child) => stopChild(child)));
    await sql?.end({ timeout: 5 });
    if (redisDb) await clearRedisDb(redisDb.url).catch((err) => console.error("Redis cleanup:", err));
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  }
}

await main();
