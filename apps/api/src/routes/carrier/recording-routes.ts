import { EMPTY_TWIML, readContext, voicePaths } from "@poundline/domain";
import { carrierParams, carrierQuery } from "@poundline/modules/carrier/carrier-params";
import { receiveCallRecording } from "@poundline/modules/recordings/call-recordings";
import { receiveRecording, receiveTranscription } from "@poundline/modules/recordings/receive";
import { createVoicemails } from "@poundline/modules/recordings/voicemails";
import { publishLiveEvent } from "@poundline/platform/events/live";
import type { FastifyInstance } from "fastify";
import { sendTwiml } from "../../carrier/twiml-reply";

/**
 * Voicemail recordings and the carrier's transcriptions of them (recordings/receive.ts), and
 * recorded calls' recordings (recordings/call-recordings.ts).
 */
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

  // A recorded call's recording is ready: kept, and handed to the workers to fetch and store.
  app.post(voicePaths.callRecording, async (request, reply) => {
    const params = carrierParams(request);
    const query = carrierQuery(request);
    const result = await receiveCallRecording(app.deps.outbox, {
      context: readContext(query.record()),
      callerCallSid: query.optional("p"),
      recordingSid: params.optional("RecordingSid"),
      callSid: params.optional("CallSid"),
      recordingUrl: params.optional("RecordingUrl"),
      status: params.optional("RecordingStatus"),
      durationSeconds: params.seconds("RecordingDuration"),
      channels: params.integer("RecordingChannels", { min: 1, max: 2 }),
      receivedAt: app.deps.clock(),
    });
    if (!result.ok && result.reason !== "duplicate") {
      request.log.warn(
        { reason: result.reason, recordingSid: params.optional("RecordingSid") },
        "call recording not kept",
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
