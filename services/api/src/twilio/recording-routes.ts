import { isForeignKeyViolation, newId, schema } from "@poundline/db";
import { publishLiveEvent } from "@poundline/platform/events/live";
import { enqueue } from "@poundline/platform/outbox";
import { EMPTY_TWIML, readContext, voicePaths } from "@poundline/telephony";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { carrierParams, carrierQuery } from "./carrier-params";
import { sendTwiml } from "./twiml-reply";

/** Voicemail recordings and the carrier's transcriptions of them. */
export async function recordingRoutes(app: FastifyInstance) {
  const { db, live, outbox } = app.deps;

  /**
   * The recording is ready: one voicemail row per RecordingSid and, in the same transaction, the
   * job that fetches, transcribes and notifies. A repeated delivery inserts nothing; a recording
   * for an account deleted meanwhile is not stored. The caller is kept as the carrier gave it (a
   * withheld caller stays "Anonymous"): a voicemail makes no contact.
   */
  app.post(voicePaths.recording, async (request, reply) => {
    const params = carrierParams(request);
    const query = carrierQuery(request);
    const context = readContext(query.record());
    const recordingSid = params.optional("RecordingSid");
    const callSid = params.optional("CallSid");
    const recordingUrl = params.optional("RecordingUrl");
    if (!context || !recordingSid || !callSid || !recordingUrl) return sendTwiml(reply, EMPTY_TWIML);
    if ((params.optional("RecordingStatus") ?? "completed") !== "completed")
      return sendTwiml(reply, EMPTY_TWIML);
    const durationSeconds = params.seconds("RecordingDuration");
    const from = query.text("fr");

    const created = await outbox
      .transaction(async (tx) => {
        const [row] = await tx
          .insert(schema.voicemails)
          .values({
            id: newId("voicemail"),
            accountId: context.accountId,
            callSid,
            callLogId: sql`(select id from ${schema.callLogs} where call_sid = ${callSid} and account_id = ${context.accountId})`,
            recordingSid,
            recordingUrl,
            durationSeconds,
            fromNumber: from,
            toNumber: query.text("to"),
            transcriptionStatus: app.deps.carrier.carrierTranscription ? "pending" : "none",
          })
          .onConflictDoNothing({ target: schema.voicemails.recordingSid })
          .returning({ id: schema.voicemails.id });
        if (!row) return null;
        await tx
          .update(schema.callLogs)
          .set({ callStatus: "voicemail_missed" })
          .where(and(eq(schema.callLogs.callSid, callSid), eq(schema.callLogs.callStatus, "completed")));
        await enqueue(
          tx,
          { queue: "voicemail", name: "process-voicemail", jobId: recordingSid },
          { voicemailId: row.id, extensionId: query.optional("x") ?? null },
        );
        return row;
      })
      .catch((error: unknown) => {
        if (!isForeignKeyViolation(error)) throw error;
        request.log.warn(
          { recordingSid, accountId: context.accountId },
          "recording for an account that no longer exists",
        );
        return null;
      });
    if (created) {
      publishLiveEvent(live, request.log, context.accountId, {
        type: "voicemail.created",
        recordingSid,
        from,
        durationSeconds,
      });
    }
    return sendTwiml(reply, EMPTY_TWIML);
  });

  app.post(voicePaths.transcription, async (request, reply) => {
    const params = carrierParams(request);
    const context = readContext(carrierQuery(request).record());
    const recordingSid = params.optional("RecordingSid");
    if (!context || !recordingSid) return sendTwiml(reply, EMPTY_TWIML);
    const completed = params.text("TranscriptionStatus") === "completed";
    await db.db
      .update(schema.voicemails)
      .set({
        transcription: completed ? params.text("TranscriptionText") : null,
        transcriptionStatus: completed ? "completed" : "failed",
      })
      .where(
        and(
          eq(schema.voicemails.recordingSid, recordingSid),
          eq(schema.voicemails.accountId, context.accountId),
        ),
      );
    return sendTwiml(reply, EMPTY_TWIML);
  });
}
