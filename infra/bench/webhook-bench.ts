import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { openDatabase } from "@poundline/db";
import { insertRoutingConfig, type RoutingConfig } from "@poundline/db/fixtures";
import {
  compileRoutingTable,
  countryOfNumber,
  type GeoRule,
  locateCaller,
  nanpAreaCodes,
  type RoutingSnapshot,
  routeIncomingCall,
} from "@poundline/telephony";
import autocannon from "autocannon";
import postgres from "postgres";
import twilio from "twilio";
import { loadRoutingSnapshot } from "../../services/api/src/twilio/routing-tables";

/**
 * npm run bench — the incoming-call webhook under load, beside two baselines, in one run:
 *   (a) a Fastify hello-world route, (b) a handler doing only twilio.validateRequest + VoiceResponse,
 *   (c) our full webhook for a pound-code number with 10,000 geo rules, signature checked,
 * on the machine's PostgreSQL and Redis. Then routing time with 10 and with 100,000 rules.
 * Figures are printed, not asserted: the machine is shared and noisy.
 */
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const RULES = Number(process.env.BENCH_RULES ?? 10_000);
const AUTH_TOKEN = "bench-auth-token-0123456789abcdef";
const SHARED_NUMBER = "+18005550199";
const CALLER = "+13055551234"; // Miami: Florida by its area code

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

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

async function waitForHealth(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become healthy`);
}

interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function load(name: string, baseUrl: string): Promise<LoadResult> {
  const params = {
    AccountSid: "ACc0ffee00000000000000000000000000",
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
  const request = {
    method: "POST" as const,
    path: "/twilio/voice",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
    body: new URLSearchParams(params).toString(),
  };
  // Warm up (JIT, connection pools), then measure.
  await autocannon({ url: baseUrl, connections: CONNECTIONS, duration: 1, requests: [request] });
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [request],
  });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
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

async function main() {
  const name = `bench_${Date.now().toString(36)}`;
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const dbUrl = new URL(SERVER_URL);
  dbUrl.pathname = `/${name}`;
  const children: ChildProcess[] = [];
  try {
    const handle = await openDatabase({ url: dbUrl.toString() });
    await handle.migrate();
    console.log(`Seeding a pound-code number with ${RULES.toLocaleString()} geo rules…`);
    await insertRoutingConfig(handle.db, benchConfig(RULES));
    const snapshot = await loadRoutingSnapshot(handle.db);
    await handle.close();

    const ports = { hello: 3901, minimal: 3902, full: 3903 };
    const servers: { name: string; base: string }[] = [];
    for (const mode of ["hello", "minimal"] as const) {
      const base = `http://127.0.0.1:${ports[mode]}`;
      children.push(
        await startProcess(here("./baseline-servers.ts"), [mode], {
          PORT: String(ports[mode]),
          AUTH_TOKEN,
          PUBLIC_BASE_URL: base,
        }),
      );
      servers.push({
        name: mode === "hello" ? "(a) Fastify hello world" : "(b) validateRequest + VoiceResponse",
        base,
      });
    }
    const base = `http://127.0.0.1:${ports.full}`;
    const api = fork(here("../../services/api/src/server.ts"), [], {
      // BENCH_PROFILE_DIR: the API writes a V8 CPU profile there when it exits.
      execArgv: [
        "--import",
        "tsx",
        ...(process.env.BENCH_PROFILE_DIR
          ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
          : []),
      ],
      env: {
        ...process.env,
        PORT: String(ports.full),
        HOST: "127.0.0.1",
        PUBLIC_BASE_URL: base,
        DATABASE_URL: dbUrl.toString(),
        REDIS_URL,
        TWILIO_ACCOUNT_SID: "ACc0ffee00000000000000000000000000",
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        LOG_LEVEL: "warn",
        SEED_DEMO: "false",
      },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    children.push(api);
    await waitForHealth(base);
    servers.push({ name: `(c) full webhook, ${RULES.toLocaleString()} rules`, base });

    // Rounds that take turns, so a burst of noise on this shared machine hits every server alike;
    // each figure is the median of its rounds.
    const rounds: LoadResult[][] = servers.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, server] of servers.entries()) rounds[i]?.push(await load(server.name, server.base));
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const results: LoadResult[] = rounds.map((runs) => ({
      name: runs[0]?.name ?? "",
      rps: median(runs.map((r) => r.rps)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    }));

    console.log(
      `\nIncoming-call webhook, ${CONNECTIONS} connections, median of ${ROUNDS} rounds of ${DURATION} s, ${new Date().toISOString()}`,
    );
    console.log("server                                   req/s     p50 ms  p99 ms  non-2xx");
    for (const r of results) {
      console.log(
        `${r.name.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(9)} ${r.p99.toFixed(1).padStart(7)} ${String(r.non2xx).padStart(8)}`,
      );
    }
    const [, minimal, full] = results as [LoadResult, LoadResult, LoadResult];
    console.log(`\nfull / (b) throughput: ${(full.rps / minimal.rps).toFixed(2)}x (target >= 1.5x)`);
    console.log(`full p99: ${full.p99.toFixed(1)} ms (target <= 20 ms)`);

    const iterations = 200_000;
    const small = timeRouting(withRules(snapshot, 10), iterations);
    const large = timeRouting(withRules(snapshot, 100_000), iterations);
    console.log(
      `\nRouting one call (geo rules, in memory): 10 rules ${small.toFixed(0)} ns, 100,000 rules ${large.toFixed(0)} ns`,
    );
    console.log(`ratio ${(large / small).toFixed(2)}x (target <= 2x)`);
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
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

await main();
