/**
 * `npm run bench:test-startup`: what a test file pays for its database before its first test.
 * Each test file runs in a process of its own (vitest's "forks" pool), so each sample is a new
 * Node process that opens one database and reports the wall and CPU time (user + system, every
 * thread of that process) of doing so, two ways:
 *
 *   migrated   an empty database, migrated (what every test file did before the templates)
 *   template   `createTestDatabase`: a copy of the template migrated once (packages/db/src/test-templates.ts)
 *
 * On PGlite by default; on PostgreSQL when TEST_DATABASE_URL is set (the server's own CPU is
 * then not in the figures, only the wall time shows it). The processes run one after another.
 * BENCH_RUNS (default 5) processes per way. See docs/benchmarks.md, "Test start-up".
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { type DatabaseHandle, openDatabase } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { clockTicksPerSecond, startOtherWork } from "./cpu";
import { formatSummary, summarize } from "./stats";

const WAYS = ["migrated", "template"] as const;
type Way = (typeof WAYS)[number];

interface Sample {
  wallMs: number;
  cpuMs: number;
  /** The whole process's CPU time, its start and imports included. */
  processCpuMs: number;
}

/** The database opened the way tests opened it before the templates: empty, then migrated. */
async function openMigrated(serverUrl: string | undefined): Promise<DatabaseHandle> {
  if (!serverUrl) {
    const handle = await openDatabase({ dataDir: "memory://" });
    await handle.migrate();
    return handle;
  }
  const name = `bench_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), maxConnections: 5 });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** One sample, in this (new) process: prints it as JSON. */
async function child(way: Way): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const handle = way === "migrated" ? await openMigrated(serverUrl) : await createTestDatabase();
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  // The proof that the database is usable and migrated: the last migration's table is there.
  await handle.db.execute(sql`select count(*) from wallets`);
  await handle.close();
  const whole = process.cpuUsage();
  const sample: Sample = {
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    processCpuMs: (whole.user + whole.system) / 1000,
  };
  process.stdout.write(`${JSON.stringify(sample)}\n`);
}

function runChild(way: Way): Sample {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", fileURLToPath(import.meta.url), "--child", way],
    {
      encoding: "utf8",
      env: process.env,
    },
  );
  if (result.status !== 0) throw new Error(`the ${way} process failed: ${result.stderr}`);
  const line = result.stdout.trim().split("\n").at(-1) ?? "";
  return JSON.parse(line) as Sample;
}

function main(): void {
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  const engine = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
  const ticks = clockTicksPerSecond();
  // The first copy may have to make the template (once per set of migrations): not a sample.
  const first = runChild("template");
  console.log(
    `${engine}: first template copy (builds the template when missing) ${first.wallMs.toFixed(0)} ms`,
  );
  for (const way of WAYS) {
    const otherWork = startOtherWork(ticks);
    const samples = Array.from({ length: runs }, () => runChild(way));
    const cpuSeconds = samples.reduce((sum, s) => sum + s.processCpuMs, 0) / 1000;
    const others = otherWork(cpuSeconds);
    console.log(
      `${engine} ${way.padEnd(8)} wall ms ${formatSummary(summarize(samples.map((s) => s.wallMs)))}` +
        `  CPU ms ${formatSummary(summarize(samples.map((s) => s.cpuMs)))}` +
        `  (${runs} processes; the machine's other work took ${(others * 100).toFixed(0)} % of the cores)`,
    );
  }
}

const childAt = process.argv.indexOf("--child");
if (childAt >= 0) await child(process.argv[childAt + 1] as Way);
else main();
