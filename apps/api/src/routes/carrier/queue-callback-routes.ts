import {
  CALLBACK_MESSAGES,
  readContext,
  renderCallbackBooked,
  renderQueueKey,
  spokenDigits,
  voicePaths,
} from "@poundline/domain";
import { carrierParams, carrierQuery } from "@poundline/modules/carrier/carrier-params";
import type { RingHunt } from "@poundline/modules/ring-hunt/hunt";
import type { FastifyInstance } from "fastify";
import { sendTwiml } from "../../carrier/twiml-reply";

/** A waiting caller asks to be called back: the key during the hold music, then the number. */
export async function callbackRoutes(app: FastifyInstance, hunt: RingHunt) {
  /** A key the caller pressed during the hold music. */
  app.post(voicePaths.queueKey, async (request, reply) => {
    const params = carrierParams(request);
    const pressed = await hunt.keyPressed({
      callSid: params.optional("CallSid"),
      digits: params.optional("Digits"),
      from: params.text("From"),
    });
    return sendTwiml(reply, renderQueueKey(pressed.leave ? params.optional("Digits") : undefined));
  });

  /** The number the caller typed to be called back on. */
  app.post(voicePaths.queueCallback, async (request, reply) => {
    const params = carrierParams(request);
    const booked = await hunt.callbackTyped(
      {
        context: readContext(carrierQuery(request).record()),
        callSid: params.optional("CallSid"),
        digits: params.optional("Digits"),
        from: params.text("From"),
      },
      request.log,
    );
    const message =
      booked.kind === "booked"
        ? CALLBACK_MESSAGES.confirmed(spokenDigits(booked.number))
        : CALLBACK_MESSAGES.unusable;
    return sendTwiml(reply, renderCallbackBooked(message));
  });
}
