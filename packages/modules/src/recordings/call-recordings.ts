import { type Database, isForeignKeyViolation, newId, schema } from "@poundline/db";
import type { CallContext } from "@poundline/domain";
import { enqueue, type OutboxWriter } from "@poundline/platform/outbox";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { carrierTranscriptStatus } from "./carrier-transcripts";

const { callLogs, callRecordings } = schema;

/** A carrier's RecordingSid: `RE` and 32 hex digits (it names our stored object, so nothing else passes). */
const RECORDING_SID = /^RE[0-9a-f]{32}$/i;
/** The RecordingSource of a recording the `<Conference record>` of a call room made. */
const CONFERENCE_SOURCE = "StartConferenceVerb";
/** A carrier's CallSid. */
const CALL_SID = /^CA[0-9a-f]{32}$/i;

/** A recorded call's recording, as the carrier's recording status callback delivers it. */
export interface IncomingCallRecording {
  /** The call's context from our callback URL (signed by the carrier); null when unreadable. */
  context: CallContext | null;
  /** The call the recording belongs to when it is not the one that dialled (`p` of our URL). */
  callerCallSid: string | undefined;
  recordingSid: string | undefined;
  callSid: string | undefined;
  recordingUrl: string | undefined;
  /** The carrier's RecordingStatus; absent means completed. */
  status: string | undefined;
  durationSeconds: number;
  /** The carrier's RecordingChannels (1 or 2). */
  channels: number | undefined;
  /** The carrier's RecordingSource: a conference's (a call room's) or a `<Dial>`'s. */
  source: string | undefined;
  /** Who the first of two channels is (our callback URL says). */
  channelOne: "other" | "team";
  /** Whether the workers transcribe it (their transcriber is an HTTP service): pending, else off. */
  transcribed: boolean;
  /**
   * The carrier transcribes recorded calls (TRANSCRIBER=carrier): a call's own recording is
   * pending when its transcription was asked for, failed when the carrier refused or failed it,
   * else off (carrier-transcripts.ts).
   */
  carrierTranscribes?: boolean;
  /** Our clock's now: the month the recording's hours are metered in. */
  receivedAt: Date;
}

export type CallRecordingResult =
  | { ok: true; accountId: string; recordingSid: string; callSid: string }
  /** No context, a RecordingSid or CallSid not of the carrier's shape, no URL, or not completed: nothing kept. */
  | { ok: false; reason: "incomplete" | "not_completed" }
  | { ok: false; reason: "duplicate" | "account_gone"; accountId: string; recordingSid: string };

/** The job that fetches and stores a call's recording: one per RecordingSid. */
export const storeCallRecordingJob = (recordingSid: string) =>
  ({
    queue: "voicemail",
    name: "store-call-recording",
    jobId: `store-call-recording:${recordingSid}`,
  }) as const;

/**
 * The carrier's callback for a recorded call: the recording's row (once per RecordingSid: a
 * repeated delivery changes nothing) and the job that fetches, stores and deletes it at the
 * carrier, in one transaction. The account is the one our signed callback URL names; one deleted
 * meanwhile fails its foreign key and nothing is kept.
 */
export async function receiveCallRecording(
  outbox: OutboxWriter,
  input: IncomingCallRecording,
): Promise<CallRecordingResult> {
  const { context, recordingSid, recordingUrl } = input;
  const callSid = input.callerCallSid ?? input.callSid;
  if (!context || !recordingSid || !RECORDING_SID.test(recordingSid) || !recordingUrl)
    return { ok: false, reason: "incomplete" };
  if (!callSid || !CALL_SID.test(callSid)) return { ok: false, reason: "incomplete" };
  if ((input.status ?? "completed") !== "completed") return { ok: false, reason: "not_completed" };
  const { accountId } = context;
  const source = input.source === CONFERENCE_SOURCE ? "room" : "call";
  const transcriptionStatus = input.transcribed
    ? "pending"
    : input.carrierTranscribes && source === "call"
      ? carrierTranscriptStatus(accountId, callSid)
      : "off";
  const outcome = await outbox
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(callRecordings)
        .values({
          id: newId("callRecording"),
          accountId,
          callSid,
          recordingSid,
          recordingUrl,
          durationSeconds: input.durationSeconds,
          channels: input.channels === 2 ? 2 : 1,
          source,
          channelOne: input.channelOne,
          transcriptionStatus,
          createdAt: input.receivedAt,
        })
        .onConflictDoNothing({ target: callRecordings.recordingSid })
        .returning({ id: callRecordings.id });
      if (!row) return "duplicate" as const;
      await enqueue(tx, storeCallRecordingJob(recordingSid), { callRecordingId: row.id });
      return "stored" as const;
    })
    .catch((error: unknown) => {
      if (!isForeignKeyViolation(error)) throw error;
      return "account_gone" as const;
    });
  if (outcome !== "stored") return { ok: false, reason: outcome, accountId, recordingSid };
  return { ok: true, accountId, recordingSid, callSid };
}

