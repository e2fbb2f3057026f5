import { newId, schema } from "@poundline/db";
import { EMPTY_TWIML, readContext, voicePaths } from "@poundline/telephony";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { paramsOf, sendTwiml } from "./plugin";

/** Voicemail recordings and the carrier's transcriptions of them. */
export async function recordingRoutes(app: FastifyInstance) {
  const { db, live } = app.deps;

  /**
   * The recording is ready: one voicemail row per RecordingSid and, in the same transaction, the
   * job that fetches, transcribes and notifies. A repeated delivery inserts nothing.
   */
  app.post(voicePaths.recording, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const context = readContext(query);
    const params = paramsOf(request);
    const recordingSid = params.RecordingSid;
    if (!context || !recordingSid || !params.CallSid || !params.RecordingUrl)
      return sendTwiml(reply, EMPTY_TWIML);
    if ((params.RecordingStatus ?? "completed") !== "completed") return sendTwiml(reply, EMPTY_TWIML);
    const durationSeconds = Math.max(0, Number.parseInt(params.RecordingDuration ?? "0", 10) || 0);
    const from = query.fr ?? "";

    const created = await db.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(schema.voicemails)
        .values({
          id: newId("voicemail"),
          accountId: context.accountId,
          callSid: params.CallSid as string,
          callLogId: sql`(select id from ${schema.callLogs} where call_sid = ${params.CallSid} and account_id = ${context.accountId})`,
          recordingSid,
          recordingUrl: params.RecordingUrl as string,
          durationSeconds,
          fromNumber: from,
          toNumber: query.to ?? "",
          transcriptionStatus: app.deps.carrier.carrierTranscription ? "pending" : "none",
        })
        .onConflictDoNothing({ target: schema.voicemails.recordingSid })
        .returning({ id: schema.voicemails.id });
      if (!row) return null;
      await tx
        .update(schema.callLogs)
        .set({ callStatus: "voicemail_missed" })
        .where(
          and(
            eq(schema.callLogs.callSid, params.CallSid as string),
            eq(schema.callLogs.callStatus, "completed"),
          ),
        );
      await tx.insert(schema.jobOutbox).values({
        id: newId("job"),
        queue: "voicemail",
        jobName: "process-voicemail",
        jobId: recordingSid,
        payload: { voicemailId: row.id, extensionId: query.x ?? null },
      });
      return row;
    });
    if (created) {
      app.deps.jobs?.notify();
      await live.publish(context.accountId, {
        type: "voicemail.created",
        recordingSid,
        from,
        durationSeconds,
      });
    }
    return sendTwiml(reply, EMPTY_TWIML);
  });

  app.post(voicePaths.transcription, async (request, reply) => {
    const context = readContext(request.query as Record<string, string | undefined>);
    const params = paramsOf(request);
    if (!context || !params.RecordingSid) return sendTwiml(reply, EMPTY_TWIML);
    const completed = params.TranscriptionStatus === "completed";
    await db.db
      .update(schema.voicemails)
      .set({
        transcription: completed ? (params.TranscriptionText ?? "") : null,
        transcriptionStatus: completed ? "completed" : "failed",
      })
      .where(
        and(
          eq(schema.voicemails.recordingSid, params.RecordingSid),
          eq(schema.voicemails.accountId, context.accountId),
        ),
      );
    return sendTwiml(reply, EMPTY_TWIML);
  });
}
