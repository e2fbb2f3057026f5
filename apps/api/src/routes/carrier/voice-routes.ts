import { type Database, queryRows, schema } from "@poundline/db";
import {
  accountOfCall,
  CALL_MESSAGES,
  type CallContext,
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
  memberOfSoftphone,
  readContext,
  readFollowUp,
  readPosition,
  renderLocationPrompt,
  renderMessageSaved,
  renderStep,
  routeIncomingCall,
  type TwimlOptions,
  voicePaths,
} from "@poundline/domain";
import { memberCallChange, memberWithPhone } from "@poundline/domain/presence";
import { createBlockRecorder } from "@poundline/modules/carrier/blocked-calls";
import { createCallStatusWriter } from "@poundline/modules/carrier/call-status-writer";
import {
  type CarrierParams,
  callerOf,
  carrierParams,
  carrierQuery,
  MAX_INT32,
} from "@poundline/modules/carrier/carrier-params";
import {
  createAnsweredCallerWriter,
  createForwardedLegWriter,
} from "@poundline/modules/carrier/forwarded-legs";
import { createPinnedMenus } from "@poundline/modules/carrier/pinned-menus";
import { createRefusalRecorder } from "@poundline/modules/carrier/refused-calls";
import { applyMemberCall } from "@poundline/modules/people/presence";
import { createRingNotifier } from "@poundline/modules/push/ringing";
import { publishLiveEvent } from "@poundline/platform/events/live";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { AppDeps } from "../../app";
import { askCallTranscription } from "../../carrier/call-transcription";
import { sendTwiml, twimlOptionsOf } from "../../carrier/twiml-reply";
import { ownerByGivenLocation } from "./location-routes";
import { announceRinging } from "./ringing";
import { callerRoomTwiml, roomMemberLegEnded } from "./room-routes";

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
export function incomingCallAnswerer(deps: AppDeps, log: FastifyBaseLogger) {
  const { carrier, routing, clock, live, db } = deps;
  const twiml = twimlOptionsOf(carrier);
  const recordRefusal = createRefusalRecorder(db.db, log);
  const recordBlock = createBlockRecorder(db.db, log);
  const pushRinging = ringNotifierOf(deps, log);
  return (params: CarrierParams, log: FastifyBaseLogger, screened = false): string => {
    const call: IncomingCall = {
      to: params.text("To"),
      from: params.text("From"),
      fromState: params.optional("FromState"),
      fromCountry: params.optional("FromCountry"),
      stirVerstat: params.optional("StirVerstat") ?? null,
      screened,
    };
    const table = routing.current();
    const location = callerLocation(call);
    // A shared number may first ask a caller it cannot place for a ZIP or postal code.
    if (locationPromptFor(table, call.to, location)) return renderLocationPrompt(twiml, 1);
    const routed = routeIncomingCall(table, call, location, clock());
    const callSid = params.optional("CallSid");
    if (routed.refused && routed.accountId && callSid)
      recordRefusal({ callSid, accountId: routed.accountId, reason: routed.refused });
    if (routed.blocked && routed.accountId && callSid)
      recordBlock({ callSid, accountId: routed.accountId, ...routed.blocked });
    if (routed.accountId && callSid) {
      announceRinging(live, log, routed.accountId, callSid, call);
      if (routed.step.kind === "dial")
        pushRinging({ accountId: routed.accountId, callSid, ...call, destinations: routed.step.numbers });
    }
    return renderStep(routed.step, twiml, { from: call.from, to: call.to, callSid }, routed.notice);
  };
}

/** Push jobs for the members whose softphones a Dial rings, written without holding the answer. */
function ringNotifierOf(deps: AppDeps, log: FastifyBaseLogger) {
  return createRingNotifier({ db: deps.db.db, log, wake: () => deps.jobs?.notify() });
}

/** The carrier's voice webhooks, each path registered by the step of the call it answers. */
export async function voiceRoutes(app: FastifyInstance) {
  const twiml = twimlOptionsOf(app.deps.carrier);
  registerIncomingCall(app);
  registerMenuSteps(app, twiml);
  registerDialOutcome(app, twiml);
  registerRecordingEnd(app, twiml);
  registerCallStatus(app);
  registerForwardedLegStatus(app);
}

function registerIncomingCall(app: FastifyInstance) {
  // The hot path: in-memory tables only, no database round trip. Not async: nothing is awaited,
  // so no promise per call (Fastify answers a throw from a plain handler like a rejection). The
  // same answer is given in front of Fastify by the fast path (fast-path.ts).
  const answerIncomingCall = incomingCallAnswerer(app.deps, app.log);
  const hangUp = renderStep({ kind: "end" }, twimlOptionsOf(app.deps.carrier));
  app.post(voicePaths.incoming, (request, reply) => {
    const params = carrierParams(request);
    // A screened caller's key (call-blocking.ts): 1 is put through, anything else hung up on.
    const screened = carrierQuery(request).optional("screened") === "1";
    if (screened && params.optional("Digits") !== "1") return sendTwiml(reply, hangUp);
    sendTwiml(reply, answerIncomingCall(params, request.log, screened));
  });
}

