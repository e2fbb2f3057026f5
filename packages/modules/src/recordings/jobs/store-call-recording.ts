import { type Database, schema } from "@poundline/db";
import type { CarrierRecordings } from "@poundline/platform/carrier/recordings";
import type { JobOutcome, JobPayload, JobPorts, Processor } from "@poundline/platform/queue/jobs";
import { storageKeys } from "@poundline/platform/storage/keys";
import { type FileStorage, readStoredBytes } from "@poundline/platform/storage/port";
import { and, eq } from "drizzle-orm";
import type { Transcriber } from "../../voicemails/jobs/transcriber";
import { emitWebhookEvent } from "../../webhooks/emit";
import { type CarrierAccess, downloadRecording, RecordingDownloadError } from "../download";
import { meterStoredRecording, type RecordingMeterDeps } from "../metering";
import { saveCallTranscript, transcribeCall } from "../transcribe-call";

const { callRecordings } = schema;

/** What store-call-recording needs beyond the job ports every processor receives. */
export interface CallRecordingDeps extends RecordingMeterDeps {
  /** Where our copy goes (the storage port: local disk or S3). */
  storage: FileStorage;
  /** Downloads the recording (global fetch in production). */
  fetch: typeof fetch;
  carrier: CarrierAccess;
  /** Deletes the carrier's copy once ours is stored. */
  recordings: CarrierRecordings;
  /** Transcribes the call when it is an HTTP service's (the carrier's posts its own: carrier-transcripts.ts). */
  transcriber: Transcriber;
}

export type CallRecordingPorts = JobPorts & CallRecordingDeps;

type CallRecordingRow = typeof callRecordings.$inferSelect;

/**
 * Fetches a recorded call's recording, stores it (`accounts/<account>/call-recordings/<sid>.wav`),
 * marks it stored, then deletes it at the carrier: never before ours is stored; then transcribes
 * it. Each step records its result before the next, so a run after a crash carries on where the
 * last one stopped. A failed download throws (the queue retries) and changes nothing; a recording
 * the carrier no longer has (404) is marked failed. Skipped: a row that is gone, failed, or done.
 */
export async function storeCallRecording(
  ports: CallRecordingPorts,
  payload: JobPayload<"voicemail", "store-call-recording">,
): Promise<JobOutcome> {
  const { db } = ports;
  const [found] = await db
    .select()
    .from(callRecordings)
    .where(eq(callRecordings.id, payload.callRecordingId))
    .limit(1);
  if (!found || found.status === "failed" || found.status === "deleted") return "skipped";
  if (found.carrierDeletedAt && found.transcriptionStatus !== "pending") return "skipped";
  const stored = found.status === "stored" ? found : await fetchAndStore(ports, found);
  if (!stored) return "skipped";
  if (!stored.carrierDeletedAt && !(await meterAndDeleteAtCarrier(ports, stored))) return "done";
  // The carrier's transcript (TRANSCRIBER=carrier) comes by its callbacks, not from here.
  if (stored.transcriptionStatus === "pending" && ports.transcriber.provider === "http")
    await transcribeStored(ports, stored);
  return "done";
}

/** Meters the stored recording, then deletes the carrier's copy; false when no carrier could be asked. */
async function meterAndDeleteAtCarrier(
  ports: CallRecordingPorts,
  stored: CallRecordingRow,
): Promise<boolean> {
  const { db, log } = ports;
  await meterStoredRecording(ports, stored.accountId);
  if (!(await ports.recordings.deleteRecording(stored.recordingSid))) {
    log.warn(
      { recordingSid: stored.recordingSid },
      "no carrier to ask: the recording is left at the carrier",
    );
    return false;
  }
  await db
    .update(callRecordings)
    .set({ carrierDeletedAt: ports.clock() })
    .where(eq(callRecordings.id, stored.id));
  log.info({ callRecordingId: stored.id, recordingSid: stored.recordingSid }, "call recording stored");
  return true;
}

/** The call's transcript from our stored copy; a transcriber's failure is kept, never retried. */
async function transcribeStored(ports: CallRecordingPorts, stored: CallRecordingRow): Promise<void> {
  const audio = stored.storageKey ? await readStoredBytes(ports.storage, stored.storageKey) : null;
  if (!audio) throw new Error(`call recording ${stored.id}: stored object missing`);
  const transcript = await transcribeCall(ports.transcriber, stored, audio);
  if (transcript.status === "failed")
    ports.log.warn(
      { recordingSid: stored.recordingSid, error: transcript.error },
      "call transcription failed",
    );
  await saveCallTranscript(ports.db, stored, transcript);
}

/** Our copy, stored and marked so; null when the carrier has none (marked failed) or the row went. */
async function fetchAndStore(
  ports: CallRecordingPorts,
  row: CallRecordingRow,
): Promise<CallRecordingRow | null> {
  let audio: Uint8Array;
  try {
    audio = await downloadRecording(ports, row.recordingUrl);
  } catch (err) {
    if (!(err instanceof RecordingDownloadError && err.status === 404)) throw err;
    ports.log.warn({ recordingSid: row.recordingSid }, "the carrier has no such recording: marked failed");
    await ports.db
      .update(callRecordings)
      .set({ status: "failed" })
      .where(and(eq(callRecordings.id, row.id), eq(callRecordings.status, "pending")));
    return null;
  }
  const key = storageKeys.callRecording(row.accountId, row.recordingSid);
  await ports.storage.put(key, audio);
  // Only the run that moves the row from pending emits and carries on: a concurrent one matches
  // nothing and is skipped (the winner meters and deletes).
  return ports.db.transaction(async (tx) => {
    const [stored] = await tx
      .update(callRecordings)
      .set({ status: "stored", storageKey: key, storedAt: ports.clock() })
      .where(and(eq(callRecordings.id, row.id), eq(callRecordings.status, "pending")))
      .returning();
    if (stored) await emitRecordingAvailable(tx, stored, ports.clock());
    return stored ?? null;
  });
}

/** `recording.available`, in the transaction that marks our copy stored. */
function emitRecordingAvailable(tx: Database, stored: CallRecordingRow, at: Date) {
  const data = {
    id: stored.id,
    callSid: stored.callSid,
    recordingSid: stored.recordingSid,
    links: { self: `/v1/recordings/${stored.id}` },
  };
  return emitWebhookEvent(tx, { accountId: stored.accountId, type: "recording.available", at, data });
}

/** The `voicemail/store-call-recording` processor, for `createProcessors({ voicemail: { … } })`. */
export function callRecordingProcessor(
  deps: CallRecordingDeps,
): Processor<JobPayload<"voicemail", "store-call-recording">> {
  return (ports, payload) => storeCallRecording({ ...deps, ...ports }, payload);
}
