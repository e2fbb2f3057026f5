/**
 * Group commit: callers hand in one item each and wait for its result, while the items that
 * arrive during a flush are flushed together by the next one. Under light load a flush holds one
 * item and adds no delay (it starts after the current turn's microtasks, so the items handed in
 * together are flushed together); under heavy load one round trip serves a whole batch, which is how
 * one wallet row lock can serve a thousand charges a second.
 */
export type GroupCommit<T, R> = (item: T) => Promise<R>;

export interface GroupCommitOptions {
  /**
   * Under load only (the previous flush of this run took several items), how long the next flush
   * waits for more before it starts: fewer, larger flushes (round trips, statements, commits) for
   * a few milliseconds more per item. A lone item never waits. Default 0.
   */
  gatherMs?: number;
  /** A gathering flush starts at once when this many items wait (default `maxBatch`). */
  gatherItems?: number;
}

/**
 * `flush` receives up to `maxBatch` items and returns one result per item, in order. If it
 * throws, every item of that batch is rejected with the error (each job then retries alone).
 */
export function groupCommit<T, R>(
  flush: (items: T[]) => Promise<R[]>,
  maxBatch = 500,
  options: GroupCommitOptions = {},
): GroupCommit<T, R> {
  type Waiting = { item: T; resolve: (r: R) => void; reject: (e: unknown) => void };
  const gatherMs = options.gatherMs ?? 0;
  const gatherItems = Math.min(options.gatherItems ?? maxBatch, maxBatch);
  let pending: Waiting[] = [];
  let flushing = false;
  /** Ends the current gathering wait early (enough items came). */
  let gathered: (() => void) | null = null;

  const gather = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, gatherMs);
      function done() {
        clearTimeout(timer);
        gathered = null;
        resolve();
      }
      gathered = done;
    });

  async function drain() {
    flushing = true;
    let last = 0;
    while (pending.length > 0) {
      if (gatherMs > 0 && last > 1 && pending.length < gatherItems) await gather();
      const batch = pending.slice(0, maxBatch);
      last = batch.length;
      pending = pending.slice(batch.length);
      try {
        const results = await flush(batch.map((w) => w.item));
        if (results.length !== batch.length) {
          throw new Error(`group commit: ${results.length} results for ${batch.length} items`);
        }
        for (const [i, w] of batch.entries()) w.resolve(results[i] as R);
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    flushing = false;
  }

  return (item: T) =>
    new Promise<R>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (gathered && pending.length >= gatherItems) gathered();
      if (flushing) return;
      flushing = true;
      // Items handed in by the same turn (the jobs of one batch, the continuations that one
      // flush resolved) make one batch: the flush starts once the turn's synchronous code and
      // queued microtasks have run, a delay of no time at all.
      queueMicrotask(() => void drain());
    });
}

/** One group commit per key (e.g. per wallet): different keys flush side by side. */
export function keyedGroupCommit<K, T, R>(
  keyOf: (item: T) => K,
  flush: (key: K, items: T[]) => Promise<R[]>,
  maxBatch = 500,
): GroupCommit<T, R> {
  const groups = new Map<K, { commit: GroupCommit<T, R>; waiting: number }>();
  return async (item: T) => {
    const key = keyOf(item);
    let group = groups.get(key);
    if (!group) {
      group = { commit: groupCommit((items: T[]) => flush(key, items), maxBatch), waiting: 0 };
      groups.set(key, group);
    }
    group.waiting += 1;
    try {
      return await group.commit(item);
    } finally {
      group.waiting -= 1;
      // Forget idle keys, so a worker serving many accounts keeps no map entry per account.
      if (group.waiting === 0) groups.delete(key);
    }
  };
}
