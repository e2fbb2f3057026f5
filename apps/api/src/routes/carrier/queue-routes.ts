import {
  callerLegStatusUrl,
  dialRecording,
  EMPTY_TWIML,
  MEMBER_CALL_ENDINGS,
  queueKeyUrl,
  readContext,
  readHuntTarget,
  readMemberCall,
  renderCallbackDial,
  renderCallbackPrompt,
  renderHold,
  renderLeave,
  renderMemberAnswer,
  renderStep,
  voicePaths,
} from "@poundline/domain";
import { carrierParams, carrierQuery } from "@poundline/modules/carrier/carrier-params";
import { createForwardedLegWriter } from "@poundline/modules/carrier/forwarded-legs";
import type { FastifyInstance } from "fastify";
import { askCallTranscription } from "../../carrier/call-transcription";
import { ringHuntOf } from "../../carrier/ring-hunt";
import { sendTwiml, twimlOptionsOf } from "../../carrier/twiml-reply";
import { callbackRoutes } from "./queue-callback-routes";

/** The carrier's QueueTime: whole seconds, 0 when missing. */
const seconds = (value: string | undefined) => Math.max(0, Number.parseInt(value ?? "0", 10) || 0);

/** Ring groups with music on hold: the carrier's callbacks of a hunt (see ring-hunt/hunt.ts). */
export async function queueRoutes(app: FastifyInstance) {
  const { carrier, routing, clock, db } = app.deps;
  const twiml = twimlOptionsOf(carrier);
  const hunt = ringHuntOf(app);

  /** The queue's wait URL, requested again each time its TwiML ends. */
  app.post(voicePaths.hold, async (request, reply) => {
    const query = carrierQuery(request).record();
    const params = carrierParams(request);
    const context = readContext(query);
    const answer = await hunt.hold(
      {
        context,
        callSid: params.optional("CallSid"),
        target: readHuntTarget(query),
        from: params.optional("From") ?? null,
        queueTime: seconds(params.optional("QueueTime")),
      },
      request.log,
    );
    if (answer.kind === "leave" || !context) return sendTwiml(reply, renderLeave());
    const keyUrl = queueKeyUrl(twiml, context);
    return sendTwiml(reply, renderHold(answer.holdMusicUrl, { announce: answer.announce, keyUrl }));
  });

  await app.register(async (scope) => callbackRoutes(scope, hunt));

  memberAnswerRoute(app, hunt);

  /** A member call's progress; the call is ours to pay, logged as a leg of the caller's call. */
  const writeMemberLeg = createForwardedLegWriter(db.db, app.log);
  app.post(voicePaths.memberStatus, async (request, reply) => {
    const params = carrierParams(request);
    const query = carrierQuery(request).record();
    const context = readContext(query);
    const member = readMemberCall(query);
    await hunt.memberCallProgress(
      {
        context,
        member,
        callSid: params.optional("CallSid"),
        status: params.oneOf("CallStatus", MEMBER_CALL_ENDINGS),
      },
      request.log,
    );
    if (context && member && routing.current().accounts.has(context.accountId)) {
      // The queue is named by the waiting caller's CallSid: the member call is a leg of it.
      const applied = await writeMemberLeg(params, context, member.queue, clock());
      if (applied?.queued) app.deps.outbox.notify();
    }
    return sendTwiml(reply, EMPTY_TWIML);
  });

  /** The caller left the queue. */
  app.post(voicePaths.queueResult, async (request, reply) => {
    const params = carrierParams(request);
    const callSid = params.optional("CallSid");
    const context = readContext(carrierQuery(request).record());
    const step = await hunt.callerLeft(
      {
        context,
        callSid,
        result: params.optional("QueueResult") ?? "error",
        queueTime: seconds(params.optional("QueueTime")),
      },
      request.log,
    );
    if (step.kind === "callback" && context) return sendTwiml(reply, renderCallbackPrompt(twiml, context));
    if (step.kind === "callback") return sendTwiml(reply, renderLeave());
    return sendTwiml(
      reply,
      renderStep(step, twiml, { from: params.text("From"), to: params.text("To"), callSid }),
    );
  });
}

/** A member answered: bridged to the waiting caller (recorded when the number records), or their callback's call. */
function memberAnswerRoute(app: FastifyInstance, hunt: ReturnType<typeof ringHuntOf>) {
  const twiml = twimlOptionsOf(app.deps.carrier);
  app.post(voicePaths.member, async (request, reply) => {
    const query = carrierQuery(request).record();
    const context = readContext(query);
    const answer = await hunt.memberAnswered(
      {
        context,
        member: readMemberCall(query),
        callSid: carrierParams(request).optional("CallSid"),
      },
      request.log,
    );
    if (answer.kind === "bridge") {
      // The recording is the waiting caller's call's (the queue is named by its CallSid).
      const recording = answer.record && context ? dialRecording(twiml, context, answer.queue) : undefined;
      // The carrier hears the waiting caller's call, recorded, once bridged (TRANSCRIBER=carrier).
      if (recording && context) askCallTranscription(app, context, answer.queue);
      return sendTwiml(reply, renderMemberAnswer(answer.companyName, answer.queue, recording));
    }
    if (answer.kind === "callback") {
      const statusCallback = callerLegStatusUrl(twiml, answer.context, answer.queue);
      return sendTwiml(reply, renderCallbackDial(answer.companyName, { ...answer, statusCallback }));
    }
    return sendTwiml(reply, renderStep({ kind: "end" }, twiml));
  });
}
