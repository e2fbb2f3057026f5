import { type Database, isForeignKeyViolation, schema } from "@poundline/db";
import {
  heardTurns,
  readTranscriptionEvent,
  type TrackSpeaker,
  type TranscriptionEvent,
} from "@poundline/domain/realtime-transcript";
import type { CarrierTranscriptions } from "@poundline/platform/carrier/transcriptions";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { saveCallTranscript } from "./transcribe-call";

const { callRecordings, callTranscriptions, callTranscriptTexts } = schema;

interface WarnLog {
  warn(obj: object, msg: string): void;
}

export interface TranscriptionAskPorts {
  db: Database;
  transcriptions: CarrierTranscriptions;
  log: WarnLog;
}

export type TranscriptionAsk = "asked" | "already_asked" | "failed" | "account_gone";

/**
 * Asks the carrier to transcribe a recorded call (`TRANSCRIBER=carrier`), once per call: the row
 * says it was asked before the request goes (a repeated answer of the leg asks nothing), and keeps
 * the carrier's TranscriptionSid, or `failed` when the carrier refused (the recording is then not
 * waiting for a transcript: it is stored as "off").
 */
export async function askCarrierTranscription(
  ports: TranscriptionAskPorts,
  call: { accountId: string; callSid: string; statusCallbackUrl: string },
): Promise<TranscriptionAsk> {
  const { db } = ports;
  const mine = and(
    eq(callTranscriptions.accountId, call.accountId),
    eq(callTranscriptions.callSid, call.callSid),
  );
  const inserted = await db
    .insert(callTranscriptions)
    .values({ accountId: call.accountId, callSid: call.callSid })
    .onConflictDoNothing()
    .returning({ callSid: callTranscriptions.callSid })
    .catch((error: unknown) => {
      if (!isForeignKeyViolation(error)) throw error;
      return null;
    });
  if (inserted === null) return "account_gone";
  if (inserted.length === 0) return "already_asked";
  try {
    const { sid } = await ports.transcriptions.startTranscription(call.callSid, {
      statusCallbackUrl: call.statusCallbackUrl,
    });
    // Its first event may have come first and said the sid already.
    await db
      .update(callTranscriptions)
      .set({ transcriptionSid: sid })
      .where(and(mine, isNull(callTranscriptions.transcriptionSid)));
    return "asked";
  } catch (err) {
    ports.log.warn({ err, callSid: call.callSid }, "the carrier did not start the call's transcription");
    await db
      .update(callTranscriptions)
      .set({ status: "failed" })
      .where(and(mine, eq(callTranscriptions.status, "requested")));
    return "failed";
  }
}

/**
 * Where a recording of the account's call stands as it arrives, with TRANSCRIBER=carrier: pending
 * when its transcription was asked for, failed when the carrier refused or failed it, else off.
 */
export const carrierTranscriptStatus = (accountId: string, callSid: string) =>
  sql<"pending" | "failed" | "off">`coalesce((select case when ${callTranscriptions.status} = 'failed'
      then 'failed' else 'pending' end from ${callTranscriptions}
    where ${callTranscriptions.accountId} = ${accountId} and ${callTranscriptions.callSid} = ${callSid}), 'off')`;

export type TranscriptionEventResult =
  | { kept: true; event: Exclude<TranscriptionEvent["kind"], "ignored">; settled: boolean }
  /** Ignored, or not a transcription this account asked for (another account's, or unknown). */
  | { kept: false; reason: "ignored" | "unknown" };

/**
 * One event of the carrier's real-time transcription (its callback, signed, our URL naming the
 * account and who the inbound track is). Only a transcription the account asked for, of that
 * call, is written to; each final text is kept once (TranscriptionSid and SequenceId), so a
 * repeated delivery changes nothing. Its end settles the call's recording's transcript when the
 * recording is there already; else the recording's callback does (settleCarrierTranscript).
 */