/** A key pressed in a menu, and a try-it call's first menu. */
function registerMenuSteps(app: FastifyInstance, twiml: TwimlOptions) {
  const { routing, db, clock } = app.deps;
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
      ? continueAfterGather(table, context, position, params.text("Digits"), clock())
      : ({ kind: "say_goodbye", message: CALL_MESSAGES.goodbye } as const);
    return sendTwiml(reply, renderStep(step, twiml, partiesOf(params)));
  });

  // A try-it call from the console (ivr/try-calls.ts), placed by a carrier simulator: its first menu.
  app.post(voicePaths.tryIt, async (request, reply) => {
    const params = carrierParams(request);
    const token = carrierQuery(request).optional("v") ?? "";
    const start = await app.deps.ivrTries.startOf(token);
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
}

/** A Dial's outcome: the extension put through is recorded, and the call goes on to its next step. */
function registerDialOutcome(app: FastifyInstance, twiml: TwimlOptions) {
  const { routing, db, clock } = app.deps;
  const pushRinging = ringNotifierOf(app.deps, app.log);
  app.post(voicePaths.dial, async (request, reply) => {
    const params = carrierParams(request);
    const query = carrierQuery(request).record();
    const context = readContext(query);
    const followUp = readFollowUp(query);
    if (!context || !followUp) return sendTwiml(reply, renderStep({ kind: "end" }, twiml));
    const status = params.oneOf("DialCallStatus", DIAL_STATUSES) ?? "no-answer";
    const callSid = params.optional("CallSid");
    // The member moved the call into a room (to hold it, consult or merge): the caller follows.
    const room =
      status === "completed" && callSid && (await callerRoomTwiml(request, context.accountId, callSid));
    if (room) return sendTwiml(reply, room);
    if (followUp.kind === "extension" && callSid)
      await recordExtensionDial(db.db, {
        accountId: context.accountId,
        callSid,
        extensionId: followUp.extensionId,
        status,
        log: request.log,
      });
    const step = continueAfterDial(routing.current(), context, followUp, status, clock());
    // The next members rung (a hunt's next turn) hear of it on their phones too.
    if (step.kind === "dial" && callSid)
      pushRinging({
        accountId: context.accountId,
        callSid,
        from: params.text("From"),
        to: params.text("To"),
        destinations: step.numbers,
      });
    return sendTwiml(reply, renderStep(step, twiml, partiesOf(params)));
  });
}

/**
 * Which extension a call was put through to and whether it answered (the analytics' table per
 * extension). An inbound call's log is created by its status callback, at the call's end, so
 * usually after this: the dial is written onto the log when it exists, else kept by CallSid for
 * the log to take when it is created (call-status-writer.ts). One statement; only an extension
 * of the call's account (a stale URL may name a deleted one); a failure costs the figure, never the call.
 */
async function recordExtensionDial(
  db: Database,
  dial: {
    accountId: string;
    callSid: string;
    extensionId: string;
    status: DialStatus;
    log: FastifyBaseLogger;
  },
): Promise<void> {
  const { accountId, callSid, extensionId, status, log } = dial;
  try {
    const [row] = await queryRows<{ on_log: boolean; kept: boolean }>(
      db,
      extensionDialStatement(accountId, callSid, extensionId, status),
    );
    if (!row?.on_log && !row?.kept) log.warn({ callSid, extensionId }, "extension of the call not recorded");
  } catch (err) {
    log.warn({ err, callSid, extensionId }, "extension of the call not recorded");
  }
}

/** A voicemail's recording finished: the caller hears it was saved, or the call ends. */
function registerRecordingEnd(app: FastifyInstance, twiml: TwimlOptions) {
  app.post(voicePaths.record, async (request, reply) => {
    const params = carrierParams(request);
    const recorded = Boolean(params.optional("RecordingSid")) && params.seconds("RecordingDuration") > 0;
    return sendTwiml(reply, recorded ? renderMessageSaved() : renderStep({ kind: "end" }, twiml));
  });
}

/**
 * Call progress. The call log is created or moved forward by CallSid in one statement: by
 * SequenceNumber, or by status when the carrier sent none, so duplicates and late events are
 * no-ops; a later completion with a longer duration re-rates the call.
 */
function registerCallStatus(app: FastifyInstance) {
  const answer = callStatusAnswerer(app.deps, app.log);
  app.post(voicePaths.status, async (request, reply) => {
    await answer(carrierParams(request), request.log);
    return sendTwiml(reply, EMPTY_TWIML);
  });
}

/**
 * The status callback's work (the answer is always the empty TwiML): by the Fastify route and the
 * fast path in front of it (fast-path.ts) alike.
 */
export function callStatusAnswerer(
  { routing, clock, db, live, outbox, presence }: AppDeps,
  log: FastifyBaseLogger,
) {
  const writeCallStatus = createCallStatusWriter(db.db, log);
  return async (params: CarrierParams, log: FastifyBaseLogger): Promise<void> => {
    const callSid = params.optional("CallSid");
    const status = callProgressStatus(params.text("CallStatus"));
    if (!callSid || !status) return;
    const from = params.text("From");
    const to = params.text("To");
    // A softphone's call out reaches the carrier as a call in from the client: ours, outbound.
    const softphone = from.startsWith("client:") ? memberOfSoftphone(from) : null;
    const inbound = !softphone && (params.optional("Direction") ?? "inbound") === "inbound";
    const ourNumber = inbound ? to : from;
    const owner = softphone
      ? { accountId: softphone.accountId, phoneNumberId: null }
      : (inbound &&
          (await ownerByGivenLocation({ routing, db }, ourNumber, callerOf(params), callSid, log))) ||
        accountOfCall(routing.current(), ourNumber, callerOf(params));
    if (!owner) {
      log.warn({ callSid, ourNumber }, "status callback for a number no account owns");
      return;
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
    if (!applied) return;
    if (applied.queued) outbox.notify();
    // Live views are best effort: the carrier's answer does not wait for them.
    publishLiveEvent(live, log, owner.accountId, {
      type: "call.updated",
      callSid,
      status: applied.callStatus,
      from,
      to,
      direction: inbound ? "inbound" : "outbound",
    });
    const parentCallSid = params.optional("ParentCallSid") ?? null;
    const change = memberCallChange({ from, to, callSid, parentCallSid, status });
    if (change) applyMemberCall({ presence, live }, log, change);
  };
}

/**
 * A forwarded leg's completion (`<Number statusCallback>` of a forwarding Dial): logged as an
 * outbound leg of the incoming call, which hands billing its charge by destination like any
 * completed call. Its account comes from the signed URL (the leg's From is the caller's).
 */
function registerForwardedLegStatus(app: FastifyInstance) {
  const { routing, clock, db } = app.deps;
  const writeForwardedLeg = createForwardedLegWriter(db.db, app.log);
  const writeAnsweredCaller = createAnsweredCallerWriter(db.db, app.log);
  app.post(voicePaths.forwardStatus, async (request, reply) => {
    const params = carrierParams(request);
    const query = carrierQuery(request).record();
    const context = readContext(query);
    if (!context || !routing.current().accounts.has(context.accountId)) return sendTwiml(reply, EMPTY_TWIML);
    // A party called into a call room is a call of its own, and a callback's leg is dialled by a
    // member's call: their URL names the caller's call, whose leg they are.
    const parent = query.p ?? params.optional("ParentCallSid") ?? null;
    const applied = await writeForwardedLeg(params, context, parent, clock());
    if (applied?.queued) app.deps.outbox.notify();
    if (!applied) return sendTwiml(reply, EMPTY_TWIML);
    const to = params.text("To");
    const legCallSid = params.optional("CallSid") ?? "";
    const members = routing.current().accounts.get(context.accountId)?.members;
    // A leg to a softphone or a member's phone answered or ended: the member's state follows.
    const change = memberCallChange(
      {
        from: params.text("From"),
        to,
        callSid: legCallSid,
        parentCallSid: params.optional("ParentCallSid") ?? null,
        status: applied.status,
      },
      (number) => (members ? memberWithPhone(members.values(), number) : null),
    );
    if (change) applyMemberCall(app.deps, app.log, change);
    if (applied.status === "in-progress" && parent) {
      // The caller's call is logged as in progress (its parties came in the URL of a dialled leg).
      if (query.fr && query.to && !query.p)
        await writeAnsweredCaller(context, { callSid: parent, from: query.fr, to: query.to }, clock());
      publishAnsweredCall(app, context, { callSid: parent, from: query.fr ?? params.text("From") }, to);
      // A recorded call's answer: the carrier transcribes the caller's call, whose inbound track
      // is the caller (the one that dialled); asked after the answer, which it does not delay.
      if (query.r === "1" && !query.p) askCallTranscription(app, context, parent);
    }
    // A member's leg (their browser or phone) ended: if the call was in a room, they left it. Only
    // an answered leg can have been moved into a room, and it ends `completed` (no read otherwise).
    if (parent && legCallSid && applied.status === "completed")
      await roomMemberLegEnded(request, { accountId: context.accountId, callerCallSid: parent, legCallSid });
    return sendTwiml(reply, EMPTY_TWIML);
  });
}

/**
 * A leg answered (a phone reports it; calls/rooms.ts moves such calls): the console's live view
 * sees the caller's call in progress, as the carrier reports an incoming call only when it ends.
 */
function publishAnsweredCall(
  app: FastifyInstance,
  context: CallContext,
  caller: { callSid: string; from: string },
  legTo: string,
) {
  const route = context.numberId ? app.deps.routing.current().numbersById.get(context.numberId) : undefined;
  if (!route) return;
  publishLiveEvent(app.deps.live, app.log, context.accountId, {
    type: "call.updated",
    callSid: caller.callSid,
    status: "in-progress",
    from: caller.from,
    to: route.e164,
    direction: "inbound",
    ...(legTo.startsWith("client:") ? {} : { answeredOn: "phone" as const }),
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
