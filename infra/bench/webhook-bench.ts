import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { openDatabase, schema } from "@poundline/db";
import { insertRoutingConfig, type RoutingConfig } from "@poundline/db/fixtures";
import {
  compileRoutingTable,
  countryOfNumber,
  defaultBusinessHours,
  type GeoRule,
  huntPlan,
  locateCaller,
  nanpAreaCodes,
  type RoutingSnapshot,
  routeIncomingCall,
} from "@poundline/domain";
import {
  createRoutingTables,
  loadRoutingSnapshot,
  ROUTING_CHANGED,
} from "@poundline/modules/carrier/routing-tables";
import { createInProcessBus } from "@poundline/platform/events/bus";
import autocannon from "autocannon";
import { eq } from "drizzle-orm";
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
import { type CpuSample, cpuBetween, formatSummary, type Summary, summarize, verdictLine } from "./stats";

/**
 * npm run bench — the incoming-call webhook under load, beside two baselines, each server in a
 * process of its own:
 *   (a) a Fastify hello-world route, (b) a handler doing only twilio.validateRequest + VoiceResponse,
 *   (c) our full webhook for a pound-code number with 10,000 geo rules, signature checked,
 * on the machine's PostgreSQL and Redis; (c) once more while a configuration change arrives every
 * second (a geo rule saved, the change announced: every API instance recompiles its tables). Then
 * the time a save's recompile takes with 10,000 rules, and routing time with 10 and 100,000 rules.
 *
 * Throughput on a shared machine, with the load generator on the same cores, mostly measures
 * the neighbours; so beside it each server's CPU time per request is read from /proc/<pid>/stat
 * around each round, and the target — the webhook at least 1.5x cheaper than (b) — is judged on
 * that. BENCH_RUNS runs (3) take turns over the servers; each figure is printed as the median
 * and the spread. Targets are judged, not asserted: the run exits 0 either way.
 */
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const RULES = Number(process.env.BENCH_RULES ?? 10_000);
/** Members of each account (issue 23: routing stays within its figures with 50 per account). */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50);
/** lic0's own number, whose calls ring a group of all its members. */
const GROUP_NUMBER = "+13055550100";
/** Requests each server answers before the first run, so V8 has compiled its hot code. */
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP ?? 10_000);
/**
 * Node's flags for the API, as `npm start`, the Dockerfile and compose run it (the baselines run
 * with Node's defaults, as a bare handler would).
 */
const API_NODE_FLAGS = ["--max-semi-space-size=64"];
/** How often a configuration change arrives during (c)'s second kind of round, ms. */
const CHANGE_EVERY_MS = Number(process.env.BENCH_CHANGE_EVERY_MS ?? 1000);
/** Recompiles of the routing tables timed (each a full reload from the database). */
const RELOADS = Number(process.env.BENCH_RELOADS ?? 7);
/** The bench's own carrier account: the API is given it, and the load is signed with its token. */
const ACCOUNT_SID = "ACbe0c0000000000000000000000000000";
const AUTH_TOKEN = "bench-auth-token-0123456789abcdef";
const SHARED_NUMBER = "+18005550199";
const CALLER = "+13055551234"; // Miami: Florida by its area code

const CPU_READABLE = procReadable();
/** Above this share of the cores taken by other work, the verdicts come with a warning. */
const OTHER_WORK_WARNING = 0.25;
const TICKS = clockTicksPerSecond();
/** A process's CPU seconds so far, NaN when it cannot be read. */
const readCpu = (pid: number) => sampleProcesses([pid], TICKS).get(pid) ?? Number.NaN;

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * MEMBERS people per account, as a team sets itself: one in ten on do not disturb, one in ten
 * away, a third without working hours, the others at work 09:00–17:00 in one of four zones.
 */
function benchMembers(licensees: string[]): NonNullable<RoutingConfig["members"]> {
  const zones = ["America/New_York", "America/Chicago", "America/Los_Angeles", "Europe/London"];
  return licensees.flatMap((account, a) =>
    Array.from({ length: MEMBERS }, (_, m) => ({
      key: `${account}-m${m}`,
      account,
      name: `Member ${m} of ${account}`,
      availability:
        m % 10 === 0
          ? ("do_not_disturb" as const)
          : m % 10 === 1
            ? ("away" as const)
            : ("available" as const),
      timeZone: zones[m % zones.length] as string,
      ...(m % 3 === 0 ? {} : { workingHours: defaultBusinessHours }),
      forwardingPhone: `+1305${String(2_000_000 + a * 1000 + m).padStart(7, "0")}`,
    })),
  );
}

