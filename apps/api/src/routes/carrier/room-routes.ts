import { EMPTY_TWIML, readContext, voicePaths } from "@poundline/domain";
import { memberLegEnded, roomEvent, roomJoinTwiml, roomOfCaller } from "@poundline/modules/calls/rooms";
import { carrierParams, carrierQuery } from "@poundline/modules/carrier/carrier-params";
import { publishLiveEvent } from "@poundline/platform/events/live";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { callPortsOf } from "../../carrier/call-ports";
import { sendTwiml } from "../../carrier/twiml-reply";

/**
 * The TwiML that sends a caller into their call's room, when the member moved the call there
 * (their leg was redirected, and the caller's Dial ended with `completed`); null otherwise.
 */
export async function callerRoomTwiml(request: FastifyRequest, accountId: string, callSid: string) {
  const room = await roomOfCaller(request.server.deps.db.db, accountId, callSid);
  if (!room || room.endedAt) return null;
  return roomJoinTwiml(callPortsOf(request), room, "caller");
}

/** A softphone leg of a call ended: if it was the member's leg of a room, they left it. */
export async function roomMemberLegEnded(
  request: FastifyRequest,
  leg: { accountId: string; callerCallSid: string; legCallSid: string },
) {
  const changed = await memberLegEnded(callPortsOf(request), leg);
  if (changed)
    publishLiveEvent(request.server.deps.live, request.log, leg.accountId, {
      type: "call.room",
      callSid: changed,
    });
}

/** A call room's participant events (`<Conference statusCallback>`): see calls/rooms.ts. */
export async function roomRoutes(app: FastifyInstance) {
  app.post(voicePaths.roomEvents, async (request, reply) => {
    const params = carrierParams(request);
    const context = readContext(carrierQuery(request).record());
    const room = params.optional("FriendlyName");
    const callSid = params.optional("CallSid");
    if (context && room && callSid) {
      const event = {
        accountId: context.accountId,
        room,
        callSid,
        event: params.text("StatusCallbackEvent"),
      };
      const changed = await roomEvent(callPortsOf(request), event);
      if (changed)
        publishLiveEvent(app.deps.live, request.log, context.accountId, {
          type: "call.room",
          callSid: changed,
        });
    }
    return sendTwiml(reply, EMPTY_TWIML);
  });
}
