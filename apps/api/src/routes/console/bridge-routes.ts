import { EMPTY_TWIML, isE164, readContext, voicePaths } from "@poundline/domain";
import { carrierQuery } from "@poundline/modules/carrier/carrier-params";
import { CLICK_TO_CALL_PATH } from "@poundline/modules/console/click-to-call";
import type { FastifyInstance } from "fastify";
import VoiceResponse from "twilio/lib/twiml/VoiceResponse";
import { sendTwiml } from "../../carrier/twiml-reply";

/**
 * The bridge leg of Make a Call, under /twilio (the carrier's signature is checked there): the
 * user answered their own phone, now dial the destination with the account's number as caller ID,
 * for no longer than the wallet pays for.
 */
export async function clickToCallTwimlRoutes(app: FastifyInstance) {
  app.post(CLICK_TO_CALL_PATH, async (request, reply) => {
    const query = carrierQuery(request);
    const to = query.optional("to");
    const callerId = query.optional("callerId");
    if (!to || !callerId || !isE164(to) || !isE164(callerId)) return sendTwiml(reply, EMPTY_TWIML);
    // The minutes the wallet paid for when the call was placed: the carrier ends the bridge then.
    const timeLimit = Number(query.optional("timeLimit"));
    // The bridge leg is a call we place too: it reports its completion, logged and charged by its
    // destination as a leg of the first one (twilio/forwarded-legs.ts).
    const context = readContext(query.record());
    const legStatus = new URLSearchParams(context ? { a: context.accountId, n: context.numberId ?? "" } : {});
    const response = new VoiceResponse();
    response
      .dial({ callerId, ...(Number.isInteger(timeLimit) && timeLimit > 0 ? { timeLimit } : {}) })
      .number(
        context
          ? {
              statusCallback: `${app.deps.carrier.webhookBaseUrl}${voicePaths.forwardStatus}?${legStatus}`,
              statusCallbackMethod: "POST",
            }
          : {},
        to,
      );
    return sendTwiml(reply, response.toString());
  });
}