function benchConfig(ruleCount: number): RoutingConfig {
  const licensees = Array.from({ length: 20 }, (_, i) => `lic${i}`);
  const rules: NonNullable<RoutingConfig["sharedNumbers"]>[number]["rules"] = [
    { type: "state", value: "FL", target: "lic0", menu: "main", priority: 5 },
  ];
  for (let i = 1; i < ruleCount; i++) {
    // Area codes other than Miami's, so the Florida rule is the one that matches.
    const code = 201 + (i % 700);
    rules.push({
      type: "areaCode",
      value: String(code === 305 ? 306 : code),
      target: licensees[i % 20] as string,
      priority: 10 + i,
    });
  }
  return {
    accounts: licensees.map((key) => ({
      key,
      companyName: `Licensee ${key}`,
      status: "active",
      walletCents: 10_000,
    })),
    menus: [
      {
        key: "main",
        account: "lic0",
        greeting: "Thank you for calling. For a new case press 1. For the front desk press 2.",
        options: [
          { key: "1", action: "voicemail" },
          { key: "2", action: "operator" },
        ],
      },
    ],
    sharedNumbers: [{ key: "bench", poundCode: "#BENCH", e164: SHARED_NUMBER, licensees, rules }],
    members: benchMembers(licensees),
    numbers: [
      {
        key: "lic0-group",
        account: "lic0",
        e164: GROUP_NUMBER,
        routing: {
          open: { type: "ring_group", members: Array.from({ length: MEMBERS }, (_, m) => `lic0-m${m}`) },
          ringStrategy: "sequential",
        },
      },
    ],
  };
}

function startProcess(file: string, args: string[], env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(file, args, {
      execArgv: ["--import", "tsx"],
      env: { ...process.env, ...env },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`${file} exited with ${code}`)));
    child.on("message", (m: { ready?: boolean }) => m.ready && resolve(child));
  });
}

