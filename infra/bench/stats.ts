/**
 * Pure pieces of the benchmarks: the summary of a figure over runs, and the parsing of what
 * Linux and Redis report of a process's CPU time.
 */

/** A figure over the runs of one invocation: its median and its spread. */
export interface Summary {
  median: number;
  min: number;
  max: number;
}

/** Median (the mean of the two middle values for an even count) and min–max; NaN when empty. */
export function summarize(values: readonly number[]): Summary {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { median, min: sorted[0] as number, max: sorted.at(-1) as number };
}

/** "1,234 (1,100–1,300)": the median, then the spread when there is one. */
export function formatSummary(summary: Summary, digits = 0): string {
  const format = (n: number) =>
    Number.isNaN(n)
      ? "n/a"
      : n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const median = format(summary.median);
  return summary.min === summary.max || Number.isNaN(summary.median)
    ? median
    : `${median} (${format(summary.min)}–${format(summary.max)})`;
}

/** The line that judges a target: met or missed, never a failure of the run. */
export function verdictLine(target: string, met: boolean, detail: string): string {
  return `TARGET ${met ? "MET   " : "MISSED"} ${target}: ${detail}`;
}

export interface ProcStat {
  pid: number;
  comm: string;
  /** User and system time of every thread of the process, in clock ticks. */
  utime: number;
  stime: number;
  /** The same, of its children that exited and were waited for. */
  cutime: number;
  cstime: number;
}

/**
 * One line of /proc/<pid>/stat (proc(5)). The command name is in parentheses and may hold
 * spaces or parentheses itself, so the fields are counted from the last ")".
 */
export function parseProcStat(line: string): ProcStat {
  const open = line.indexOf("(");
  const close = line.lastIndexOf(")");
  if (open < 0 || close < open) throw new Error(`not a /proc/<pid>/stat line: ${line.slice(0, 80)}`);
  // Fields from the 3rd (state) on; utime is the 14th field of the line.
  const rest = line
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const field = (n: number) => {
    const value = Number(rest[n - 3]);
    if (!Number.isInteger(value)) throw new Error(`/proc/<pid>/stat: field ${n} is not a number`);
    return value;
  };
  return {
    pid: Number(line.slice(0, open).trim()),
    comm: line.slice(open + 1, close),
    utime: field(14),
    stime: field(15),
    cutime: field(16),
    cstime: field(17),
  };
}

/** used_cpu_user + used_cpu_sys of Redis's `INFO cpu`, in seconds (every thread of the server). */
export function parseRedisCpuSeconds(info: string): number {
  const value = (key: string) => {
    const match = info.match(new RegExp(`^${key}:([0-9.]+)\\s*$`, "m"));
    if (!match) throw new Error(`INFO cpu has no ${key}`);
    return Number(match[1]);
  };
  return value("used_cpu_user") + value("used_cpu_sys");
}

/** CPU seconds of a set of processes, by pid. */
export type CpuSample = ReadonlyMap<number, number>;

/**
 * CPU spent between two samples of the same set of processes. A process found only in the
 * second started in between: all its time counts. One found only in the first ended in between:
 * its time since the first sample is unknown, so it is reported as lost.
 */
export function cpuBetween(before: CpuSample, after: CpuSample): { seconds: number; lost: number[] } {
  let seconds = 0;
  for (const [pid, end] of after) seconds += end - (before.get(pid) ?? 0);
  const lost = [...before.keys()].filter((pid) => !after.has(pid));
  return { seconds, lost };
}

/** Clock ticks of all cores from the first line of /proc/stat: busy (not idle nor waiting for I/O) and in all. */
export function parseMachineTicks(procStat: string): { busy: number; total: number } {
  const line = procStat.split("\n").find((l) => l.startsWith("cpu "));
  if (!line) throw new Error("not /proc/stat: no `cpu` line");
  // user nice system idle iowait irq softirq steal (guest time is counted in user already).
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map((v) => Number(v ?? 0));
  const busy = (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
  if (Number.isNaN(busy) || idle === undefined || Number.isNaN(idle))
    throw new Error("not /proc/stat: bad `cpu` line");
  return { busy, total: busy + idle + (iowait ?? 0) };
}
