/**
 * How often this instance reads busy seats' calls from the carrier (to find those whose end was
 * never reported): each call at most once a minute, a handful at most per wait round, so a line
 * waiting on busy members costs a few requests a minute, not one per busy seat per round.
 */
export const BUSY_CALL_READS = { everyMs: 60_000, perRound: 5 } as const;

export interface BusyCallReads {
  /** Those of `calls` to read now, in their order; they count as read at `now`. */
  due(calls: readonly string[], now: Date): string[];
}

/** When each call was last read, in this instance's memory (another instance reads on its own). */
export function createBusyCallReads(
  limits: { everyMs: number; perRound: number } = BUSY_CALL_READS,
): BusyCallReads {
  const readAt = new Map<string, number>();
  return {
    due(calls, now) {
      const at = now.getTime();
      for (const [sid, when] of readAt) if (at - when >= limits.everyMs) readAt.delete(sid);
      const due = [...new Set(calls)].filter((sid) => !readAt.has(sid)).slice(0, limits.perRound);
      for (const sid of due) readAt.set(sid, at);
      return due;
    },
  };
}
