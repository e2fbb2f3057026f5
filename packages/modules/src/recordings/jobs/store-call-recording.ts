import { schema } from "@poundline/db";
import type { CarrierRecordings } from "@poundline/platform/carrier/recordings";
import type { JobOutcome, JobPayload, JobPorts, Processor } from "@poundline/platform/queue/jobs";
import { storageKeys } from "@poundline/platform/storage/keys";
import type { FileStorage } from "@poundline/platform/storage/port";
import { and, eq } from "drizzle-orm";
import { type CarrierAccess, downloadRecording, RecordingDownloadError } from "../download";
import { meterStoredRecording, type RecordingMeterDeps } from "../metering";

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
}

export type CallRecordingPorts = JobPorts & CallRecordingDeps;

type CallRecordingRow = typeof callRecordings.$inferSelect;

/**
 * Fetches a recorded call's recording, stores it (`accounts/<account>/call-recordings/<sid>.wav`),
 * marks it stored, then deletes it at the carrier: never before ours is stored. Each step records
 * its result before the next, so a run after a crash carries on where the last one stopped. A
 * failed download throws (the queue retries) and changes nothing; a recording the carrier no
 * longer has (404) is marked failed. Skipped: a row that is gone, failed, or done.
 */
export async function storeCallRecording(
  ports: CallRecordingPorts,
  payload: JobPayload<"voicemail", "store-call-recording">,
): Promise<JobOutcome> {
  const { db, log } = ports;
  const [found] = await db
    .select()
    .from(callRecordings)
    .where(eq(callRecordings.id, payload.callRecordingId))
    .limit(1);
  if (!found || found.status === "failed" || found.carrierDeletedAt) return "skipped";
  const stored = found.status === "stored" ? found : await fetchAndStore(ports, found);
  if (!stored) return "skipped";
  await meterStoredRecording(ports, stored.accountId);
  if (!(await ports.recordings.deleteRecording(stored.recordingSid))) {
    log.warn(
      { recordingSid: stored.recordingSid },
      "no carrier to ask: the recording is left at the carrier",
    );
    return "done";
  }
  await db
    .update(callRecordings)
    .set({ carrierDeletedAt: ports.clock() })
    .where(eq(callRecordings.id, stored.id));
  log.info({ callRecordingId: stored.id, recordingSid: stored.recordingSid }, "call recording stored");
  return "done";
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
  const [stored] = await ports.db
    .update(callRecordings)
    .set({ status: "stored", storageKey: key, storedAt: ports.clock() })
    .where(eq(callRecordings.id, row.id))
    .returning();
  return stored ?? null;
}

/** The `voicemail/store-call-recording` processor, for `createProcessors({ voicemail: { … } })`. */
export function callRecordingProcessor(
  deps: CallRecordingDeps,
): Processor<JobPayload<"voicemail", "store-call-recording">> {
  return (ports, payload) => storeCallRecording({ ...deps, ...ports }, payload);
}
