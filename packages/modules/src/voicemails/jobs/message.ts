import type { OutgoingEmail } from "@poundline/platform/mailer";
import { formatDuration } from "../../notifications/format";

export const VOICEMAIL_TEMPLATE = "voicemail";

export interface VoicemailMessageInput {
  caller: string;
  /** The number called, with the extension when the voicemail was left for one. */
  to: string;
  durationSeconds: number;
  receivedAt: Date;
  transcriptionStatus: string;
  transcription: string | null;
  publicBaseUrl: string;
  /** The e-mail's recording: attached, or a link that plays it until it expires. */
  recording?: EmailRecording | undefined;
}

export type EmailRecording = { kind: "attached" } | { kind: "link"; url: string; expiresAt: Date };

function recordingLine(recording: EmailRecording | undefined): string[] {
  if (!recording) return [];
  if (recording.kind === "attached") return ["The recording is attached.", ""];
  return [`Listen to the recording (until ${recording.expiresAt.toISOString()}): ${recording.url}`, ""];
}

const link = (input: VoicemailMessageInput) => `${input.publicBaseUrl}/dashboard/voicemails`;

function transcriptionText(input: VoicemailMessageInput): string {
  if (input.transcriptionStatus === "completed")
    return input.transcription?.trim() || "(no words recognised)";
  if (input.transcriptionStatus === "pending")
    return "Transcription in progress: it will appear in the dashboard.";
  if (input.transcriptionStatus === "failed") return "The recording could not be transcribed.";
  if (input.transcriptionStatus === "off") return "Transcription is off.";
  return "No transcription.";
}

export function voicemailEmail(input: VoicemailMessageInput): Omit<OutgoingEmail, "to"> {
  return {
    subject: `New voicemail from ${input.caller} (${formatDuration(input.durationSeconds)})`,
    text: [
      `You have a new voicemail from ${input.caller}.`,
      "",
      `From: ${input.caller}`,
      `To: ${input.to}`,
      `Duration: ${formatDuration(input.durationSeconds)}`,
      `Received: ${input.receivedAt.toISOString()}`,
      "",
      "Transcription:",
      transcriptionText(input),
      "",
      ...recordingLine(input.recording),
      `Listen in the dashboard: ${link(input)}`,
    ].join("\n"),
    template: VOICEMAIL_TEMPLATE,
  };
}

const SMS_EXCERPT = 120;

export function voicemailText(input: VoicemailMessageInput): string {
  const text = input.transcriptionStatus === "completed" ? (input.transcription?.trim() ?? "") : "";
  const excerpt = text.length > SMS_EXCERPT ? `${text.slice(0, SMS_EXCERPT - 3)}...` : text;
  return [
    `New voicemail from ${input.caller} (${formatDuration(input.durationSeconds)})`,
    excerpt ? `: "${excerpt}"` : "",
    ` ${link(input)}`,
  ].join("");
}
