import type { CallContext } from "@poundline/domain";
import type { LiveEvent } from "@poundline/platform/events/live";
import type { TranscriberKind } from "@poundline/platform/transcription";

/** A finished voicemail recording, as the carrier's recording callback delivers it. */
export interface IncomingRecording {
  /** The call's context from our callback URL (signed by the carrier); null when unreadable. */
  context: CallContext | null;
  recordingSid: string | undefined;
  callSid: string | undefined;
  recordingUrl: string | undefined;
  /** The carrier's RecordingStatus; absent means completed. */
  status: string | undefined;
  durationSeconds: number;
  /** The caller, kept as the carrier gave it (a withheld caller stays "Anonymous"). */
  from: string;
  to: string;
  /** The extension whose voicemail took the message, if any. */
  extensionId: string | null;
}

/** What is written for one recording, in one transaction. */
export interface VoicemailRecord {
  accountId: string;
  callSid: string;
  recordingSid: string;
  recordingUrl: string;
  durationSeconds: number;
  from: string;
  to: string;
  extensionId: string | null;
  /** "pending" while a transcriber (the carrier's or the workers') is to give its text; "off" without one. */
  transcriptionStatus: "pending" | "off";
}

/** Where voicemails are kept. */
export interface Voicemails {
  /**
   * The voicemail row, the call's log marked as a voicemail and the job that fetches, transcribes
   * and notifies, together: "stored"; "duplicate" when that RecordingSid is stored already
   * (nothing changes); "account_gone" when the account was deleted meanwhile (nothing is stored).
   */
  record(voicemail: VoicemailRecord): Promise<"stored" | "duplicate" | "account_gone">;
  /** The carrier's transcription of one of the account's recordings (null when it failed). */
  transcribed(accountId: string, recordingSid: string, transcription: string | null): Promise<void>;
}

export interface RecordingPorts {
  voicemails: Voicemails;
  /** Who transcribes recordings: the carrier (its callback follows), the workers, or nobody. */
  transcriber: TranscriberKind;
  /** Live views, best effort: never awaited. */
  publish(accountId: string, event: LiveEvent): void;
}

export type RecordingResult =
  | { ok: true; accountId: string; recordingSid: string }
  /** No context, RecordingSid, CallSid or URL, or a recording that did not complete: nothing to store. */
  | { ok: false; reason: "incomplete" | "not_completed" }
  | { ok: false; reason: "duplicate" | "account_gone"; accountId: string; recordingSid: string };

/**
 * Stores a voicemail recording once per RecordingSid, with the job that fetches, transcribes and
 * notifies (see Voicemails.record), and tells the account's live views. A voicemail makes no
 * contact: the caller is kept as the carrier gave it.
 */
export async function receiveRecording(
  ports: RecordingPorts,
  recording: IncomingRecording,
): Promise<RecordingResult> {
  const { context, recordingSid, callSid, recordingUrl } = recording;
  if (!context || !recordingSid || !callSid || !recordingUrl) return { ok: false, reason: "incomplete" };
  if ((recording.status ?? "completed") !== "completed") return { ok: false, reason: "not_completed" };
  const { accountId } = context;
  const outcome = await ports.voicemails.record({
    accountId,
    callSid,
    recordingSid,
    recordingUrl,
    durationSeconds: recording.durationSeconds,
    from: recording.from,
    to: recording.to,
    extensionId: recording.extensionId,
    transcriptionStatus: ports.transcriber === "none" ? "off" : "pending",
  });
  if (outcome !== "stored") return { ok: false, reason: outcome, accountId, recordingSid };
  ports.publish(accountId, {
    type: "voicemail.created",
    recordingSid,
    from: recording.from,
    durationSeconds: recording.durationSeconds,
  });
  return { ok: true, accountId, recordingSid };
}

/** The carrier's transcription callback: kept on the account's voicemail when it completed. */
export async function receiveTranscription(
  ports: Pick<RecordingPorts, "voicemails">,
  input: { context: CallContext | null; recordingSid: string | undefined; status: string; text: string },
): Promise<boolean> {
  if (!input.context || !input.recordingSid) return false;
  await ports.voicemails.transcribed(
    input.context.accountId,
    input.recordingSid,
    input.status === "completed" ? input.text : null,
  );
  return true;
}
