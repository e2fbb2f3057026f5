import { EMPTY_TWIML, readContext, voicePaths } from "@poundline/domain";
import { carrierParams, carrierQuery } from "@poundline/modules/carrier/carrier-params";
import { receiveRecording, receiveTranscription } from "@poundline/modules/recordings/receive";
import { createVoicemails } from "@poundline/modules/recordings/voicemails";
import { publishLiveEvent } from "@poundline/platform/events/live";
import type { FastifyInstance } from "fastify";
import { sendTwiml } from "../../carrier/twiml-reply";

/** Voicemail recordings and the carrier's transcriptions of them: see recordings/receive.ts. */
export async function recordingRoutes(app: FastifyInstance) {
  const { db, live, carrier } = app.deps;
  const voicemails = createVoicemails(db.db, app.deps.outbox);

  app.post(voicePaths.recording, async (request, reply) => {
    const params = carrierParams(request);
    const query = carrierQuery(request);
    const result = await receiveRecording(
      {
        voicemails,
        transcriber: carrier.transcriber,
        publish: (accountId, event) => publishLiveEvent(live, request.log, accountId, event),
      },
      {
        context: readContext(query.record()),
        recordingSid: params.optional("RecordingSid"),
        callSid: params.optional("CallSid"),
        recordingUrl: params.optional("RecordingUrl"),
        status: params.optional("RecordingStatus"),
        durationSeconds: params.seconds("RecordingDuration"),
        from: query.text("fr"),
        to: query.text("to"),
        extensionId: query.optional("x") ?? null,
      },
    );
    if (!result.ok && result.reason === "account_gone") {
      request.log.warn(
        { recordingSid: result.recordingSid, accountId: result.accountId },
        "recording for an account that no longer exists",
      );
    }
    return sendTwiml(reply, EMPTY_TWIML);
  });

  app.post(voicePaths.transcription, async (request, reply) => {
    const params = carrierParams(request);
    await receiveTranscription(
      { voicemails },
      {
        context: readContext(carrierQuery(request).record()),
        recordingSid: params.optional("RecordingSid"),
        status: params.text("TranscriptionStatus"),
        text: params.text("TranscriptionText"),
      },
    );
    return sendTwiml(reply, EMPTY_TWIML);
  });
}
