import { type Database, schema } from "@poundline/db";
import {
  mergeTurns,
  type TranscriptSpeaker,
  type TranscriptTurn,
  transcriptText,
} from "@poundline/domain/transcript";
import { splitWavChannels } from "@poundline/domain/wav";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Transcriber, TranscriptionOutcome } from "../voicemails/jobs/transcriber";

const { callLogs, callRecordings } = schema;

type CallRecordingRow = typeof schema.callRecordings.$inferSelect;

export type CallTranscript =
  | { status: "completed"; turns: TranscriptTurn[] }
  | { status: "failed"; error: string }
  | { status: "off" };

/** Who speaks on each channel of a two-channel recording, in channel order. */
const speakersOf = (channelOne: CallRecordingRow["channelOne"]): TranscriptSpeaker[] =>
  channelOne === "team" ? ["team", "other"] : ["other", "team"];

/**
 * A recorded call's transcript by the workers' transcriber: each party's channel on its own, merged
 * by when each spoke; a one-channel recording (a call room's) as one text with no speaker. Only
 * an HTTP transcriber is run here: the carrier posts its own (carrier-transcripts.ts).
 */
export async function transcribeCall(
  transcriber: Transcriber,
  row: Pick<CallRecordingRow, "recordingSid" | "channels" | "channelOne">,
  audio: Uint8Array,
): Promise<CallTranscript> {
  if (transcriber.provider !== "http") return { status: "off" };
  const parts = row.channels === 2 ? splitWavChannels(audio) : null;
  const channels = parts?.length === 2 ? parts : [audio];
  const speakers = channels.length === 2 ? speakersOf(row.channelOne) : [null];
  const outcomes = await Promise.all(
    channels.map((bytes, channel) =>
      transcriber.transcribe({
        filename: `${row.recordingSid}-${channel + 1}.wav`,
        contentType: "audio/wav",
        read: async () => bytes,
        timed: true,
      }),
    ),
  );
  const failed = outcomes.find((outcome) => outcome.status !== "completed");
  if (failed) return { status: "failed", error: failed.status === "failed" ? failed.error : failed.status };
  return {
    status: "completed",
    turns: mergeTurns(
      outcomes.map((outcome, channel) => ({
        speaker: speakers[channel] ?? null,
        texts: timedTexts(outcome),
      })),
    ),
  };
}

/** The outcome's timed segments, or its whole text from the start when it gave none. */
function timedTexts(outcome: TranscriptionOutcome) {
  if (outcome.status !== "completed") return [];
  return outcome.segments?.length ? outcome.segments : [{ startSeconds: 0, text: outcome.text }];
}

/**
 * Keeps a call's transcript once (a transcript that settled, completed or failed, stays), and
 * adds its words to the call's log, which the history's search reads.
 */
export async function saveCallTranscript(
  db: Database,
  recording: Pick<CallRecordingRow, "id" | "accountId" | "callSid">,
  transcript: CallTranscript,
): Promise<void> {
  const words = transcript.status === "completed" ? transcriptText(transcript.turns) : null;
  await db.transaction(async (tx) => {
    const [settled] = await tx
      .update(callRecordings)
      .set(
        transcript.status === "completed"
          ? { transcriptionStatus: "completed", transcript: transcript.turns, transcriptText: words }
          : { transcriptionStatus: transcript.status },
      )
      .where(and(eq(callRecordings.id, recording.id), eq(callRecordings.transcriptionStatus, "pending")))
      .returning({ id: callRecordings.id });
    if (!settled || !words) return;
    await tx
      .update(callLogs)
      .set({ transcript: sql`concat_ws(E'\n', ${callLogs.transcript}, ${words}::text)` })
      .where(and(eq(callLogs.accountId, recording.accountId), eq(callLogs.callSid, recording.callSid)));
  });
}

/** How long a call's transcript may stay pending: after it, the transcriber is not coming back. */
export const TRANSCRIPT_WAIT_MS = 24 * 3600 * 1000;

/**
 * Transcripts pending past TRANSCRIPT_WAIT_MS (the carrier never ended its transcription, a worker
 * gave up) are failed, so the history stops saying "Transcribing…"; returns how many.
 */
export async function failStaleTranscripts(db: Database, now: Date): Promise<number> {
  const stale = await db
    .update(callRecordings)
    .set({ transcriptionStatus: "failed" })
    .where(
      and(
        eq(callRecordings.transcriptionStatus, "pending"),
        lt(callRecordings.createdAt, new Date(now.getTime() - TRANSCRIPT_WAIT_MS)),
      ),
    )
    .returning({ id: callRecordings.id });
  return stale.length;
}
