import { describe, expect, it } from "vitest";
import { createBusyCallReads } from "../../src/ring-hunt/busy-call-reads";

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 23, 15, 0, seconds));

describe("busy calls' reads", () => {
  it.each([
    ["a call read 59 s ago is not read again", 59, []],
    ["a call read a minute ago is read again", 60, ["CA1"]],
  ])("%s", (_name, later, expected) => {
    const reads = createBusyCallReads({ everyMs: 60_000, perRound: 5 });
    expect(reads.due(["CA1"], at(0))).toEqual(["CA1"]);
    expect(reads.due(["CA1"], at(later))).toEqual(expected);
  });

  it("reads at most perRound calls a round, each once, the rest at the next round", () => {
    const reads = createBusyCallReads({ everyMs: 60_000, perRound: 2 });
    expect(reads.due(["CA1", "CA1", "CA2", "CA3"], at(0))).toEqual(["CA1", "CA2"]);
    expect(reads.due(["CA1", "CA2", "CA3"], at(1))).toEqual(["CA3"]);
  });
});
