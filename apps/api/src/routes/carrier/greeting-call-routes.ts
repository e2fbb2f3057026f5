import {
  EMPTY_TWIML,
  type GreetingCallEvent,
  greetingCallPaths,
  readReviewRound,
  renderGreetingCall,
} from "@poundline/domain";
import { carrierParams, carrierQuery } from "@poundline/modules/carrier/carrier-params";
import { onGreetingCallEvent } from "@poundline/modules/greetings/phone-calls";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendTwiml } from "../../carrier/twiml-reply";
import { callStatusAnswerer } from "./voice-routes";

/** A carrier's RecordingSid and CallSid shapes: anything else is not a take. */
const RECORDING_SID = /^RE[0-9a-f]{32}$/i;
const GREETING_CALL_ID = /^grc_[a-z0-9]{1,64}$/;

/**
 * A greeting recorded by phone (modules/greetings/phone-calls.ts), under /twilio (the carrier's
 * signature is checked there): the member answered, a take was recorded, a key was pressed, the
 * call ended. Each moves the call's row once; a repeated delivery answers the same TwiML.
 */
export async function greetingCallRoutes(app: FastifyInstance) {
  const { db, outbox, clock, carrier } = app.deps;

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    event: (params: ReturnType<typeof carrierParams>) => GreetingCallEvent | null,
  ) {
    const query = carrierQuery(request);
    const id = query.optional("g");
    const found = event(carrierParams(request));
    if (!id || !GREETING_CALL_ID.test(id) || !found) {
      return sendTwiml(
        reply,
        renderGreetingCall("over", { baseUrl: carrier.webhookBaseUrl, id: "", take: null }),
      );
    }
    const { reply: next, take } = await onGreetingCallEvent(outbox, db.db, id, found, clock());
    const round = found.kind === "key" ? found.round + 1 : 0;
    return sendTwiml(reply, renderGreetingCall(next, { baseUrl: carrier.webhookBaseUrl, id, take, round }));
  }

  app.post(greetingCallPaths.start, (request, reply) => answer(request, reply, () => ({ kind: "answered" })));

  app.post(greetingCallPaths.recorded, (request, reply) =>
    answer(request, reply, (params) => {
      const recordingSid = params.optional("RecordingSid");
      const recordingUrl = params.optional("RecordingUrl");
      if (!recordingSid || !RECORDING_SID.test(recordingSid) || !recordingUrl) return null;
      return { kind: "recorded", recordingSid, recordingUrl };
    }),
  );

  app.post(greetingCallPaths.choice, (request, reply) =>
    answer(request, reply, (params) => ({
      kind: "key",
      digits: params.optional("Digits") ?? "",
      round: readReviewRound(carrierQuery(request).optional("r")),
    })),
  );

  // The call is one we place and pay for: logged and charged as any call's status says (as Make a Call's).
  const answerStatus = callStatusAnswerer(app.deps, app.log);
  app.post(greetingCallPaths.status, async (request, reply) => {
    await answerStatus(carrierParams(request), request.log);
    const status = carrierParams(request).optional("CallStatus") ?? "";
    const id = carrierQuery(request).optional("g");
    // Only the call's end moves it: ringing and answered are the start webhook's.
    if (
      id &&
      GREETING_CALL_ID.test(id) &&
      ["completed", "busy", "no-answer", "failed", "canceled"].includes(status)
    )
      await onGreetingCallEvent(outbox, db.db, id, { kind: "ended", callStatus: status }, clock());
    return sendTwiml(reply, EMPTY_TWIML);
  });
}
