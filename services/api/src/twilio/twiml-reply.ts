import type { FastifyReply } from "fastify";

/** Answers the carrier with a TwiML document. */
export function sendTwiml(reply: FastifyReply, xml: string) {
  return reply.type("text/xml").send(xml);
}