/** Slow on a loaded machine: tsx compiles the API's sources as it starts. */
async function waitForHealth(url: string, ms = 180_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become healthy within ${ms / 1000} s`);
}

/** One server's figures for one run. */
interface RunResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Responses received in the measured round. */
  requests: number;
  /** The server process's CPU time per request, in microseconds (NaN without /proc). */
  cpuUs: number;
  /** PostgreSQL (the bench database's backends and shared writers) and Redis, per request, µs. */
  storesCpuUs: number;
  /** Share of the cores' time that went to the machine's other work during the round. */
  otherWork: number;
  /** Configuration changes saved during the measured round. */
  changes: number;
}

interface Server {
  name: string;
  base: string;
  pid: number;
  /** Whether to count PostgreSQL's and Redis's CPU during its rounds (the API's). */
  usesStores: boolean;
  /** Saves a configuration change every CHANGE_EVERY_MS during its measured rounds. */
  changes?: ConfigChanger;
}

/** A configuration change, as a save makes one: a geo rule's row updated, the change announced. */
type ConfigChanger = () => Promise<void>;

/** What the stores spent, read around each of the API's rounds. */
interface StoresMeter {
  sample(): Promise<CpuSample>;
}

function signedRequest(baseUrl: string) {
  const params = {
    AccountSid: ACCOUNT_SID,
    ApiVersion: "2010-04-01",
    CallSid: `CA${randomBytes(16).toString("hex")}`,
    CallStatus: "ringing",
    Called: SHARED_NUMBER,
    Caller: CALLER,
    Direction: "inbound",
    From: CALLER,
    FromCity: "",
    FromCountry: "",
    FromState: "",
    FromZip: "",
    To: SHARED_NUMBER,
  };
  const url = `${baseUrl}/twilio/voice`;
  const signature = twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, params);
  return {
    method: "POST" as const,
    path: "/twilio/voice",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
    body: new URLSearchParams(params).toString(),
  };
}

/** Before the first run: enough requests that the optimising compiler is done with the hot paths. */
async function warmUp(server: Server) {
  if (WARMUP_REQUESTS <= 0) return;
  const request = signedRequest(server.base);
  await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    amount: WARMUP_REQUESTS,
    requests: [request],
  });
}

/** One round against one server: a 1 s warm-up (JIT, pools), then the measured load. */
async function load(server: Server, stores: StoresMeter | null): Promise<RunResult> {
  const request = signedRequest(server.base);
  await autocannon({ url: server.base, connections: CONNECTIONS, duration: 1, requests: [request] });
  const cpuBefore = readCpu(server.pid);
  const storesBefore = server.usesStores ? await stores?.sample() : undefined;
  const otherWork = startOtherWork(TICKS);
  let changes = 0;
  const changing = server.changes;
  const changer = changing
    ? setInterval(() => {
        changes += 1;
        changing().catch((err) => console.error("configuration change failed", err));
      }, CHANGE_EVERY_MS)
    : undefined;
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [request],
  });
  clearInterval(changer);
  const cpuAfter = readCpu(server.pid);
  const storesAfter = server.usesStores ? await stores?.sample() : undefined;
  const storesSeconds = storesBefore && storesAfter ? cpuBetween(storesBefore, storesAfter).seconds : 0;
  const others = otherWork(cpuAfter - cpuBefore + storesSeconds);
  const requests = result.requests.total;
  const perRequestUs = (seconds: number) => (requests > 0 ? (seconds * 1e6) / requests : Number.NaN);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    requests,
    cpuUs: perRequestUs(cpuAfter - cpuBefore),
    storesCpuUs: storesBefore && storesAfter ? perRequestUs(storesSeconds) : Number.NaN,
    otherWork: others,
    changes,
  };
}

function timeRouting(snapshot: RoutingSnapshot, iterations: number): number {
  const table = compileRoutingTable(snapshot, new Date());
  const call = { to: SHARED_NUMBER, from: CALLER, fromState: "", fromCountry: "" };
  const now = new Date("2026-11-23T15:00:00Z");
  const run = () => {
    for (let i = 0; i < iterations; i++) {
      routeIncomingCall(table, call, locateCaller(call, nanpAreaCodes, countryOfNumber), now);
    }
  };
  run();
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / iterations;
}

/**
 * A call to lic0's number, whose ring group names its MEMBERS people: the incoming call's routing
 * (who may be rung now: availability, each one's hours in their zone) and the hunt's plan, each
 * timed in memory, ns per call.
 */
function timeGroupRouting(snapshot: RoutingSnapshot, iterations: number) {
  const table = compileRoutingTable(snapshot, new Date());
  const call = { to: GROUP_NUMBER, from: CALLER, fromState: "", fromCountry: "" };
  const location = locateCaller(call, nanpAreaCodes, countryOfNumber);
  const now = new Date("2026-11-23T15:00:00Z");
  const route = table.byNumber.get(GROUP_NUMBER);
  if (route?.kind !== "owned") throw new Error("the group's number is missing");
  const context = { accountId: route.route.accountId, numberId: route.route.numberId };
  const plan = huntPlan(table, context, "open", 0, now);
  const timed = (work: () => unknown) => {
    for (let i = 0; i < iterations; i++) work();
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) work();
    return Number(process.hrtime.bigint() - start) / iterations;
  };
  return {
    ringable: plan?.seats.length ?? 0,
    routeNs: timed(() => routeIncomingCall(table, call, location, now)),
    planNs: timed(() => huntPlan(table, context, "open", 0, now)),
  };
}

function withRules(snapshot: RoutingSnapshot, count: number): RoutingSnapshot {
  const shared = snapshot.sharedNumbers[0];
  if (!shared) throw new Error("no shared number");
  const first = shared.rules[0] as GeoRule;
  const rules: GeoRule[] = [first];
  for (let i = 1; i < count; i++) {
    const code = 201 + (i % 700);
    rules.push({
      ...first,
      id: `r${i}`,
      locationType: "areaCode",
      locationValue: String(code === 305 ? 306 : code),
      ivrMenuId: null,
      priority: 10 + i,
    });
  }
  return { ...snapshot, sharedNumbers: [{ ...shared, rules }] };
}

/**
 * What a save costs an API instance: `routing.reload()` (the routing snapshot read from the
 * database, then compiled), timed RELOADS times on the bench's database, with the CPU time of
 * this process (PostgreSQL's is not in it).
 */
async function timeReloads(handle: Awaited<ReturnType<typeof openDatabase>>) {
  const routing = await createRoutingTables(handle.db, createInProcessBus(), () => new Date(), console);
  const wall: number[] = [];
  const cpu: number[] = [];
  try {
    for (let i = 0; i < RELOADS; i++) {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      await routing.reload();
      const used = process.cpuUsage(cpuBefore);
      wall.push(performance.now() - started);
      cpu.push((used.user + used.system) / 1000);
    }
  } finally {
    routing.close();
  }
  return { wallMs: summarize(wall), cpuMs: summarize(cpu) };
}

/** The geo rule the configuration changes edit: the last one, which never matches the bench's caller. */
async function lastRule(url: string): Promise<{ id: string; value: string }> {
  const handle = await openDatabase({ url });
  try {
    const [rule] = await handle.db
      .select({ id: schema.geoRules.id, value: schema.geoRules.locationValue })
      .from(schema.geoRules)
      .where(eq(schema.geoRules.priority, 10 + RULES - 1));
    if (!rule) throw new Error("the bench's last geo rule is missing");
    return rule;
  } finally {
    await handle.close();
  }
}

/** How much of the machine other work took while the figures were taken, and a word when it was much. */
function reportOtherWork(share: Summary) {
  if (Number.isNaN(share.median)) return;
  const percent = { median: share.median * 100, min: share.min * 100, max: share.max * 100 };
  console.log(`the machine's other work during the rounds: ${formatSummary(percent)} % of the cores`);
  if (share.median > OTHER_WORK_WARNING) {
    console.log("  a busy machine: CPU time per request is inflated too; judge the targets on a quieter run");
  }
}

