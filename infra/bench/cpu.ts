import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Redis } from "ioredis";
import type postgres from "postgres";
import { type CpuSample, parseMachineTicks, parseProcStat, parseRedisCpuSeconds } from "./stats";

/**
 * CPU time of the processes a benchmark loads, read from outside them: /proc/<pid>/stat for
 * processes on this machine (any user's: the file is world-readable), Redis's `INFO cpu` for
 * the Redis server. CPU time per unit of work moves less with the neighbours' load than
 * throughput does, on a machine whose cores the load generator shares too (it still moves: see
 * `startOtherWork`).
 */

/** The application_name of the benchmark's own PostgreSQL connections, left out of the count. */
export const BENCH_APPLICATION_NAME = "poundline-bench";

/** Clock ticks per second, the unit of /proc/<pid>/stat's times (`getconf CLK_TCK`). */
export function clockTicksPerSecond(): number {
  const result = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
  const ticks = Number(result.stdout?.trim());
  return Number.isInteger(ticks) && ticks > 0 ? ticks : 100;
}

/** Whether /proc/<pid>/stat can be read here (Linux). */
export function procReadable(): boolean {
  try {
    readFileSync(`/proc/${process.pid}/stat`, "utf8");
    return true;
  } catch {
    return false;
  }
}

/**
 * CPU seconds (user + system, every thread) of the given processes; a process gone, or whose
 * command name is not `comm` when one is given (a pid of another machine's namespace), is left
 * out of the sample.
 */
export function sampleProcesses(pids: Iterable<number>, ticksPerSecond: number, comm?: string): CpuSample {
  const sample = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = parseProcStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
      if (comm && stat.comm !== comm) continue;
      sample.set(pid, (stat.utime + stat.stime) / ticksPerSecond);
    } catch {}
  }
  return sample;
}

export interface PostgresProcesses {
  /** The backends serving the benchmarked processes' connections to `database`. */
  backends: number[];
  /** The server's shared writers (WAL writer, background writer, checkpointer), which write for every database. */
  background: number[];
}

/** The PostgreSQL processes that work for the benchmark's database, by pg_stat_activity. */
export async function postgresProcesses(sql: postgres.Sql, database: string): Promise<PostgresProcesses> {
  const rows = await sql<{ pid: number; backend_type: string }[]>`
    select pid, backend_type from pg_stat_activity
    where (datname = ${database} and backend_type = 'client backend'
           and coalesce(application_name, '') <> ${BENCH_APPLICATION_NAME})
       or backend_type in ('walwriter', 'background writer', 'checkpointer')`;
  return {
    backends: rows.filter((r) => r.backend_type === "client backend").map((r) => r.pid),
    background: rows.filter((r) => r.backend_type !== "client backend").map((r) => r.pid),
  };
}

/** The Redis server's CPU seconds, as a one-entry sample (its pid, or 0 when INFO has none). */
export async function sampleRedis(redis: Redis): Promise<CpuSample> {
  const [cpu, server] = await Promise.all([redis.info("cpu"), redis.info("server")]);
  const pid = Number(server.match(/^process_id:(\d+)/m)?.[1] ?? 0);
  return new Map([[pid, parseRedisCpuSeconds(cpu)]]);
}

function readMachineTicks(): { busy: number; total: number } | null {
  try {
    return parseMachineTicks(readFileSync("/proc/stat", "utf8"));
  } catch {
    return null;
  }
}

/**
 * Starts measuring the machine's other work: the function returned takes the CPU seconds the
 * benchmarked processes spent since, and gives the share of all the cores' time that went to
 * anything else (other sessions' tests, builds) — the bench's own process left out too. NaN
 * without /proc/stat. CPU time per unit of work grows with it: a process given the cores in
 * slices serves less per wake-up, from a colder cache.
 */
export function startOtherWork(ticksPerSecond: number): (benchmarkedSeconds: number) => number {
  const before = readMachineTicks();
  const selfBefore = process.cpuUsage();
  return (benchmarkedSeconds) => {
    const after = readMachineTicks();
    if (!before || !after || after.total <= before.total) return Number.NaN;
    const self = process.cpuUsage(selfBefore);
    const oursTicks = (benchmarkedSeconds + (self.user + self.system) / 1e6) * ticksPerSecond;
    return Math.max(0, after.busy - before.busy - oursTicks) / (after.total - before.total);
  };
}
