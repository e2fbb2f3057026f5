import { type CallContext, callTranscriptionUrl } from "@poundline/domain";
import { askCarrierTranscription } from "@poundline/modules/recordings/carrier-transcripts";
import type { FastifyInstance } from "fastify";
import { twimlOptionsOf } from "./twiml-reply";

/**
 * A recorded call was answered: with TRANSCRIBER=carrier, the carrier is asked to transcribe the
 * caller's call (its inbound track is the caller), in the background: the webhook's answer does
 * not wait for it, and a failure is logged (the row says `failed`; the recording is then "off").
 */
export function askCallTranscription(
  app: FastifyInstance,
  context: CallContext,
  callerCallSid: string,
): void {
  const { db, carrierTranscriptions, carrier } = app.deps;
  if (carrier.transcriber !== "carrier") return;
  askCarrierTranscription(
    { db: db.db, transcriptions: carrierTranscriptions, log: app.log },
    {
      accountId: context.accountId,
      callSid: callerCallSid,
      statusCallbackUrl: callTranscriptionUrl(twimlOptionsOf(carrier), context),
    },
  ).catch((err: unknown) =>
    app.log.warn({ err, callSid: callerCallSid }, "the call's transcription was not asked for"),
  );
}