async function main() {
  const name = `bench_${Date.now().toString(36)}`;
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const dbUrl = new URL(SERVER_URL);
  dbUrl.pathname = `/${name}`;
  const children: ChildProcess[] = [];
  let benchSql: postgres.Sql | null = null;
  let redis: Redis | null = null;
  try {
    const handle = await openDatabase({ url: dbUrl.toString() });
    await handle.migrate();
    console.log(
      `Seeding a pound-code number with ${RULES.toLocaleString()} geo rules, ${MEMBERS} members per account…`,
    );
    await insertRoutingConfig(handle.db, benchConfig(RULES));
    const snapshot = await loadRoutingSnapshot(handle.db);
    const reloads = await timeReloads(handle);
    await handle.close();

    const ports = { hello: await freePort(), minimal: await freePort(), full: await freePort() };
    const servers: Server[] = [];
    for (const mode of ["hello", "minimal"] as const) {
      const base = `http://127.0.0.1:${ports[mode]}`;
      const child = await startProcess(here("./baseline-servers.ts"), [mode], {
        PORT: String(ports[mode]),
        AUTH_TOKEN,
        PUBLIC_BASE_URL: base,
      });
      children.push(child);
      servers.push({
        name: mode === "hello" ? "(a) Fastify hello world" : "(b) validateRequest + VoiceResponse",
        base,
        pid: child.pid ?? 0,
        usesStores: false,
      });
    }
    // The API, and when BENCH_COMPARE_API names another checkout's apps/api/src/server.ts,
    // that one too on the same database: an A/B of two commits in the same time window.
    const apis = [
      {
        file: here("../../apps/api/src/server.ts"),
        name: `(c) full webhook, ${RULES.toLocaleString()} rules`,
      },
    ];
    for (const [i, file] of (process.env.BENCH_COMPARE_API?.split(",").filter(Boolean) ?? []).entries()) {
      apis.push({ file, name: `(${String.fromCharCode(100 + i)}) BENCH_COMPARE_API ${i + 1}` });
    }
    for (const [i, { file, name: label }] of apis.entries()) {
      const port = i === 0 ? ports.full : await freePort();
      const base = `http://127.0.0.1:${port}`;
      const api = fork(file, [], {
        // BENCH_PROFILE_DIR: the API writes its V8 CPU profiles there when it exits.
        execArgv: [
          ...API_NODE_FLAGS,
          "--import",
          "tsx",
          ...(process.env.BENCH_PROFILE_DIR
            ? // One folder per API (c, d): a profile per thread, the main thread's the largest.
              ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}/${String.fromCharCode(99 + i)}`]
            : []),
        ],
        env: {
          ...process.env,
          PORT: String(port),
          HOST: "127.0.0.1",
          PUBLIC_BASE_URL: base,
          DATABASE_URL: dbUrl.toString(),
          REDIS_URL,
          // A carrier account of the bench's own: the webhooks are signed with its token, whatever
          // the simulator's token is.
          TWILIO_ACCOUNT_SID: ACCOUNT_SID,
          TWILIO_AUTH_TOKEN: AUTH_TOKEN,
          LOG_LEVEL: "warn",
          SEED_DEMO: "false",
        },
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      children.push(api);
      await waitForHealth(base);
      servers.push({ name: label, base, pid: api.pid ?? 0, usesStores: true });
    }
    const changedRule = await lastRule(dbUrl.toString());

    benchSql = postgres(dbUrl.toString(), {
      max: 1,
      onnotice: () => {},
      connection: { application_name: BENCH_APPLICATION_NAME },
    });
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    const sql = benchSql;
    const redisClient = redis;
    // (c) again, while a save changes a geo rule every second (one with no bearing on the bench's
    // call) and announces it as routing.changed() does: the API recompiles its tables each time.
    let flip = false;
    const fullServer = servers[2] as Server;
    servers.splice(3, 0, {
      ...fullServer,
      name: `(c) the same, a save every ${CHANGE_EVERY_MS / 1000} s`,
      changes: async () => {
        flip = !flip;
        await sql`update geo_rules set location_value = ${flip ? "202" : changedRule.value}, updated_at = now()
          where id = ${changedRule.id}`;
        await redisClient.publish(ROUTING_CHANGED, JSON.stringify({ at: new Date().toISOString() }));
      },
    });
    const stores: StoresMeter | null = CPU_READABLE
      ? {
          async sample() {
            const pg = await postgresProcesses(sql, name);
            const pgSample = sampleProcesses([...pg.backends, ...pg.background], TICKS, "postgres");
            return new Map([...pgSample, ...(await sampleRedis(redisClient))]);
          },
        }
      : null;

    // Runs that take turns, so a burst of noise on this shared machine hits every server alike;
    // each figure is the median of its runs, with their spread.
    for (const server of servers) await warmUp(server);
    const runs: RunResult[][] = servers.map(() => []);
    for (let run = 0; run < RUNS; run++) {
      for (const [i, server] of servers.entries()) runs[i]?.push(await load(server, stores));
      console.log(`run ${run + 1} of ${RUNS} done`);
    }

    // Each column: its header, its width, the figure of a run and its decimals.
    const columns: [string, number, (r: RunResult) => number, number][] = [
      ["req/s", 22, (r) => r.rps, 0],
      ["p50 ms", 16, (r) => r.p50, 1],
      ["p99 ms", 16, (r) => r.p99, 1],
      ["CPU µs/request", 22, (r) => r.cpuUs, 1],
    ];
    console.log(
      `\nIncoming-call webhook, ${CONNECTIONS} connections, ${RUNS} runs of ${DURATION} s per server, ${new Date().toISOString()}`,
    );
    console.log("each figure: median of the runs (min–max)");
    console.log(
      `${"server".padEnd(40)}${columns.map(([header, width]) => header.padStart(width)).join(" ")}  non-2xx`,
    );
    for (const [i, server] of servers.entries()) {
      const rs = runs[i] ?? [];
      const cells = columns.map(([, width, figure, digits]) =>
        formatSummary(summarize(rs.map(figure)), digits).padStart(width),
      );
      console.log(`${server.name.padEnd(40)}${cells.join(" ")}  ${rs.reduce((n, r) => n + r.non2xx, 0)}`);
    }
    const [, minimal = [], full = [], changing = [], ...compared] = runs;
    const pairs = minimal.map((b, i) => ({ b, c: full[i] as RunResult }));
    const throughputRatio = summarize(pairs.map(({ b, c }) => c.rps / b.rps));
    const cpuRatio = summarize(pairs.map(({ b, c }) => b.cpuUs / c.cpuUs));
    const changingRatio = summarize(minimal.map((b, i) => b.cpuUs / (changing[i] as RunResult).cpuUs));
    const changesMade = changing.reduce((n, r) => n + r.changes, 0);
    const p99 = summarize(full.map((r) => r.p99));
    console.log(
      `\n(c) PostgreSQL + Redis CPU per request (the bench database's backends, the shared writers, the whole Redis server): ${formatSummary(
        summarize(full.map((r) => r.storesCpuUs)),
        1,
      )} µs`,
    );
    console.log(
      `throughput (c) / (b): ${formatSummary(throughputRatio, 2)}x (noisy: the neighbours' share of the cores)`,
    );
    console.log(`CPU per request (b) / (c): ${formatSummary(cpuRatio, 2)}x`);
    console.log(
      `CPU per request (b) / (c) with a save every ${CHANGE_EVERY_MS / 1000} s: ${formatSummary(changingRatio, 2)}x (${changesMade} saves in ${RUNS} rounds)`,
    );
    for (const [i, other] of compared.entries()) {
      const letter = String.fromCharCode(100 + i);
      const ratio = (of: (b: RunResult, c: RunResult, o: RunResult) => number) =>
        formatSummary(
          summarize(minimal.map((b, run) => of(b, full[run] as RunResult, other[run] as RunResult))),
          2,
        );
      console.log(`CPU per request (b) / (${letter}): ${ratio((b, _, o) => b.cpuUs / o.cpuUs)}x`);
      console.log(`CPU per request (${letter}) / (c): ${ratio((_, c, o) => o.cpuUs / c.cpuUs)}x`);
    }
    reportOtherWork(summarize(runs.flat().map((r) => r.otherWork)));
    if (CPU_READABLE) {
      console.log(
        verdictLine(
          "webhook CPU per request at least 1.5x cheaper than (b)",
          cpuRatio.median >= 1.5,
          `(b)/(c) = ${cpuRatio.median.toFixed(2)}x, median of ${RUNS} runs`,
        ),
      );
      console.log(
        verdictLine(
          "the same while a configuration change arrives every second",
          changingRatio.median >= 1.5,
          `(b)/(c) = ${changingRatio.median.toFixed(2)}x, median of ${RUNS} runs`,
        ),
      );
    } else {
      console.log("TARGET UNJUDGED webhook CPU per request: /proc is not readable here");
    }
    console.log(
      verdictLine(
        "webhook p99 at most 20 ms",
        p99.median <= 20,
        `${p99.median.toFixed(1)} ms, median of ${RUNS} runs`,
      ),
    );

    console.log(
      `\nRecompiling the routing tables after a save (${RULES.toLocaleString()} geo rules, ${MEMBERS} members in each of 20 accounts, read from PostgreSQL and compiled), ${RELOADS} times: ${formatSummary(reloads.wallMs, 1)} ms (CPU of this process ${formatSummary(reloads.cpuMs, 1)} ms)`,
    );
    console.log(
      verdictLine(
        `a save recompiles the routing tables of ${RULES.toLocaleString()} geo rules in under 100 ms`,
        reloads.wallMs.median < 100,
        `${reloads.wallMs.median.toFixed(1)} ms, median of ${RELOADS}`,
      ),
    );

    const iterations = 200_000;
    const small = timeRouting(withRules(snapshot, 10), iterations);
    const large = timeRouting(withRules(snapshot, 100_000), iterations);
    console.log(
      `\nRouting one call (geo rules, in memory): 10 rules ${small.toFixed(0)} ns, 100,000 rules ${large.toFixed(0)} ns`,
    );
    console.log(
      verdictLine(
        "routing with 100,000 rules at most 2x the time with 10",
        large / small <= 2,
        `${(large / small).toFixed(2)}x`,
      ),
    );
    const group = timeGroupRouting(snapshot, 20_000);
    console.log(
      `\nA ring group of ${MEMBERS} members (${group.ringable} ringable now), in memory: routing the incoming call ${group.routeNs.toFixed(0)} ns, planning its hunt ${group.planNs.toFixed(0)} ns`,
    );
    console.log(
      verdictLine(
        `routing a call to a ring group of ${MEMBERS} members at most 10 µs in memory`,
        group.routeNs <= 10_000,
        `${(group.routeNs / 1000).toFixed(1)} µs, ${(group.routeNs / MEMBERS).toFixed(0)} ns per member`,
      ),
    );
  } finally {
    // SIGTERM first: a graceful exit writes the CPU profile when one was asked for.
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(timer);
      }),
    );
    await benchSql?.end({ timeout: 5 });
    redis?.disconnect();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

await main();
