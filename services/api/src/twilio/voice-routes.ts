import {
  type CallerLocation,
  chooseLicensee,
  continueAfterDial,
  continueAfterGather,
  countryOfNumber,
  type DialStatus,
  EMPTY_TWIML,
  locateCaller,
  nanpAreaCodes,
  type RoutingTable,
  readContext,
  readFollowUp,
  readPosition,
  renderMessageSaved,
  renderStep,
  routeIncomingCall,
  type TwimlOptions,
  voicePaths,
} from "@poundline/telephony";
import type { FastifyInstance } from "fastify";
import { createCallStatusWriter } from "./call-status-writer";
import { paramsOf, sendTwiml, type WebhookParams } from "./plugin";

const callStatusOf: Record<string, string> = {
  queued: "queued",
  initiated: "initiated",
  ringing: "ringing",
  "in-progress": "in-progress",
  answered: "in-progress",
  completed: "completed",
  busy: "busy",
  "no-answer": "no-answer",
  failed: "failed",
  canceled: "canceled",
};

const partiesOf = (params: WebhookParams) => ({
  from: params.From ?? "",
  to: params.To ?? "",
  callSid: params.CallSid,
});

export function callerLocation(params: WebhookParams): CallerLocation {
  return locateCaller(
    { from: params.From ?? "", fromState: params.FromState, fromCountry: params.FromCountry },
    nanpAreaCodes,
    countryOfNumber,
  );
}

/** Which account a call belongs to: the owner of our number, or the licensee the geo rules chose. */
export function accountOfCall(table: RoutingTable, ourNumber: string, params: WebhookParams) {
  const entry = table.byNumber.get(ourNumber);
  if (!entry) return null;
  if (entry.kind === "owned")
    return { accountId: entry.route.accountId, phoneNumberId: entry.route.numberId };
  const { accountId } = chooseLicensee(entry.shared, callerLocation(params));
  return accountId
    ? { accountId, phoneNumberId: table.accounts.get(accountId)?.mainRoute?.numberId ?? null }
    : null;
}

export async function voiceRoutes(app: FastifyInstance) {
  const { carrier, routing, clock, db, live } = app.deps;
  const twiml: TwimlOptions = {
    baseUrl: carrier.webhookBaseUrl,
    carrierTranscription: carrier.carrierTranscription,
  };
  // The hot path: in-memory tables only, no database round trip.
  app.post(voicePaths.incoming, async (request, reply) => {
    const params = paramsOf(request);
    const routed = routeIncomingCall(
      routing.current(),
      {
        to: params.To ?? "",
        from: params.From ?? "",
        fromState: params.FromState,
        fromCountry: params.FromCountry,
      },
      callerLocation(params),
      clock(),
    );
    return sendTwiml(reply, renderStep(routed.step, twiml, partiesOf(params)));
  });

  app.post(voicePaths.gather, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const context = readContext(query);
    const position = readPosition(query);
    if (!context || !position) return sendTwiml(reply, renderStep({ kind: "end" }, twiml));
    const params = paramsOf(request);
    const step = continueAfterGather(routing.current(), context, position, params.Digits ?? "");
    return sendTwiml(reply, renderStep(step, twiml, partiesOf(params)));
  });

  app.post(voicePaths.dial, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const context = readContext(query);
    const followUp = readFollowUp(query);
    if (!context || !followUp) return sendTwiml(reply, renderStep({ kind: "end" }, twiml));
    const params = paramsOf(request);
    const status = (params.DialCallStatus ?? "no-answer") as DialStatus;
    const step = continueAfterDial(routing.current(), context, followUp, status);
    return sendTwiml(reply, renderStep(step, twiml, partiesOf(params)));
  });

  app.post(voicePaths.record, async (request, reply) => {
    const params = paramsOf(request);
    const recorded = Boolean(params.RecordingSid) && Number(params.RecordingDuration ?? "0") > 0;
    return sendTwiml(reply, recorded ? renderMessageSaved() : renderStep({ kind: "end" }, twiml));
  });

  /**
   * Call progress. The call log is created or updated by CallSid in one statement; an event with a
   * SequenceNumber not above the stored one changes nothing, so duplicates and late events are no-ops.
   */
  const writeCallStatus = createCallStatusWriter(db.db);
  app.post(voicePaths.status, async (request, reply) => {
    const params = paramsOf(request);
    const callSid = params.CallSid;
    const status = callStatusOf[params.CallStatus ?? ""];
    if (!callSid || !status) return sendTwiml(reply, EMPTY_TWIML);
    const inbound = (params.Direction ?? "inbound") === "inbound";
    const ourNumber = (inbound ? params.To : params.From) ?? "";
    const owner = accountOfCall(routing.current(), ourNumber, params);
    if (!owner) {
      request.log.warn({ callSid, ourNumber }, "status callback for a number no account owns");
      return sendTwiml(reply, EMPTY_TWIML);
    }
    const sequence = Number.parseInt(params.SequenceNumber ?? "0", 10) || 0;
    const at = params.Timestamp ? new Date(params.Timestamp) : clock();
    const eventTime = Number.isNaN(at.getTime()) ? clock() : at;
    const duration = Math.max(0, Number.parseInt(params.CallDuration ?? "0", 10) || 0);
    const ended = ["completed", "busy", "no-answer", "failed", "canceled"].includes(status);
    const theirNumber = (inbound ? params.From : params.To) ?? "";

    const applied = await writeCallStatus({
      accountId: owner.accountId,
      phoneNumberId: owner.phoneNumberId,
      callSid,
      parentCallSid: params.ParentCallSid || null,
      inbound,
      fromNumber: params.From ?? "",
      toNumber: params.To ?? "",
      theirNumber,
      callerName: params.CallerName,
      callStartTime: ended ? new Date(eventTime.getTime() - duration * 1000) : eventTime,
      answeredAt:
        status === "in-progress"
          ? eventTime
          : ended && duration > 0
            ? new Date(eventTime.getTime() - duration * 1000)
            : null,
      endedAt: ended ? eventTime : null,
      durationSeconds: duration,
      callStatus: status,
      sequence,
      eventTime,
      fromCity: params.FromCity || null,
      fromState: params.FromState || null,
      fromCountry: params.FromCountry || null,
    });

    if (applied) {
      if (status === "completed") app.deps.jobs?.notify();
      // Live views are best effort: the carrier's answer does not wait for them.
      live
        .publish(owner.accountId, {
          type: "call.updated",
          callSid,
          status: applied.callStatus,
          from: params.From ?? "",
          to: params.To ?? "",
          direction: inbound ? "inbound" : "outbound",
        })
        .catch((err: unknown) => request.log.warn({ err, callSid }, "live event not published"));
    }
    return sendTwiml(reply, EMPTY_TWIML);
  });
}
