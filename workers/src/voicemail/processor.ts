import type { JobPayload, Processor } from "../jobs";
import { processVoicemail, type VoicemailPorts } from "./process-voicemail";
import { createLocalRecordingStorage, type RecordingStorage } from "./storage";

/** What process-voicemail needs beyond the job ports every processor receives. */
export type VoicemailDeps = Omit<VoicemailPorts, "db" | "log" | "clock">;

/** The `voicemail/process-voicemail` processor, for `createProcessors({ voicemail: { … } })`. */
export function voicemailProcessor(
  deps: VoicemailDeps,
): Processor<JobPayload<"voicemail", "process-voicemail">> {
  return (ports, payload) => processVoicemail({ ...deps, ...ports }, payload);
}

/**
 * The recording storage of the environment: files under RECORDING_STORAGE_DIR, or DATA_DIR
 * (default ./data), as `recordings/{accountId}/{RecordingSid}.wav`.
 */
export function recordingStorageFromEnv(env: Record<string, string | undefined>): RecordingStorage {
  const root = env.RECORDING_STORAGE_DIR?.trim() || env.DATA_DIR?.trim() || "./data";
  return createLocalRecordingStorage(root);
}
