import { queryRows, schema } from "@poundline/db";
import { publishLiveEvent } from "@poundline/platform/events/live";
import {
  accountOfCall,
  CALL_MESSAGES,
  type CallStep,
  callerLocation,
  callProgressStatus,
  callTimes,
  continueAfterDial,
  continueAfterGather,
  type DialStatus,
  EMPTY_TWIML,
  type IncomingCall,
  locationPromptFor,
  readContext,
  readFollowUp,
  readPosition,
  renderLocationPrompt,
  renderMessageSaved,
  renderStep,
  routeIncomingCall,
  type TwimlOptions,
  voicePaths,
} from "@poundline/telephony";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { AppDeps } from "../app";
import { createCallStatusWriter } from "./call-status-writer";
import { type CarrierParams, callerOf, carrierParams, carrierQuery, MAX_INT32 } from "./carrier-params";
import { createForwardedLegWriter } from "./forwarded-legs";
import { ownerByGivenLocation } from "./location-routes";
import { createPinnedMenus } from "./pinned-menus";
import { createRefusalRecorder } from "./refused-calls";
import { sendTwiml } from "./twiml-reply";

const DIAL_STATUSES = [
  "completed",
  "answered",
  "busy",
  "no-answer",
  "failed",
  "canceled",
] as const satisfies readonly DialStatus[];

const partiesOf = (params: CarrierParams) => ({
  from: params.text("From"),
  to: params.text("To"),
  callSid: params.optional("CallSid"),
});

/**
 * The incoming call's answer: the number's routing, from the in-memory tables, as TwiML. The
 * console hears the phone ring at once (the carrier reports progress of inbound calls only at
 * their end); best effort, posted without waiting.
 */
export function incomingCallAnswerer({ carrier, routing, clock, live, db }: AppDeps, log: FastifyBaseLogger) {
  const twiml: TwimlOptions = {
    baseUrl: carrier.webhookBaseUrl,
    carrierTranscription: carrier.carrierTranscription,
  };
  const recordRefusal = createRefusalRecorder(db.db, log);
  return (params: CarrierParams, log: FastifyBaseLogger): string => {
    const call: IncomingCall = {
      to: params.text("To"),
      from: params.text("From"),
      fromState: params.optional("FromState"),
      fromCountry: params.optional("FromCountry"),
    };
    const table = routing.current();
    const location = callerLocation(call);
    // A shared number may first ask a caller it cannot place for a ZIP or postal code.
    if (locationPromptFor(table, call.to, location)) return renderLocationPrompt(twiml, 1);
    const routed = routeIncomingCall(table, call, location, clock());
    const callSid = params.optional("CallSid");
    if (routed.refused && routed.accountId && callSid)
      recordRefusal({ callSid, accountId: routed.accountId, reason: routed.refused });
    if (routed.accountId && callSid)
      publishLiveEvent(live, log, routed.accountId, {
        type: "call.updated",
        callSid,
        status: "ringing",
        from: call.from,
        to: call.to,
        direction: "inbound",
      });
    return renderStep(routed.step, twiml, { from: call.from, to: call.to, callSid }, routed.notice);
  };
}