/**
 * Whether the account's call (its log, `callLog`'s row in the query) has a stored recording: the
 * call history's player plays it rather than the call's voicemail.
 */
export function hasStoredRecording(accountId: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${callRecordings}
    where ${callRecordings.accountId} = ${accountId} and ${callRecordings.callSid} = ${callLogs.callSid}
      and ${callRecordings.status} = 'stored')`;
}

/** How many recordings the account's call (its log, `callLog`'s row in the query) has, whatever their state. */
export function recordingCount(accountId: string): SQL<number> {
  return sql<number>`(select count(*)::int from ${callRecordings}
    where ${callRecordings.accountId} = ${accountId} and ${callRecordings.callSid} = ${callLogs.callSid})`;
}

/**
 * How many days the account's call's recording was kept before its retention deleted it; null
 * when none was deleted (the call history says "Recording deleted after 90 days").
 */
export function daysKeptBeforeDeletion(accountId: string): SQL<number | null> {
  return sql<
    number | null
  >`(select floor(extract(epoch from ${callRecordings.deletedAt} - ${callRecordings.createdAt}) / 86400)::int
    from ${callRecordings}
    where ${callRecordings.accountId} = ${accountId} and ${callRecordings.callSid} = ${callLogs.callSid}
      and ${callRecordings.status} = 'deleted'
    order by ${callRecordings.createdAt} limit 1)`;
}

/**
 * The storage key of the account's call's recording (the first stored, when the call was
 * recorded more than once); null for another account's call, or one without a stored recording.
 */
export async function storedCallRecording(
  db: Database,
  accountId: string,
  callId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ key: callRecordings.storageKey })
    .from(callLogs)
    .innerJoin(
      callRecordings,
      and(eq(callRecordings.accountId, callLogs.accountId), eq(callRecordings.callSid, callLogs.callSid)),
    )
    .where(
      and(eq(callLogs.id, callId), eq(callLogs.accountId, accountId), eq(callRecordings.status, "stored")),
    )
    .orderBy(asc(callRecordings.createdAt), asc(callRecordings.id))
    .limit(1);
  return row?.key ?? null;
}

/** A recording of one of the account's calls, as the call history lists it. */
export type CallRecordingRow = Pick<
  typeof callRecordings.$inferSelect,
  | "id"
  | "source"
  | "status"
  | "durationSeconds"
  | "createdAt"
  | "deletedAt"
  | "transcriptionStatus"
  | "transcript"
>;

/**
 * The recordings of the account's call: the call's own, then its room's, each oldest first; null when the call is not the account's
 * (another account's call answers as one that does not exist).
 */
export async function recordingsOfCall(
  db: Database,
  accountId: string,
  callId: string,
): Promise<CallRecordingRow[] | null> {
  const [call] = await db
    .select({ callSid: callLogs.callSid })
    .from(callLogs)
    .where(and(eq(callLogs.id, callId), eq(callLogs.accountId, accountId)))
    .limit(1);
  if (!call) return null;
  return (
    db
      .select({
        id: callRecordings.id,
        source: callRecordings.source,
        status: callRecordings.status,
        durationSeconds: callRecordings.durationSeconds,
        createdAt: callRecordings.createdAt,
        deletedAt: callRecordings.deletedAt,
        transcriptionStatus: callRecordings.transcriptionStatus,
        transcript: callRecordings.transcript,
      })
      .from(callRecordings)
      .where(and(eq(callRecordings.accountId, accountId), eq(callRecordings.callSid, call.callSid)))
      // The call's own recording ends as it moves into its room, whichever the carrier posts first.
      .orderBy(asc(callRecordings.source), asc(callRecordings.createdAt), asc(callRecordings.id))
  );
}

/**
 * One stored recording of the account's call: its storage key and what names its file (when the
 * call started, who called); null for another account's, another call's, or one not stored.
 */
export async function storedRecordingOfCall(
  db: Database,
  accountId: string,
  callId: string,
  recordingId: string,
): Promise<{ key: string; startedAt: Date; from: string } | null> {
  const [row] = await db
    .select({ key: callRecordings.storageKey, startedAt: callLogs.callStartTime, from: callLogs.fromNumber })
    .from(callLogs)
    .innerJoin(
      callRecordings,
      and(eq(callRecordings.accountId, callLogs.accountId), eq(callRecordings.callSid, callLogs.callSid)),
    )
    .where(
      and(
        eq(callLogs.id, callId),
        eq(callLogs.accountId, accountId),
        eq(callRecordings.id, recordingId),
        eq(callRecordings.status, "stored"),
      ),
    )
    .limit(1);
  return row?.key ? { key: row.key, startedAt: row.startedAt, from: row.from } : null;
}
