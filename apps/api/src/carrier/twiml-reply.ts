import type { TwimlOptions } from "@poundline/domain";
import type { CarrierConfig } from "@poundline/modules/carrier/carrier-config";
import type { FastifyReply } from "fastify";

/** Answers the carrier with a TwiML document. */
export function sendTwiml(reply: FastifyReply, xml: string) {
  return reply.type("text/xml").send(xml);
}

/** What TwiML is rendered with: our public base URL (action URLs) and who transcribes voicemail. */
export const twimlOptionsOf = (carrier: CarrierConfig): TwimlOptions => ({
  baseUrl: carrier.webhookBaseUrl,
  carrierTranscription: carrier.carrierTranscription,
});
