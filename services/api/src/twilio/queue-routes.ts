import {
  EMPTY_TWIML,
  MEMBER_CALL_ENDINGS,
  readContext,
  readHuntTarget,
  readMemberCall,
  renderHold,
  renderLeave,
  renderMemberAnswer,
  renderStep,
  type TwimlOptions,
  voicePaths,
} from "@poundline/telephony";
import type { FastifyInstance } from "fastify";
import { createRingHunt } from "../ring-hunt/hunt";
import { createHuntStore } from "../ring-hunt/hunt-store";
import { carrierParams, carrierQuery } from "./carrier-params";
import { createForwardedLegWriter } from "./forwarded-legs";
import { sendTwiml } from "./twiml-reply";

/** Ring groups with music on hold: the carrier's callbacks of a hunt (see ring-hunt/hunt.ts). */
export async function queueRoutes(app: FastifyInstance) {
  const { carrier, carrierClient, routing, clock, db } = app.deps;
  const twiml: TwimlOptions = {
    baseUrl: carrier.webhookBaseUrl,
    carrierTranscription: carrier.carrierTranscription,
  };
  const hunt = createRingHunt({
    hunts: createHuntStore(db.db),
    carrier: carrierClient,
    routing: () => routing.current(),
    clock,
    twiml,
  });

  /** The queue's wait URL, requested again each time its TwiML ends. */
  app.post(voicePaths.hold, async (request, reply) => {
    const query = carrierQuery(request).record();
    const answer = await hunt.hold(
      {
        context: readContext(query),
        callSid: carrierParams(request).optional("CallSid"),
        target: readHuntTarget(query),
      },
      request.log,
    );
    return sendTwiml(reply, answer.kind === "hold" ? renderHold(answer.holdMusicUrl) : renderLeave());
  });

  /** A member answered. */
  app.post(voicePaths.member, async (request, reply) => {
    const query = carrierQuery(request).record();
    const answer = await hunt.memberAnswered(
      {
        context: readContext(query),
        member: readMemberCall(query),
        callSid: carrierParams(request).optional("CallSid"),
      },
      request.log,
    );
    return sendTwiml(
      reply,
      answer.kind === "bridge"
        ? renderMemberAnswer(answer.companyName, answer.queue, answer.record)
        : renderStep({ kind: "end" }, twiml),
    );
  });

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
      if (applied?.status === "completed") app.deps.outbox.notify();
    }
    return sendTwiml(reply, EMPTY_TWIML);
  });

  /** The caller left the queue. */
  app.post(voicePaths.queueResult, async (request, reply) => {
    const params = carrierParams(request);
    const callSid = params.optional("CallSid");
    const step = await hunt.callerLeft(
      {
        context: readContext(carrierQuery(request).record()),
        callSid,
        result: params.optional("QueueResult") ?? "error",
      },
      request.log,
    );
    return sendTwiml(
      reply,
      renderStep(step, twiml, { from: params.text("From"), to: params.text("To"), callSid }),
    );
  });
}
