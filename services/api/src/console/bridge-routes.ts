import { EMPTY_TWIML } from "@poundline/telephony";
import type { FastifyInstance } from "fastify";
import VoiceResponse from "twilio/lib/twiml/VoiceResponse";
import { carrierQuery } from "../twilio/carrier-params";
import { sendTwiml } from "../twilio/twiml-reply";
import { CLICK_TO_CALL_PATH, clickToCallBridge } from "./click-to-call";

/**
 * The bridge leg of Make a Call, under /twilio (the carrier's signature is checked there): the
 * user answered their own phone, now dial the destination with the account's number as caller ID.
 */
export async function clickToCallTwimlRoutes(app: FastifyInstance) {
  app.post(CLICK_TO_CALL_PATH, async (request, reply) => {
    const callId = carrierQuery(request).optional("call");
    const bridge = callId ? await clickToCallBridge(app.deps.db.db, callId) : null;
    if (!bridge) return sendTwiml(reply, EMPTY_TWIML);
    const response = new VoiceResponse();
    response.dial({ callerId: bridge.callerId }).number(bridge.to);
    return sendTwiml(reply, response.toString());
  });
}
