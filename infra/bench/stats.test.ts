import { describe, expect, it } from "vitest";
import {
  cpuBetween,
  formatSummary,
  parseMachineTicks,
  parseProcStat,
  parseRedisCpuSeconds,
  summarize,
  verdictLine,
} from "./stats";

describe("summarize", () => {
  it.each([
    { values: [3], summary: { median: 3, min: 3, max: 3 } },
    { values: [5, 1, 3], summary: { median: 3, min: 1, max: 5 } },
    { values: [4, 1, 3, 2], summary: { median: 2.5, min: 1, max: 4 } },
    { values: [2, Number.NaN, 4], summary: { median: 3, min: 2, max: 4 } },
  ])("$values → $summary", ({ values, summary }) => {
    expect(summarize(values)).toEqual(summary);
  });

  it("is NaN throughout for no values", () => {
    expect(summarize([])).toEqual({ median: Number.NaN, min: Number.NaN, max: Number.NaN });
  });

  it("leaves its input in its order", () => {
    const values = [3, 1, 2];
    summarize(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("formatSummary", () => {
  it.each([
    { summary: { median: 1234.4, min: 1100, max: 1300 }, digits: 0, text: "1,234 (1,100–1,300)" },
    { summary: { median: 1.5, min: 1.5, max: 1.5 }, digits: 2, text: "1.50" },
    { summary: { median: 2.345, min: 2, max: 3 }, digits: 1, text: "2.3 (2.0–3.0)" },
    { summary: { median: Number.NaN, min: Number.NaN, max: Number.NaN }, digits: 0, text: "n/a" },
  ])("$text", ({ summary, digits, text }) => {
    expect(formatSummary(summary, digits)).toBe(text);
  });
});

describe("verdictLine", () => {
  it.each([
    { met: true, line: "TARGET MET    x at least 2: 3" },
    { met: false, line: "TARGET MISSED x at least 2: 3" },
  ])("met: $met", ({ met, line }) => {
    expect(verdictLine("x at least 2", met, "3")).toBe(line);
  });
});

describe("parseProcStat", () => {
  // Fields 14–17: utime, stime, cutime, cstime.
  const tail = "S 1 2 3 0 -1 4194560 1000 0 0 0 1234 567 89 10 20 0 1 0 100 1000000 2000";

  it.each([
    { line: `42 (node) ${tail}`, pid: 42, comm: "node" },
    { line: `7 (postgres) ${tail}\n`, pid: 7, comm: "postgres" },
    // The command name may hold spaces and parentheses: fields are counted from the last ")".
    { line: `99 (a (b) c) ${tail}`, pid: 99, comm: "a (b) c" },
  ])("reads $comm", ({ line, pid, comm }) => {
    expect(parseProcStat(line)).toEqual({ pid, comm, utime: 1234, stime: 567, cutime: 89, cstime: 10 });
  });

  it.each([{ line: "" }, { line: "42 node S 1 2" }, { line: "42 (node) S 1 2 3" }])(
    "refuses $line",
    ({ line }) => {
      expect(() => parseProcStat(line)).toThrow();
    },
  );
});

describe("parseRedisCpuSeconds", () => {
  it("adds user and system time", () => {
    const info = [
      "# CPU",
      "used_cpu_sys:1.250000",
      "used_cpu_user:2.500000",
      "used_cpu_sys_children:9.000000",
      "used_cpu_user_children:9.000000",
      "used_cpu_sys_main_thread:1.000000",
      "used_cpu_user_main_thread:2.000000",
      "",
    ].join("\r\n");
    expect(parseRedisCpuSeconds(info)).toBeCloseTo(3.75, 9);
  });

  it("refuses an answer without them", () => {
    expect(() => parseRedisCpuSeconds("# CPU\r\nused_cpu_sys:1.0\r\n")).toThrow(/used_cpu_user/);
  });
});

describe("cpuBetween", () => {
  it.each([
    {
      case: "the same processes",
      before: [
        [1, 10],
        [2, 5],
      ],
      after: [
        [1, 12],
        [2, 5.5],
      ],
      seconds: 2.5,
      lost: [],
    },
    {
      case: "a process started in between",
      before: [[1, 10]],
      after: [
        [1, 11],
        [3, 0.25],
      ],
      seconds: 1.25,
      lost: [],
    },
    {
      case: "a process ended in between",
      before: [
        [1, 10],
        [2, 5],
      ],
      after: [[1, 11]],
      seconds: 1,
      lost: [2],
    },
    { case: "nothing", before: [], after: [], seconds: 0, lost: [] },
  ] as {
    case: string;
    before: [number, number][];
    after: [number, number][];
    seconds: number;
    lost: number[];
  }[])("$case", ({ before, after, seconds, lost }) => {
    const result = cpuBetween(new Map(before), new Map(after));
    expect(result.seconds).toBeCloseTo(seconds, 9);
    expect(result.lost).toEqual(lost);
  });
});

describe("parseMachineTicks", () => {
  it("counts busy ticks (user, nice, system, irq, softirq, steal) and idle ones (idle, iowait)", () => {
    const text = "cpu  100 20 30 400 50 6 7 8 0 0\ncpu0 50 10 15 200 25 3 3 4 0 0\nintr 1 2 3\n";
    expect(parseMachineTicks(text)).toEqual({ busy: 171, total: 621 });
  });

  it("refuses a text without the `cpu` line", () => {
    expect(() => parseMachineTicks("cpu0 1 2 3 4\n")).toThrow();
  });
});
