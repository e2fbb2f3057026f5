/** The callbacks the carrier sends about a call's progress and a message's delivery. */
import { randomUUID } from "node:crypto";
import type { PendingCallback } from "./delivery";
import type { HttpMethod } from "./signing";
import { addSeconds, rfc2822 } from "./time";
import type { CallStatus, MessageStatus, OutboundMessage } from "./transcript";

export type CallProgressEvent = "initiated" | "ringing" | "answered" | "completed";

export const allCallProgressEvents: CallProgressEvent[] = ["initiated", "ringing", "answered", "completed"];

export interface CallProgress {
  /** The parameters of every request of the call (AccountSid, CallSid, From, To…). */
  params: (status: CallStatus) => Record<string, string>;
  startTime: Date;
  /** Virtual seconds since the call was created. */
  ringingAt: number;
  answeredAt: number | null;
  endedAt: number;
  finalStatus: CallStatus;
  durationSeconds: number;
  /** The first SequenceNumber (a leg handed over from a bridge has reported before). */
  firstSequence?: number;
}

/**
 * Call progress callbacks, one per requested event, numbered by SequenceNumber in the order
 * the events happened (the numbering stays with the event however delivery reorders them).
 */
export function callProgressCallbacks(
  call: CallProgress,
  target: { url: string; method: HttpMethod; events: CallProgressEvent[] },
): PendingCallback[] {
  const happened: Array<{ event: CallProgressEvent; at: number; status: CallStatus }> = [
    { event: "initiated", at: 0, status: "queued" },
    { event: "ringing", at: call.ringingAt, status: "ringing" },
  ];
  if (call.answeredAt !== null)
    happened.push({ event: "answered", at: call.answeredAt, status: "in-progress" });
  happened.push({ event: "completed", at: call.endedAt, status: call.finalStatus });

  return happened
    .filter(({ event }) => target.events.includes(event))
    .map(({ event, at, status }, sequence) => ({
      kind: "call-status" as const,
      url: target.url,
      method: target.method,
      at,
      idempotencyToken: randomUUID(),
      params: {
        ...call.params(status),
        // The carrier reports the initiated event with CallStatus "initiated", outside the call statuses.
        ...(event === "initiated" ? { CallStatus: "initiated" } : {}),
        CallbackSource: "call-progress-events",
        SequenceNumber: String((call.firstSequence ?? 0) + sequence),
        Timestamp: rfc2822(addSeconds(call.startTime, at)),
        ...(event === "completed" ? { CallDuration: String(call.durationSeconds) } : {}),
      },
    }));
}

export type TextOutcome = "delivered" | "undelivered" | "failed";

const FAILURES: Record<Exclude<TextOutcome, "delivered">, { code: number; message: string }> = {
  undelivered: { code: 30003, message: "Unreachable destination handset" },
  failed: { code: 30008, message: "Unknown error" },
};

/** The statuses a message goes through, with the virtual second each is reached. */
export function messageProgress(outcome: TextOutcome): Array<{ status: MessageStatus; at: number }> {
  if (outcome === "failed") {
    return [
      { status: "queued", at: 0 },
      { status: "failed", at: 1 },
    ];
  }
  return [
    { status: "queued", at: 0 },
    { status: "sent", at: 1 },
    { status: outcome, at: 3 },
  ];
}

export function failureOf(outcome: TextOutcome): { code: number; message: string } | null {
  return outcome === "delivered" ? null : FAILURES[outcome];
}

export function messageStatusCallbacks(
  accountSid: string,
  message: Pick<OutboundMessage, "sid" | "from" | "to" | "statusCallback">,
  outcome: TextOutcome,
  method: HttpMethod = "POST",
): PendingCallback[] {
  const url = message.statusCallback;
  if (!url) return [];
  const failure = failureOf(outcome);
  return messageProgress(outcome).map(({ status, at }) => ({
    kind: "message-status" as const,
    url,
    method,
    at,
    idempotencyToken: randomUUID(),
    params: {
      AccountSid: accountSid,
      ApiVersion: "2010-04-01",
      From: message.from,
      To: message.to,
      MessageSid: message.sid,
      SmsSid: message.sid,
      MessageStatus: status,
      SmsStatus: status,
      ...(failure && (status === "failed" || status === "undelivered")
        ? { ErrorCode: String(failure.code) }
        : {}),
    },
  }));
}

/** Segments of an SMS: 160/153 characters in GSM-7, 70/67 in UCS-2 (anything outside GSM-7). */
export function segmentCount(body: string): number {
  const gsm7 =
    /^[A-Za-z0-9 \r\n@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà^{}\\[~\]|€]*$/;
  if (body.length === 0) return 1;
  const [single, multi] = gsm7.test(body) ? [160, 153] : [70, 67];
  return body.length <= single ? 1 : Math.ceil(body.length / multi);
}
