import { describe, expect, it } from "vitest";
import { groupCommit, keyedGroupCommit } from "../src/group-commit";

const tick = () => new Promise((r) => setTimeout(r, 5));
/** Lets a flush that started run into its await. */
const soon = () => new Promise((r) => setTimeout(r, 1));

describe("groupCommit", () => {
  it("flushes a lone item at once, and the items that arrive meanwhile together", async () => {
    const batches: number[][] = [];
    const commit = groupCommit(async (items: number[]) => {
      batches.push(items);
      await tick();
      return items.map((n) => n * 10);
    });
    const first = commit(1);
    await soon();
    const rest = [2, 3, 4, 5].map((n) => commit(n));
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1], [2, 3, 4, 5]]);
  });

  it("flushes the items handed in by one turn together (a batch of jobs started at once)", async () => {
    const batches: number[][] = [];
    const commit = groupCommit(async (items: number[]) => {
      batches.push(items);
      return items;
    });
    // Each caller hands its item in after an await of its own, as a processor does.
    await Promise.all([1, 2, 3].map(async (n) => commit(await Promise.resolve(n))));
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it.each([
    { maxBatch: 2, items: 5, expected: [[0, 1], [2, 3], [4]] },
    { maxBatch: 10, items: 5, expected: [[0, 1, 2, 3, 4]] },
    { maxBatch: 1, items: 3, expected: [[0], [1], [2]] },
  ])("never flushes more than maxBatch = $maxBatch", async ({ maxBatch, items, expected }) => {
    const batches: number[][] = [];
    const commit = groupCommit(async (batch: number[]) => {
      batches.push(batch);
      await tick();
      return batch;
    }, maxBatch);
    await Promise.all(Array.from({ length: items }, (_, i) => commit(i)));
    expect(batches).toEqual(expected);
  });

  it("under load gathers: waits up to gatherMs for more, and starts once gatherItems wait", async () => {
    const gathering = (gatherMs: number) => {
      const batches: number[][] = [];
      const commit = groupCommit(
        async (items: number[]) => {
          batches.push(items);
          await tick();
          return items;
        },
        100,
        { gatherMs, gatherItems: 4 },
      );
      /** [1], then [2, 3] (no wait: [1] was alone), then 4 arrives: it gathers, [2, 3] took two. */
      const load = async () => {
        const p1 = commit(1);
        await soon();
        const p23 = [2, 3].map((n) => commit(n));
        await p1;
        await soon();
        const p4 = commit(4);
        await Promise.all(p23);
        return { p4 };
      };
      return { batches, commit, load };
    };
    // A wait of 10 s that the test would notice: a lone item and 4 waiting items start at once.
    const long = gathering(10_000);
    expect(await long.commit(0)).toBe(0);
    const { p4 } = await long.load();
    await Promise.all([p4, ...[5, 6, 7].map((n) => long.commit(n))]);
    expect(long.batches).toEqual([[0], [1], [2, 3], [4, 5, 6, 7]]);
    // Fewer than gatherItems: the flush starts after gatherMs.
    const short = gathering(60);
    const { p4: alone } = await short.load();
    const waiting = Date.now(); // the gathering wait began as [2, 3] was answered
    await alone;
    expect(Date.now() - waiting).toBeGreaterThanOrEqual(50);
    expect(short.batches).toEqual([[1], [2, 3], [4]]);
  });

  it("rejects the items of a failed flush only, and goes on with the next batch", async () => {
    let calls = 0;
    const commit = groupCommit(async (batch: string[]) => {
      calls += 1;
      await tick();
      if (calls === 2) throw new Error("deadlock detected");
      return batch.map((s) => s.toUpperCase());
    });
    const first = commit("a");
    await soon();
    const failing = [commit("b"), commit("c")];
    const results = await Promise.allSettled([first, ...failing]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected"]);
    expect(await commit("d")).toBe("D");
  });

  it("refuses a flush that answers for the wrong number of items", async () => {
    const commit = groupCommit(async () => [] as number[]);
    await expect(commit(1)).rejects.toThrow("0 results for 1 items");
  });
});

describe("keyedGroupCommit", () => {
  it("batches per key, and different keys flush side by side", async () => {
    const log: string[] = [];
    const commit = keyedGroupCommit(
      (item: { wallet: string; n: number }) => item.wallet,
      async (wallet, items) => {
        log.push(`start ${wallet} ${items.map((i) => i.n).join(",")}`);
        await tick();
        log.push(`end ${wallet}`);
        return items.map((i) => `${wallet}${i.n}`);
      },
    );
    const firstA = commit({ wallet: "a", n: 1 });
    await soon();
    const results = await Promise.all([
      firstA,
      commit({ wallet: "b", n: 1 }),
      commit({ wallet: "a", n: 2 }),
      commit({ wallet: "a", n: 3 }),
    ]);
    expect(results).toEqual(["a1", "b1", "a2", "a3"]);
    // b started before a's first flush ended: keys do not wait on each other.
    expect(log.slice(0, 2)).toEqual(["start a 1", "start b 1"]);
    expect(log).toContain("start a 2,3");
  });
});