export async function receiveTranscriptionEvent(
  db: Database,
  input: { accountId: string; inbound: TrackSpeaker; params: Record<string, string | undefined> },
): Promise<TranscriptionEventResult> {
  const event = readTranscriptionEvent(input.params, input.inbound);
  if (event.kind === "ignored") return { kept: false, reason: "ignored" };
  const { accountId } = input;
  const { callSid, transcriptionSid } = event;
  // The account's transcription of this call: its sid bound by the carrier's answer or first event.
  const [owned] = await db
    .update(callTranscriptions)
    .set({
      transcriptionSid: sql`coalesce(${callTranscriptions.transcriptionSid}, ${transcriptionSid})`,
      ...(event.kind === "started" && event.at
        ? {
            startedAt: sql`coalesce(${callTranscriptions.startedAt}, ${event.at.toISOString()}::timestamptz)`,
          }
        : {}),
      ...(event.kind === "failed" ? { status: "failed" as const } : {}),
      ...(event.kind === "stopped"
        ? {
            status: sql`case when ${callTranscriptions.status} = 'failed' then 'failed' else 'stopped' end`,
            stoppedAt: sql`coalesce(${callTranscriptions.stoppedAt}, now())`,
            stoppedSequenceId: event.sequenceId,
          }
        : {}),
    })
    .where(
      and(
        eq(callTranscriptions.accountId, accountId),
        eq(callTranscriptions.callSid, callSid),
        sql`(${callTranscriptions.transcriptionSid} is null or ${callTranscriptions.transcriptionSid} = ${transcriptionSid})`,
      ),
    )
    .returning({ status: callTranscriptions.status });
  if (!owned) return { kept: false, reason: "unknown" };
  if (event.kind === "content") {
    await db
      .insert(callTranscriptTexts)
      .values({
        accountId,
        callSid,
        transcriptionSid,
        sequenceId: event.sequenceId,
        speaker: event.speaker,
        text: event.text,
        spokenAt: event.at,
      })
      .onConflictDoNothing();
  }
  if (event.kind === "failed") await failCarrierTranscript(db, accountId, callSid);
  // The end, or a text delivered after it (the carrier's callbacks may cross): settled once all are in.
  const settled =
    event.kind === "stopped" || event.kind === "content"
      ? await settleCarrierTranscript(db, accountId, callSid)
      : false;
  return { kept: true, event: event.kind, settled };
}

/** The call's `<Dial>` recordings waiting for the carrier's transcript, oldest first. */
const recordingsWaiting = (db: Database, accountId: string, callSid: string) =>
  db
    .select({ id: callRecordings.id, accountId: callRecordings.accountId, callSid: callRecordings.callSid })
    .from(callRecordings)
    .where(
      and(
        eq(callRecordings.accountId, accountId),
        eq(callRecordings.callSid, callSid),
        eq(callRecordings.source, "call"),
        eq(callRecordings.transcriptionStatus, "pending"),
      ),
    )
    .orderBy(asc(callRecordings.createdAt));

/** The carrier failed the call's transcription: its recording waiting for it says so. */
async function failCarrierTranscript(db: Database, accountId: string, callSid: string): Promise<void> {
  for (const recording of await recordingsWaiting(db, accountId, callSid))
    await saveCallTranscript(db, recording, { status: "failed", error: "carrier" });
}

/**
 * Whether every text sent before the transcription's end has arrived: the end's SequenceId counts
 * the start, the texts and itself (final texts only: partial results are never asked for). Without
 * a SequenceId the end settles with what there is.
 */
export const allTextsIn = (stoppedSequenceId: number | null, texts: number) =>
  stoppedSequenceId === null || texts >= stoppedSequenceId - 2;

/**
 * The carrier's transcript onto the call's recording (its `<Dial>`'s, source `call`), once both
 * are there: the transcription stopped and the recording's row waits (pending). Called by
 * whichever comes second, and harmless from the first: the transcript settles once
 * (saveCallTranscript).
 */
export async function settleCarrierTranscript(
  db: Database,
  accountId: string,
  callSid: string,
): Promise<boolean> {
  const [transcription] = await db
    .select()
    .from(callTranscriptions)
    .where(
      and(
        eq(callTranscriptions.accountId, accountId),
        eq(callTranscriptions.callSid, callSid),
        eq(callTranscriptions.status, "stopped"),
      ),
    );
  if (!transcription) return false;
  const [recording] = await recordingsWaiting(db, accountId, callSid).limit(1);
  if (!recording) return false;
  const texts = await db
    .select()
    .from(callTranscriptTexts)
    .where(and(eq(callTranscriptTexts.accountId, accountId), eq(callTranscriptTexts.callSid, callSid)));
  // The events before the end are its start and its texts: a text still on its way waits for its turn.
  if (!allTextsIn(transcription.stoppedSequenceId, texts.length)) return false;
  const turns = heardTurns(texts, transcription.startedAt);
  await saveCallTranscript(db, recording, { status: "completed", turns });
  return true;
}
