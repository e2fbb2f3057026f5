import { toCsv } from "./csv";
import type { Voicemail } from "./schemas";

export const VOICEMAIL_CSV_HEADER = [
  "Date",
  "From",
  "Contact",
  "To",
  "Duration (seconds)",
  "Status",
  "Transcription",
] as const;

/** The voicemails as CSV, one row each, dates in ISO 8601 (UTC). */
export function voicemailsCsv(voicemails: readonly Voicemail[]): string {
  return toCsv(
    VOICEMAIL_CSV_HEADER,
    voicemails.map((vm) => [
      vm.createdAt.toISOString(),
      vm.fromNumber,
      vm.contactName,
      vm.toNumber,
      vm.durationSeconds,
      vm.status,
      vm.transcription,
    ]),
  );
}
