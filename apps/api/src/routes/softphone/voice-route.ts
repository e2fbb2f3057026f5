import { type DialRecording, dialRecording, voicePaths } from "@poundline/domain";
import { memberOfSoftphone } from "@poundline/domain/members";
import { callRefusal } from "@poundline/modules/billing/enforce";
import { roomJoinTwiml, roomOfMember } from "@poundline/modules/calls/rooms";
import { carrierParams, carrierQuery } from "@poundline/modules/carrier/carrier-params";
import { planSoftphoneCall, type SoftphoneCallPlan } from "@poundline/modules/softphone/outgoing";
import type { FastifyInstance } from "fastify";
import VoiceResponse from "twilio/lib/twiml/VoiceResponse";
import { callPortsOf } from "../../carrier/call-ports";
import { sendTwiml, twimlOptionsOf } from "../../carrier/twiml-reply";

/**
 * A softphone's call out, under /twilio (the carrier's signature is checked there): the TwiML
 * application's voice URL. The member's browser is on the line (From `client:<identity>`); dial
 * the destination with the account's number as caller ID, for no longer than the wallet pays for.
 */
export async function softphoneTwimlRoutes(app: FastifyInstance) {
  app.post(voicePaths.softphone, async (request, reply) => {
    const params = carrierParams(request);
    const { db, routing, clock, carrier, live } = app.deps;
    const identity = params.text("From");
    const callSid = params.text("CallSid");
    const plan = await planSoftphoneCall(
      db.db,
      { identity, callSid, to: params.text("To"), callerId: params.optional("CallerId") },
      (accountId) => callRefusal(routing.current(), accountId, clock()),
    );
    if (!plan.ok) {
      const member = memberOfSoftphone(identity);
      if (member)
        live.publish(member.accountId, {
          type: "softphone.refused",
          userId: member.userId,
          callSid,
          message: plan.say,
        });
      return sendTwiml(reply, refusalTwiml(plan.say));
    }
    // A call out from a number that records its calls is recorded too (the plan allowing it).
    const recorded = routing.current().numbersById.get(plan.numberId)?.recordCalls ?? false;
    const recording = recorded
      ? dialRecording(
          twimlOptionsOf(carrier),
          { accountId: plan.accountId, numberId: plan.numberId },
          undefined,
          "team",
        )
      : undefined;
    return sendTwiml(reply, dialTwiml(plan, carrier.webhookBaseUrl, recording));
  });

  // The outgoing Dial ended. The member moved the call into its room (the callee was redirected
  // there, calls/rooms.ts): the browser follows; otherwise the call is over.
  app.post(voicePaths.softphoneDialEnd, async (request, reply) => {
    const accountId = carrierQuery(request).record().a ?? "";
    const callSid = carrierParams(request).optional("CallSid");
    const room = callSid ? await roomOfMember(app.deps.db.db, accountId, callSid) : undefined;
    if (!room || room.endedAt) return sendTwiml(reply, HANG_UP);
    return sendTwiml(reply, await roomJoinTwiml(callPortsOf(request), room, "member"));
  });
}

const HANG_UP = new VoiceResponse().hangup().toString();

function refusalTwiml(say: string): string {
  const response = new VoiceResponse();
  response.say(say);
  response.hangup();
  return response.toString();
}

/**
 * The leg to the destination reports its own completion, logged and charged by destination; the
 * call is recorded with `recording` when its number records.
 */
function dialTwiml(
  plan: Extract<SoftphoneCallPlan, { ok: true }>,
  baseUrl: string,
  recording: DialRecording | undefined,
): string {
  const legStatus = new URLSearchParams({ a: plan.accountId, n: plan.numberId });
  const response = new VoiceResponse();
  const action = `${baseUrl}${voicePaths.softphoneDialEnd}?${new URLSearchParams({ a: plan.accountId })}`;
  response
    .dial({
      callerId: plan.callerId,
      timeLimit: plan.timeLimitSeconds,
      answerOnBridge: true,
      action,
      method: "POST",
      ...recording,
    })
    .number(
      { statusCallback: `${baseUrl}${voicePaths.forwardStatus}?${legStatus}`, statusCallbackMethod: "POST" },
      plan.to,
    );
  return response.toString();
}
