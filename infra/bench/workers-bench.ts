import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { Agent, request } from "node:http";
import { fileURLToPath } from "node:url";
import { defaultRates, priceCall } from "@poundline/domain";
import { redisOptionsFromUrl } from "@poundline/modules/jobs";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import postgres from "postgres";
import twilio from "twilio";
import { type BenchTree, entryOf, prepareBaselineTree } from "./bench-tree";
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
 * which writes the call log and its charge hand-off in one statement (a `pending_charges` row
 * since issue 22; a job_outbox row relayed to BullMQ before, as in the baseline);
 * `npm run workers` (apps/workers/src/main.ts) charges them into the wallet's ledger. BENCH_RUNS batches (3) of BENCH_CALLS each; for each it measures charges per second
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
 *
 * The baseline: the tree of commit BENCH_BASELINE (ab5c541 by default, "none" to skip it) is
 * extracted into the temporary directory (see bench-tree.ts) and run side by side, its own API
 * and workers on a database of its own; the two trees take turns batch by batch, and the run
 * ends with both CPU figures per charge and their ratio (target: at most 40 % of the baseline's).
 * CPU speed differs from machine to machine by 2x and more: only figures of one run compare.
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

/** The commit run side by side as the baseline ("none": this tree alone). */
const BASELINE = process.env.BENCH_BASELINE ?? "ab5c541";
/** This tree's CPU per charge at most this share of the baseline's (issue: a 2.5x cut). */
const TARGET_RATIO = 0.4;
const THIS_TREE: BenchTree = { label: "this tree", root: fileURLToPath(new URL("../..", import.meta.url)) };

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

function startChild(file: string, tree: BenchTree, env: Record<string, string>): ChildProcess {
  return fork(file, [], {
    cwd: tree.root,
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
 * Waits until the work a batch set off is over — every outbox row settled by a worker, no charge
 * pending, no job waiting or running — so its trailing work is counted in its CPU time and not in the next's.
 */
async function waitForQuiet(sql: postgres.Sql, queues: Queue[], ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  // The charge hand-off since issue 22 (absent from an older baseline's schema).
  const [table] = await sql`select to_regclass('pending_charges') is not null as present`;
  const pendingCharges = table?.present === true;
  while (Date.now() < deadline) {
    const [row] = pendingCharges
      ? await sql`select (select count(*)::int from job_outbox where settled_at is null)
          + (select count(*)::int from pending_charges) as n`
      : await sql`select count(*)::int as n from job_outbox where settled_at is null`;
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
    relayP50: outbox?.p50_relay == null ? Number.NaN : Number(outbox.p50_relay) * 1000,
    relayP99: outbox?.p99_relay == null ? Number.NaN : Number(outbox.p99_relay) * 1000,
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

/** One tree's API and workers, on a database and Redis database of their own. */
interface System {
  tree: BenchTree;
  batch: Batch;
}

/**
 * Starts `tree`'s API and workers process on a fresh database, set up by the tree's own
 * migrations; what it starts is stopped, and what it creates dropped, by `cleanups` (run last first).
 */
async function startSystem(
  tree: BenchTree,
  admin: postgres.Sql,
  cleanups: (() => Promise<void>)[],
): Promise<System> {
  const name = `bench_workers_${Date.now().toString(36)}${randomBytes(2).toString("hex")}`;
  await admin.unsafe(`create database "${name}"`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  });
  const dbUrl = new URL(SERVER_URL);
  dbUrl.pathname = `/${name}`;
  await runSetup(tree, dbUrl.toString());
  // The bench's own connection, named so its polls are not counted as the system's CPU.
  const sql = postgres(dbUrl.toString(), {
    max: 2,
    onnotice: () => {},
    connection: { application_name: BENCH_APPLICATION_NAME },
  });
  cleanups.push(() => sql.end({ timeout: 5 }));
  const [rateRow] = await sql`select count(*)::int as n from rates`;
  if ((rateRow?.n ?? 0) > 0) throw new Error("expected no rates rows: the check prices with defaultRates");

  const redisDb = await claimRedisDb();
  cleanups.push(() => clearRedisDb(redisDb.url).catch((err) => console.error("Redis cleanup:", err)));
  const port =
    process.env.BENCH_PORT && tree.root === THIS_TREE.root
      ? Number(process.env.BENCH_PORT)
      : await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(
    `${tree.label}: database ${name}, Redis db ${redisDb.db}; API on ${base} and a workers process` +
      (WORKER_CONCURRENCY ? ` (WORKER_CONCURRENCY=${WORKER_CONCURRENCY})` : ""),
  );
  const children: ChildProcess[] = [];
  let stopping = false;
  cleanups.push(async () => {
    stopping = true;
    await Promise.all(children.map((child) => stopChild(child)));
  });
  const api = startChild(entryOf(tree, "apps/api/src/server.ts", "services/api/src/server.ts"), tree, {
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
  const workersEntry = entryOf(tree, "apps/workers/src/main.ts", "services/api/src/workers-process.ts");
  const workers = startChild(workersEntry, tree, {
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
          reject(
            new Error(`${tree.label}: the ${i === 0 ? "API" : "workers"} process exited (${code ?? signal})`),
          );
      });
    }
  });
  died.catch(() => {});
  const guard = <T>(promise: Promise<T>) => Promise.race([promise, died]);
  // Slow on a loaded machine: tsx compiles the API's sources as it starts.
  await guard(waitFor("API", async () => (await fetch(`${base}/healthz`)).ok, STARTUP_TIMEOUT_MS));
  const queues: Queue[] = [];
  cleanups.push(async () => {
    await Promise.all(queues.map((queue) => queue.close().catch(() => {})));
  });
  for (const queueName of ["billing", "notifications"]) {
    queues.push(new Queue(queueName, { prefix: "poundline", connection: redisOptionsFromUrl(redisDb.url) }));
  }
  const [billing] = queues as [Queue];
  await guard(waitFor("workers", async () => (await billing.getWorkersCount()) > 0, STARTUP_TIMEOUT_MS));
  const redis = new Redis(redisDb.url, { maxRetriesPerRequest: 1 });
  cleanups.push(async () => redis.disconnect());
  const batch: Batch = {
    base,
    sql,
    queues,
    guard,
    sampleCpu: cpuMeter(api.pid ?? 0, workers.pid ?? 0, sql, name, redis),
  };
  return { tree, batch };
}

/** Migrates and fills the system's database with the tree's own database package (its schema may differ). */
async function runSetup(tree: BenchTree, url: string) {
  const child = fork(here("./workers-bench-setup.ts"), [], {
    execArgv: ["--import", "tsx"],
    cwd: tree.root,
    env: {
      ...process.env,
      BENCH_TREE: tree.root,
      BENCH_SETUP: JSON.stringify({ url, number: OUR_NUMBER, walletCents: START_BALANCE }),
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`${tree.label}: database setup failed (${code})`);
}

/** Warm-up: JIT, pools and connections, and its trailing work done, before the measured batches. */
async function warmUp({ batch, tree }: System, tag: string) {
  if (WARMUP <= 0) return;
  const { base, sql, guard, queues } = batch;
  await guard(postCallbacks(base, tag, WARMUP));
  if (!(await guard(waitForCharges(sql, tag, WARMUP, TIMEOUT_MS)))) {
    throw new Error(`${tree.label}: warm-up not charged`);
  }
  if (!(await guard(waitForQuiet(sql, queues, QUIET_TIMEOUT_MS)))) {
    console.log(
      `${tree.label} warm-up: jobs still pending ${QUIET_TIMEOUT_MS / 1000} s after its last charge`,
    );
  }
}

const row = (
  results: RunFigures[],
  label: string,
  figure: (r: RunFigures) => number,
  unit = "",
  digits = 0,
) => console.log(`${label.padEnd(56)} ${formatSummary(summarize(results.map(figure)), digits)}${unit}`);

function printFigures(label: string, results: RunFigures[]) {
  console.log(`\n${label}: end-to-end charging, ${RUNS} batches of ${CALLS.toLocaleString()} calls`);
  console.log("each figure: median of the batches (min–max)");
  row(results, "status webhooks accepted", (r) => r.webhooksPerSecond, " req/s");
  row(results, "charges per second, end to end", (r) => r.chargesPerSecond, "/s");
  row(results, "queue latency p50 (ledger row − call log)", (r) => r.latencyP50, " ms");
  row(results, "queue latency p99", (r) => r.latencyP99, " ms");
  // No outbox row per charge since issue 22 (pending_charges): the rows only for a tree that has them.
  if (results.some((r) => Number.isFinite(r.relayP50))) {
    row(results, "  of which outbox → BullMQ (relayed_at − created_at) p50", (r) => r.relayP50, " ms");
    row(results, "  of which outbox → BullMQ p99", (r) => r.relayP99, " ms");
  }
  row(results, "workers alone, after the last webhook", (r) => r.drainPerSecond, " charges/s");
  if (!CPU_READABLE) return;
  for (const component of COMPONENTS) {
    row(results, `CPU per charge: ${COMPONENT_NAMES[component]}`, (r) => r.cpuUs[component], " µs", 1);
  }
  row(results, "CPU per charge: all of them", (r) => r.cpuUsTotal, " µs", 1);
  row(results, "charges per CPU-second", (r) => r.chargesPerCpuSecond);
  row(results, "the machine's other work", (r) => r.otherWork * 100, " % of the cores");
}

async function main() {
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  const cleanups: (() => Promise<void>)[] = [];
  const trees = [THIS_TREE];
  if (BASELINE !== "none") trees.unshift(prepareBaselineTree(THIS_TREE.root, BASELINE));
  try {
    const systems: System[] = [];
    for (const tree of trees) systems.push(await startSystem(tree, admin, cleanups));
    const run = randomBytes(3).toString("hex");
    for (const [i, system] of systems.entries()) await warmUp(system, `${run}${i}00`);

    console.log(
      `${RUNS} batches of ${CALLS.toLocaleString()} completed-call callbacks per tree, ${IN_FLIGHT} in flight` +
        (systems.length > 1 ? ", the trees taking turns…" : "…"),
    );
    // The trees take turns, batch by batch: a change in the machine's load falls on both.
    const results = systems.map(() => [] as RunFigures[]);
    for (let i = 1; i <= RUNS; i++) {
      for (const [s, system] of systems.entries()) {
        const tag = `${run}${s}${String(i).padStart(2, "0")}`;
        results[s]?.push(await runBatch(system.batch, tag, `${system.tree.label}, batch ${i} of ${RUNS}`));
      }
    }

    console.log(`\nEnd-to-end charging, ${new Date().toISOString()}`);
    for (const [s, system] of systems.entries()) printFigures(system.tree.label, results[s] ?? []);
    const current = results[systems.length - 1] ?? [];
    if (CPU_READABLE) {
      if (summarize(current.map((r) => r.otherWork)).median > OTHER_WORK_WARNING) {
        console.log(
          "\n  a busy machine: CPU time per charge is inflated too (smaller batches, colder caches); judge the target on a quieter run",
        );
      }
      const perCpuSecond = summarize(current.map((r) => r.chargesPerCpuSecond));
      console.log(
        verdictLine(
          `at least ${TARGET_PER_CPU_SECOND.toLocaleString()} charges per CPU-second (API, workers, PostgreSQL, Redis)`,
          perCpuSecond.median >= TARGET_PER_CPU_SECOND,
          `${perCpuSecond.median.toFixed(0)}, median of ${RUNS} batches`,
        ),
      );
      if (systems.length > 1) printComparison(results[0] ?? [], current);
    } else {
      console.log("TARGET UNJUDGED charges per CPU-second: /proc is not readable here");
    }
    const ok = results.every((list) => list.every((r) => r.ok));
    console.log(`ledger rows and wallet balance, every batch: ${ok ? "OK" : "MISMATCH"}`);
    // A wrong ledger is a fault, not a missed target.
    if (!ok) process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => console.error("clean-up:", err));
    await admin.end({ timeout: 5 });
  }
}

/**
 * The baseline's CPU per charge against this tree's, measured in the same run. Each batch of this
 * tree is compared with the baseline's batch just before it (same moment, same neighbours).
 */
function printComparison(baseline: RunFigures[], current: RunFigures[]) {
  const before = summarize(baseline.map((r) => r.cpuUsTotal)).median;
  const after = summarize(current.map((r) => r.cpuUsTotal)).median;
  const ratios = current.map((r, i) => r.cpuUsTotal / (baseline[i]?.cpuUsTotal ?? Number.NaN));
  const ratio = summarize(ratios);
  console.log(
    `\nbaseline (${BASELINE}): ${(before / 1000).toFixed(3)} ms CPU per charge; this tree: ${(after / 1000).toFixed(3)} ms; ` +
      `ratio ${ratio.median.toFixed(2)} (batch by batch ${formatSummary(ratio, 2)})`,
  );
  console.log(
    verdictLine(
      `at most ${TARGET_RATIO * 100} % of the baseline's CPU per charge`,
      ratio.median <= TARGET_RATIO,
      `${(ratio.median * 100).toFixed(0)} %, median of ${current.length} batch pairs`,
    ),
  );
}

await main();
