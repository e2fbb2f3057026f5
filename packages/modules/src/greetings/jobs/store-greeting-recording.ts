import { schema } from "@poundline/db";
import { sniffAudio } from "@poundline/domain";
import type { CarrierConfig } from "@poundline/platform/carrier/config";
import type { CarrierRecordings } from "@poundline/platform/carrier/recordings";
import type { JobOutcome, JobPayload, JobPorts, Processor } from "@poundline/platform/queue/jobs";
import {
  audioFileName,
  audioUrlOf,
  greetingAudio,
  ivrGreetingAudio,
  type UploadedAudio,
  uploadedAudioKeyOf,
} from "@poundline/platform/storage/audio-files";
import type { FileStorage } from "@poundline/platform/storage/port";
import { and, eq } from "drizzle-orm";
import { greetingRecordingInUse, setGreetingRecording } from "../../ivr/menus";
import { type CarrierAccess, downloadRecording, RecordingDownloadError } from "../../recordings/download";
import { setGreeting } from "../greetings";
import type { GreetingCallRow } from "../phone-calls";

const { greetingCalls } = schema;

/** What the greeting recordings' processors need beyond the job ports. */
export interface GreetingRecordingDeps {
  /** Where our copy goes (the storage port: local disk or S3). */
  storage: FileStorage;
  /** Downloads the recording (global fetch in production). */
  fetch: typeof fetch;
  /** The carrier's credentials, and our public base URL the stored greeting is played from. */
  carrier: CarrierAccess & Pick<CarrierConfig, "webhookBaseUrl">;
  /** Deletes the carrier's copy once ours is stored. */
  recordings: CarrierRecordings;
  /** A greeting changed: every API instance recompiles its routing tables. */
  greetingChanged: () => Promise<void>;
}

export type GreetingRecordingPorts = JobPorts & GreetingRecordingDeps;

const markFailed = (ports: GreetingRecordingPorts, id: string) =>
  ports.db
    .update(greetingCalls)
    .set({ status: "failed", updatedAt: ports.clock() })
    .where(and(eq(greetingCalls.id, id), eq(greetingCalls.status, "saving")));

/**
 * Makes the stored file the target's greeting; answers the URL it replaced (whose file goes when
 * nothing plays it any more), or false when the target is gone.
 */
async function setAsGreeting(ports: GreetingRecordingPorts, row: GreetingCallRow, url: string) {
  const now = ports.clock();
  if (row.targetType === "ivr_menu") {
    const saved = await setGreetingRecording(ports.db, row.accountId, row.targetId, url, now);
    if (!saved) return false;
    const replaced = saved.replaced;
    const unused = replaced && !(await greetingRecordingInUse(ports.db, row.accountId, replaced));
    return unused ? uploadedAudioKeyOf(ivrGreetingAudio, row.accountId, replaced) : null;
  }
  const owner =
    row.targetType === "number"
      ? ({ type: "number", id: row.targetId, slot: row.slot } as const)
      : ({ type: "extension", id: row.targetId, slot: "voicemail" } as const);
  const saved = await setGreeting(ports.db, row.accountId, owner, { kind: "audio", audioUrl: url }, now);
  if (!saved) return false;
  return uploadedAudioKeyOf(greetingAudio, row.accountId, saved.replaced);
}

/**
 * A greeting recorded by phone and saved (1 pressed): fetches the take, stores it through the
 * storage port, makes it the greeting (the one it replaces goes), marks the call saved, then
 * deletes the take at the carrier: never before ours is stored. A failed download throws (the
 * queue retries); a take the carrier no longer has, or a target gone meanwhile, marks the call
 * failed. Skipped: a call that is not being saved (done already, or never asked).
 */
export async function storeGreetingRecording(
  ports: GreetingRecordingPorts,
  payload: JobPayload<"voicemail", "store-greeting-recording">,
): Promise<JobOutcome> {
  const [row] = await ports.db
    .select()
    .from(greetingCalls)
    .where(eq(greetingCalls.id, payload.greetingCallId))
    .limit(1);
  if (row?.status !== "saving" || !row.recordingUrl || !row.recordingSid) return "skipped";
  let audio: Uint8Array;
  try {
    audio = await downloadRecording(ports, row.recordingUrl);
  } catch (err) {
    if (!(err instanceof RecordingDownloadError && err.status === 404)) throw err;
    ports.log.warn({ greetingCallId: row.id }, "the carrier has no such greeting recording: marked failed");
    await markFailed(ports, row.id);
    return "skipped";
  }
  const kind: UploadedAudio = row.targetType === "ivr_menu" ? ivrGreetingAudio : greetingAudio;
  const prefix = row.targetType === "ivr_menu" ? row.targetId : `${row.targetId}_${row.slot}`;
  const file = audioFileName(prefix, sniffAudio(audio) ?? "wav");
  const key = kind.key(row.accountId, file);
  await ports.storage.put(key, audio);
  const url = audioUrlOf(kind, ports.carrier.webhookBaseUrl, row.accountId, file);
  const replaced = await setAsGreeting(ports, row, url);
  if (replaced === false) {
    await ports.storage.delete(key);
    await markFailed(ports, row.id);
    return "skipped";
  }
  if (replaced) {
    await ports.storage
      .delete(replaced)
      .catch((err: unknown) => ports.log.warn({ err, key: replaced }, "replaced greeting not removed"));
  }
  await ports.db
    .update(greetingCalls)
    .set({ status: "saved", audioUrl: url, updatedAt: ports.clock() })
    .where(and(eq(greetingCalls.id, row.id), eq(greetingCalls.status, "saving")));
  await ports.greetingChanged();
  if (!(await ports.recordings.deleteRecording(row.recordingSid)))
    ports.log.warn({ recordingSid: row.recordingSid }, "no carrier to ask: the take is left at the carrier");
  ports.log.info({ greetingCallId: row.id, target: row.targetId }, "greeting recorded by phone stored");
  return "done";
}

/** A take not kept (recorded again, or the call hung up): deleted at the carrier. */
export async function discardGreetingTake(
  ports: GreetingRecordingPorts,
  payload: JobPayload<"voicemail", "discard-greeting-take">,
): Promise<JobOutcome> {
  return (await ports.recordings.deleteRecording(payload.recordingSid)) ? "done" : "skipped";
}

/** The greeting recordings' processors, for `createProcessors({ voicemail: { … } })`. */
export function greetingRecordingProcessors(deps: GreetingRecordingDeps): {
  "store-greeting-recording": Processor<JobPayload<"voicemail", "store-greeting-recording">>;
  "discard-greeting-take": Processor<JobPayload<"voicemail", "discard-greeting-take">>;
} {
  return {
    "store-greeting-recording": (ports, payload) => storeGreetingRecording({ ...deps, ...ports }, payload),
    "discard-greeting-take": (ports, payload) => discardGreetingTake({ ...deps, ...ports }, payload),
  };
}
