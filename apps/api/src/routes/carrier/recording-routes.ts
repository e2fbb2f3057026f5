import { EMPTY_TWIML, readChannelOne, readContext, voicePaths } from "@poundline/domain";
import { carrierParams, carrierQuery } from "@poundline/modules/carrier/carrier-params";
import { receiveCallRecording } from "@poundline/modules/recordings/call-recordings";
import {
  receiveTranscriptionEvent,
  settleCarrierTranscript,
} from "@poundline/modules/recordings/carrier-transcripts";
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
      source: params.optional("RecordingSource"),
      channelOne: readChannelOne(query.record()),
      transcribed: carrier.transcriber === "http",
      // The carrier's real-time transcription, when the call's answer asked for it.
      carrierTranscribes: carrier.transcriber === "carrier",
      receivedAt: app.deps.clock(),
    });
    // Its transcription may have ended first: its texts are waiting for this row.
    if (result.ok && carrier.transcriber === "carrier")
      await settleCarrierTranscript(db.db, result.accountId, result.callSid);
    if (!result.ok && result.reason !== "duplicate") {
      request.log.warn(
        { reason: result.reason, recordingSid: params.optional("RecordingSid") },
        "call recording not kept",
      );
    }
    return sendTwiml(reply, EMPTY_TWIML);
  });

  // The carrier's real-time transcription of a recorded call (asked for when its leg answered).
  app.post(voicePaths.callTranscription, async (request, reply) => {
    const query = carrierQuery(request).record();
    const context = readContext(query);
    if (context) {
      await receiveTranscriptionEvent(db.db, {
        accountId: context.accountId,
        inbound: readChannelOne(query),
        params: carrierParams(request).record(),
      });
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
