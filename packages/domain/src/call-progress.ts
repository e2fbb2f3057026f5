/**
 * Call progress: what the carrier's status callbacks say about a call, as pure functions. The
 * carrier numbers its callbacks (SequenceNumber) when it can; when it does not, the status
 * itself orders them: a call only moves forward (queued, initiated, ringing, in progress, ended).
 */

/** The statuses a call log holds because of the carrier's callbacks. */
export type CallProgressStatus =
  | "queued"
  | "initiated"
  | "ringing"
  | "in-progress"
  | "completed"
  | "busy"
  | "no-answer"
  | "failed"
  | "canceled";

const statusOfCarrierWord: ReadonlyMap<string, CallProgressStatus> = new Map([
  ["queued", "queued"],
  ["initiated", "initiated"],
  ["ringing", "ringing"],
  ["in-progress", "in-progress"],
  // The carrier's older word for a call picked up.
  ["answered", "in-progress"],
  ["completed", "completed"],
  ["busy", "busy"],
  ["no-answer", "no-answer"],
  ["failed", "failed"],
  ["canceled", "canceled"],
]);

/** The stored status of the carrier's CallStatus; undefined for a word it does not send. */
export function callProgressStatus(carrierStatus: string): CallProgressStatus | undefined {
  return statusOfCarrierWord.get(carrierStatus);
}

/** Statuses after which nothing more happens on the call. */
export const ENDED_CALL_STATUSES: readonly CallProgressStatus[] = [
  "completed",
  "busy",
  "no-answer",
  "failed",
  "canceled",
];

export function isEndedCall(status: CallProgressStatus): boolean {
  return ENDED_CALL_STATUSES.includes(status);
}

/**
 * Where each status stands in a call's life. Every ended status shares the last rank, and so do
 * the ones the platform stores for an ended call (`missed`, `voicemail_missed`).
 */
export const CALL_PROGRESS_RANKS: Readonly<Record<string, number>> = {
  queued: 0,
  initiated: 1,
  ringing: 2,
  "in-progress": 3,
};
export const ENDED_RANK = 4;

export function callProgressRank(status: string): number {
  return CALL_PROGRESS_RANKS[status] ?? ENDED_RANK;
}

/** The times one callback tells about its call. */
export interface CallTimes {
  callStartTime: Date;
  answeredAt: Date | null;
  endedAt: Date | null;
}

/**
 * A callback at `eventTime`: an ended call with a duration was answered that long before it
 * ended (the carrier counts from the answer); a call in progress was answered at the event.
 */
export function callTimes(status: CallProgressStatus, eventTime: Date, durationSeconds: number): CallTimes {
  if (!isEndedCall(status)) {
    return {
      callStartTime: eventTime,
      answeredAt: status === "in-progress" ? eventTime : null,
      endedAt: null,
    };
  }
  const started = new Date(eventTime.getTime() - durationSeconds * 1000);
  return { callStartTime: started, answeredAt: durationSeconds > 0 ? started : null, endedAt: eventTime };
}
