export type RingStrategy = "simultaneous" | "sequential" | "round-robin";

export const RING_TIMEOUT = { min: 5, max: 120, default: 30 } as const;

/**
 * The order in which a ring group's numbers are dialled: each attempt is one <Dial>,
 * ringing every number in it at once.
 * - simultaneous: one attempt with every number;
 * - sequential: one number at a time, in the group's order;
 * - round-robin: one at a time, starting with the member after the one who started last time.
 */
export function ringAttempts(strategy: RingStrategy, members: readonly string[], rotation = 0): string[][] {
  if (members.length === 0) return [];
  switch (strategy) {
    case "simultaneous":
      return [[...members]];
    case "sequential":
      return members.map((m) => [m]);
    case "round-robin": {
      const start = ((rotation % members.length) + members.length) % members.length;
      return [...members.slice(start), ...members.slice(0, start)].map((m) => [m]);
    }
  }
}

/** Dial outcomes as the carrier reports them in DialCallStatus. */
export type DialStatus = "completed" | "answered" | "busy" | "no-answer" | "failed" | "canceled";

/**
 * After attempt `index` ended with `status`: "done" when someone answered, the next attempt
 * to dial, or "exhausted" when the group has been hunted through (voicemail or after-action next).
 */
export function afterDial(
  attempts: readonly string[][],
  index: number,
  status: DialStatus,
): { kind: "done" } | { kind: "next"; index: number; numbers: string[] } | { kind: "exhausted" } {
  if (status === "completed" || status === "answered") return { kind: "done" };
  const next = attempts[index + 1];
  return next ? { kind: "next", index: index + 1, numbers: next } : { kind: "exhausted" };
}

export function clampRingTimeout(seconds: number | null | undefined): number {
  if (seconds == null || !Number.isFinite(seconds)) return RING_TIMEOUT.default;
  return Math.min(RING_TIMEOUT.max, Math.max(RING_TIMEOUT.min, Math.round(seconds)));
}

/** Final statuses of a member's call, as the carrier reports them in CallStatus. */
export type MemberCallStatus = "completed" | "busy" | "no-answer" | "failed" | "canceled";

export const MEMBER_CALL_ENDINGS: readonly MemberCallStatus[] = [
  "completed",
  "busy",
  "no-answer",
  "failed",
  "canceled",
];
