import type { Database } from "@poundline/db";
import { type CallContext, callProgressStatus, callTimes } from "@poundline/domain";
import { createCallStatusWriter } from "./call-status-writer";
import { type CarrierParams, MAX_INT32 } from "./carrier-params";

interface WarnLog {
  warn(obj: object, msg: string): void;
}

/**
 * The legs we dial for an incoming call (a forward's `<Number>`, a ring group member's call) are
 * calls we place and pay for: each one's progress is logged as an outbound leg of the incoming
 * call (its ParentCallSid), and its completion hands billing a charge by destination, like any
 * completed call (call-status-writer.ts: idempotent, re-rated when a longer duration comes). The
 * account comes from the signed callback URL: a leg's From is the caller's, or our shared number.
 */
export function createForwardedLegWriter(db: Database, log?: WarnLog) {
  const writeCallStatus = createCallStatusWriter(db, log);
  return async (params: CarrierParams, context: CallContext, parentCallSid: string | null, now: Date) => {
    const callSid = params.optional("CallSid");
    const status = callProgressStatus(params.text("CallStatus"));
    if (!callSid || !status) return null;
    const eventTime = params.instant("Timestamp") ?? now;
    const durationSeconds = params.seconds("CallDuration");
    const applied = await writeCallStatus({
      accountId: context.accountId,
      // Not the number's: a leg is priced by where it went, never at the number's toll-free rate.
      phoneNumberId: null,
      callSid,
      parentCallSid,
      inbound: false,
      fromNumber: params.text("From"),
      toNumber: params.text("To"),
      // The number forwarded to is ours to ring, not a contact of the account.
      theirNumber: "",
      callerName: undefined,
      ...callTimes(status, eventTime, durationSeconds),
      durationSeconds,
      callStatus: status,
      sequence: params.integer("SequenceNumber", { min: 0, max: MAX_INT32 }) ?? null,
      eventTime,
      fromCity: null,
      fromState: null,
      fromCountry: null,
    });
    return applied ? { status, queued: applied.queued } : null;
  };
}

/** The caller's call whose leg answered: its number and the number it called. */
export interface AnsweredCaller {
  callSid: string;
  from: string;
  to: string;
}

/**
 * The carrier reports an incoming call only when it ends: when one of its legs answers, the
 * caller's call is logged as in progress (no SequenceNumber, so the carrier's own events move it
 * on), so a console opened mid-call lists it among the active calls. Its answer time and the
 * carrier's details of the caller come with its end.
 */
export function createAnsweredCallerWriter(db: Database, log?: WarnLog) {
  const writeCallStatus = createCallStatusWriter(db, log);
  return (context: CallContext, caller: AnsweredCaller, at: Date) =>
    writeCallStatus({
      accountId: context.accountId,
      phoneNumberId: context.numberId,
      callSid: caller.callSid,
      parentCallSid: null,
      inbound: true,
      fromNumber: caller.from,
      toNumber: caller.to,
      theirNumber: caller.from,
      callerName: undefined,
      callStartTime: at,
      answeredAt: null,
      endedAt: null,
      durationSeconds: 0,
      callStatus: "in-progress",
      sequence: null,
      eventTime: at,
      fromCity: null,
      fromState: null,
      fromCountry: null,
    });
}
