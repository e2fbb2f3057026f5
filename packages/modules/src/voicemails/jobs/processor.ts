import type { JobPayload, Processor } from "@poundline/platform/queue/jobs";
import { processVoicemail, type VoicemailPorts } from "./process-voicemail";

/** What process-voicemail needs beyond the job ports every processor receives. */
export type VoicemailDeps = Omit<VoicemailPorts, "db" | "log" | "clock">;

/** The `voicemail/process-voicemail` processor, for `createProcessors({ voicemail: { … } })`. */
export function voicemailProcessor(
  deps: VoicemailDeps,
): Processor<JobPayload<"voicemail", "process-voicemail">> {
  return (ports, payload) => processVoicemail({ ...deps, ...ports }, payload);
}
