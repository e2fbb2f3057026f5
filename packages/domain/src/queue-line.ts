import { toE164 } from "./phone";

/**
 * A ring group's line of waiting callers, pure: what a caller hears at each round of the queue's
 * wait URL (their place, the expected wait, the callback offer), when they must leave for
 * voicemail, and the callback number they typed.
 */

/** The key a waiting caller presses to be called back instead of holding. */
export const CALLBACK_KEY = "1";

export interface LineSettings {
  /** Seconds between announcements of the caller's place (0: never). */
  announceSeconds: number;
  /** The longest wait before voicemail. */
  maxWaitSeconds: number;
}

export interface WaitRoundInput {
  /** The caller's place in line, from 1 (the one being rung). */
  position: number;
  /** Seconds waited so far (the carrier's QueueTime). */
  queueTime: number;
  /** Seconds into the wait of the last announcement (0: none yet). */
  announcedAt: number;
  /** The first round of this caller's wait. */
  first: boolean;
  /** The average wait of the line's recently answered callers, null without any. */
  averageAnswerSeconds: number | null;
  /** The group's seats that can be rung (members taking callers side by side). */
  seats: number;
}

export type WaitRound =
  /** Out of time: the caller leaves the queue for the number's voicemail. */
  | { kind: "leave" }
  /** The music on; `announce` is said first when it is due, and then `announcedAt` moves. */
  | { kind: "hold"; announce: string | null; announcedAt: number };

/**
 * Expected wait of the caller at `position`: the line's recent average once per round of answers
 * before their turn. `seats` callers are taken side by side, so position 3 with 2 seats is in the
 * second round.
 */
export function expectedWaitSeconds(
  averageAnswerSeconds: number | null,
  position: number,
  seats: number,
): number | null {
  if (averageAnswerSeconds === null) return null;
  const rounds = Math.ceil(Math.max(1, position) / Math.max(1, seats));
  return Math.max(0, Math.round(averageAnswerSeconds)) * rounds;
}

/** What a caller hears of their place: "You are number 2 in line. The expected wait is about 3 minutes." */
export function placeInLine(position: number, expectedSeconds: number | null): string {
  const place = position <= 1 ? "You are next in line." : `You are number ${position} in line.`;
  if (expectedSeconds === null) return place;
  const minutes = Math.max(1, Math.ceil(expectedSeconds / 60));
  return `${place} The expected wait is about ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

export const CALLBACK_OFFER = `To be called back instead, keeping your place in line, press ${CALLBACK_KEY}.`;

/**
 * One round of the wait: out of time, or the music, with the caller's place said when due (on
 * joining behind others, then every `announceSeconds`).
 */
export function waitRound(settings: LineSettings, input: WaitRoundInput): WaitRound {
  if (input.queueTime >= settings.maxWaitSeconds) return { kind: "leave" };
  const every = settings.announceSeconds;
  const due =
    every > 0 && ((input.first && input.position > 1) || input.queueTime - input.announcedAt >= every);
  if (!due) return { kind: "hold", announce: null, announcedAt: input.announcedAt };
  const expected = expectedWaitSeconds(input.averageAnswerSeconds, input.position, input.seats);
  return {
    kind: "hold",
    announce: `${placeInLine(input.position, expected)} ${CALLBACK_OFFER}`,
    announcedAt: input.queueTime,
  };
}

/** The number typed for the callback ("3055557777"), else the caller's own; null when neither can be called. */
export function callbackNumber(digits: string | undefined, callerNumber: string): string | null {
  const typed = (digits ?? "").replace(/[^0-9]/g, "");
  if (typed) return toE164(typed);
  return toE164(callerNumber);
}

export const CALLBACK_MESSAGES = {
  askNumber:
    "Enter the number we should call you back on, then press pound. To be called back on the number you are calling from, just press pound.",
  confirmed: (spoken: string) =>
    `Thank you. You keep your place in line, and we will call you back at ${spoken}. Goodbye.`,
  unusable: "That number cannot be called. Please call us again. Goodbye.",
  /** What the member who takes a callback hears before the caller's phone rings. */
  whisper: (company: string) => `A callback for ${company}. Connecting you to the caller.`,
} as const;

/** A number said digit by digit: "+13055557777" → "3 0 5, 5 5 5, 7 7 7 7" for North America. */
export function spokenDigits(e164: string): string {
  const digits = e164.replace(/[^0-9]/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (national.length !== 10) return national.split("").join(" ");
  const group = (s: string) => s.split("").join(" ");
  return `${group(national.slice(0, 3))}, ${group(national.slice(3, 6))}, ${group(national.slice(6))}`;
}