export async function voiceRoutes(app: FastifyInstance) {
  const { carrier, routing, clock, db, live } = app.deps;
  const twiml: TwimlOptions = {
    baseUrl: carrier.webhookBaseUrl,
    carrierTranscription: carrier.carrierTranscription,
  };
  // The hot path: in-memory tables only, no database round trip. Not async: nothing is awaited,
  // so no promise per call (Fastify answers a throw from a plain handler like a rejection). The
  // same answer is given in front of Fastify by the fast path (fast-path.ts).
  const answerIncomingCall = incomingCallAnswerer(app.deps, app.log);
  app.post(voicePaths.incoming, (request, reply) => {
    sendTwiml(reply, answerIncomingCall(carrierParams(request), request.log));
  });

  // A call in a menu walks the version it entered; a try-it call, the menus it was started with.
  const tableFor = createPinnedMenus(db.db, () => app.deps.ivrTries);
  app.post(voicePaths.gather, async (request, reply) => {
    const params = carrierParams(request);
    const query = carrierQuery(request).record();
    const context = readContext(query);
    const position = readPosition(query);
    if (!context || !position) return sendTwiml(reply, renderStep({ kind: "end" }, twiml));
    const table = await tableFor(routing.current(), context);
    const step = table
      ? continueAfterGather(table, context, position, params.text("Digits"))
      : ({ kind: "say_goodbye", message: CALL_MESSAGES.goodbye } as const);
    return sendTwiml(reply, renderStep(step, twiml, partiesOf(params)));
  });

  // A try-it call from the console (ivr/try-calls.ts), placed by a carrier simulator: its first menu.
  app.post(voicePaths.tryIt, async (request, reply) => {
    const params = carrierParams(request);
    const token = carrierQuery(request).optional("v") ?? "";
    const start = app.deps.ivrTries.startOf(token);
    const account = start && routing.current().accounts.get(start.accountId);
    if (!start || !account)
      return sendTwiml(reply, renderStep({ kind: "say_goodbye", message: CALL_MESSAGES.goodbye }, twiml));
    const step: CallStep = {
      kind: "menu",
      context: { accountId: account.id, numberId: account.mainRoute?.numberId ?? null, ivrVersion: token },
      menu: start.menu,
      position: { menuId: start.menu.id, invalidCount: 0, timeoutCount: 0 },
      preface: null,
    };
    return sendTwiml(reply, renderStep(step, twiml, partiesOf(params)));
  });

  app.post(voicePaths.dial, async (request, reply) => {
    const params = carrierParams(request);
    const query = carrierQuery(request).record();
    const context = readContext(query);
    const followUp = readFollowUp(query);
    if (!context || !followUp) return sendTwiml(reply, renderStep({ kind: "end" }, twiml));
    const status = params.oneOf("DialCallStatus", DIAL_STATUSES) ?? "no-answer";
    const callSid = params.optional("CallSid");
    if (followUp.kind === "extension" && callSid)
      await recordExtensionDial(context.accountId, callSid, followUp.extensionId, status, request.log);
    const step = continueAfterDial(routing.current(), context, followUp, status);
    return sendTwiml(reply, renderStep(step, twiml, partiesOf(params)));
  });

  /**
   * Which extension a call was put through to and whether it answered (the analytics' table per
   * extension). An inbound call's log is created by its status callback, at the call's end, so
   * usually after this: the dial is written onto the log when it exists, else kept by CallSid for
   * the log to take when it is created (call-status-writer.ts). One statement; only an extension
   * of the call's account (a stale URL may name a deleted one); a failure costs the figure, never the call.
   */
  async function recordExtensionDial(
    accountId: string,
    callSid: string,
    extensionId: string,
    status: DialStatus,
    log: FastifyBaseLogger,
  ): Promise<void> {
    try {
      const [row] = await queryRows<{ on_log: boolean; kept: boolean }>(
        db.db,
        extensionDialStatement(accountId, callSid, extensionId, status),
      );
      if (!row?.on_log && !row?.kept)
        log.warn({ callSid, extensionId }, "extension of the call not recorded");
    } catch (err) {
      log.warn({ err, callSid, extensionId }, "extension of the call not recorded");
    }
  }

  app.post(voicePaths.record, async (request, reply) => {
    const params = carrierParams(request);
    const recorded = Boolean(params.optional("RecordingSid")) && params.seconds("RecordingDuration") > 0;
    return sendTwiml(reply, recorded ? renderMessageSaved() : renderStep({ kind: "end" }, twiml));
  });

  /**
   * Call progress. The call log is created or moved forward by CallSid in one statement: by
   * SequenceNumber, or by status when the carrier sent none, so duplicates and late events are
   * no-ops; a later completion with a longer duration re-rates the call.
   */
  const writeCallStatus = createCallStatusWriter(db.db, app.log);
  app.post(voicePaths.status, async (request, reply) => {
    const params = carrierParams(request);
    const callSid = params.optional("CallSid");
    const status = callProgressStatus(params.text("CallStatus"));
    if (!callSid || !status) return sendTwiml(reply, EMPTY_TWIML);
    const inbound = (params.optional("Direction") ?? "inbound") === "inbound";
    const from = params.text("From");
    const to = params.text("To");
    const ourNumber = inbound ? to : from;
    const owner =
      (inbound &&
        (await ownerByGivenLocation(app.deps, ourNumber, callerOf(params), callSid, request.log))) ||
      accountOfCall(routing.current(), ourNumber, callerOf(params));
    if (!owner) {
      request.log.warn({ callSid, ourNumber }, "status callback for a number no account owns");
      return sendTwiml(reply, EMPTY_TWIML);
    }
    const eventTime = params.instant("Timestamp") ?? clock();
    const durationSeconds = params.seconds("CallDuration");

    const applied = await writeCallStatus({
      accountId: owner.accountId,
      phoneNumberId: owner.phoneNumberId,
      callSid,
      parentCallSid: params.optional("ParentCallSid") ?? null,
      inbound,
      fromNumber: from,
      toNumber: to,
      theirNumber: inbound ? from : to,
      callerName: params.optional("CallerName"),
      ...callTimes(status, eventTime, durationSeconds),
      durationSeconds,
      callStatus: status,
      sequence: params.integer("SequenceNumber", { min: 0, max: MAX_INT32 }) ?? null,
      eventTime,
      fromCity: params.optional("FromCity") ?? null,
      fromState: params.optional("FromState") ?? null,
      fromCountry: params.optional("FromCountry") ?? null,
      geo: owner.geo ?? null,
    });

    if (applied) {
      if (status === "completed") app.deps.outbox.notify();
      // Live views are best effort: the carrier's answer does not wait for them.
      publishLiveEvent(live, request.log, owner.accountId, {
        type: "call.updated",
        callSid,
        status: applied.callStatus,
        from,
        to,
        direction: inbound ? "inbound" : "outbound",
      });
    }
    return sendTwiml(reply, EMPTY_TWIML);
  });

  /**
   * A forwarded leg's completion (`<Number statusCallback>` of a forwarding Dial): logged as an
   * outbound leg of the incoming call, which hands billing its charge by destination like any
   * completed call. Its account comes from the signed URL (the leg's From is the caller's).
   */
  const writeForwardedLeg = createForwardedLegWriter(db.db, app.log);
  app.post(voicePaths.forwardStatus, async (request, reply) => {
    const params = carrierParams(request);
    const context = readContext(carrierQuery(request).record());
    if (!context || !routing.current().accounts.has(context.accountId)) return sendTwiml(reply, EMPTY_TWIML);
    const applied = await writeForwardedLeg(
      params,
      context,
      params.optional("ParentCallSid") ?? null,
      clock(),
    );
    if (applied?.status === "completed") app.deps.outbox.notify();
    return sendTwiml(reply, EMPTY_TWIML);
  });
}

/** The dial onto the call's log, and kept by CallSid when the log does not exist yet. */
function extensionDialStatement(accountId: string, callSid: string, extensionId: string, status: DialStatus) {
  const { callLogs, callExtensionDials, extensions } = schema;
  return sql`
    with extension as (
      select e.id from ${extensions} e where e.id = ${extensionId} and e.account_id = ${accountId}
    ),
    on_log as (
      update ${callLogs} set extension_id = ${extensionId}, extension_dial_status = ${status}, updated_at = now()
      where ${callLogs.callSid} = ${callSid} and ${callLogs.accountId} = ${accountId}
        and exists (select 1 from extension)
      returning 1
    ),
    kept as (
      insert into ${callExtensionDials} (call_sid, account_id, extension_id, dial_status)
      select ${callSid}, ${accountId}, extension.id, ${status} from extension
      where not exists (select 1 from on_log)
      on conflict (call_sid) do update set extension_id = excluded.extension_id,
        dial_status = excluded.dial_status
        where ${callExtensionDials.accountId} = excluded.account_id
      returning 1
    )
    select exists (select 1 from on_log) as on_log, exists (select 1 from kept) as kept`;
}
