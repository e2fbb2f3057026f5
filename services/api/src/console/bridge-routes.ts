import { EMPTY_TWIML, isE164 } from "@poundline/telephony";
import type { FastifyInstance } from "fastify";
import VoiceResponse from "twilio/lib/twiml/VoiceResponse";
import { carrierQuery } from "../twilio/carrier-params";
import { sendTwiml } from "../twilio/twiml-reply";
import { CLICK_TO_CALL_PATH } from "./click-to-call";

/**
 * The bridge leg of Make a Call, under /twilio (the carrier's signature is checked there): the
 * user answered their own phone, now dial the destination with the account's number as caller ID.
 */
export async function clickToCallTwimlRoutes(app: FastifyInstance) {
  app.post(CLICK_TO_CALL_PATH, async (request, reply) => {
    const query = carrierQuery(request);
    const to = query.optional("to");
    const callerId = query.optional("callerId");
    if (!to || !callerId || !isE164(to) || !isE164(callerId)) return sendTwiml(reply, EMPTY_TWIML);
    const response = new VoiceResponse();
    response.dial({ callerId }).number(to);
    return sendTwiml(reply, response.toString());
  });
}
