import { type Database, isForeignKeyViolation, newId, schema } from "@poundline/db";
import { enqueue, type OutboxWriter } from "@poundline/platform/outbox";
import { and, eq, notInArray, sql } from "drizzle-orm";
import { inboxOnVoicemail } from "../inbox/round-robin";
import { emitVoicemailEvent } from "../voicemails/events";
import type { VoicemailRecord, Voicemails } from "./receive";

const { callLogs, voicemails } = schema;

/**
 * Voicemails in the database: the row (unique by RecordingSid, so a repeated delivery inserts
 * nothing), the completed call's log marked voicemail_missed, and the process-voicemail job in the
 * outbox (which wakes the relay after the commit), in one transaction. A recording for an account deleted meanwhile fails its foreign key
 * and is not stored.
 */
export function createVoicemails(db: Database, outbox: OutboxWriter): Voicemails {
  return {
    async record(v: VoicemailRecord) {
      return outbox
        .transaction(async (tx) => {
          const [row] = await tx
            .insert(voicemails)
            .values({
              id: newId("voicemail"),
              accountId: v.accountId,
              callSid: v.callSid,
              callLogId: sql`(select id from ${callLogs} where call_sid = ${v.callSid} and account_id = ${v.accountId})`,
              recordingSid: v.recordingSid,
              recordingUrl: v.recordingUrl,
              durationSeconds: v.durationSeconds,
              fromNumber: v.from,
              toNumber: v.to,
              transcriptionStatus: v.transcriptionStatus,
            })
            .onConflictDoNothing({ target: voicemails.recordingSid })
            .returning({ id: voicemails.id });
          if (!row) return "duplicate" as const;
          await inboxOnVoicemail(tx, {
            accountId: v.accountId,
            id: row.id,
            toNumber: v.to,
            fromNumber: v.from,
            extensionId: v.extensionId,
            at: new Date(),
          });
          await tx
            .update(callLogs)
            .set({ callStatus: "voicemail_missed" })
            .where(and(eq(callLogs.callSid, v.callSid), eq(callLogs.callStatus, "completed")));
          await enqueue(
            tx,
            { queue: "voicemail", name: "process-voicemail", jobId: v.recordingSid },
            { voicemailId: row.id, extensionId: v.extensionId },
          );
          return "stored" as const;
        })
        .catch((error: unknown) => {
          if (!isForeignKeyViolation(error)) throw error;
          return "account_gone" as const;
        });
    },

    // Settled once: a repeated callback (or our own transcriber's, first) moves nothing and emits nothing.
    async transcribed(accountId, recordingSid, transcription) {
      await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(voicemails)
          .set({ transcription, transcriptionStatus: transcription === null ? "failed" : "completed" })
          .where(
            and(
              eq(voicemails.recordingSid, recordingSid),
              eq(voicemails.accountId, accountId),
              notInArray(voicemails.transcriptionStatus, ["completed", "failed"]),
            ),
          )
          .returning();
        if (updated?.transcriptionStatus === "completed")
          await emitVoicemailEvent(tx, "voicemail.transcribed", updated, new Date());
      });
    },
  };
}
