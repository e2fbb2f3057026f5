import type { Voicemail } from "@poundline/contracts/voicemails/schemas";
import type { CsvCell } from "@poundline/platform/csv";

export const VOICEMAIL_CSV_HEADER = [
  "Date",
  "From",
  "Contact",
  "To",
  "Duration (seconds)",
  "Status",
  "Transcription",
] as const;

/** The voicemails as CSV rows, one each, dates in ISO 8601 (UTC). */
export function voicemailRows(voicemails: readonly Voicemail[]): CsvCell[][] {
  return voicemails.map((vm) => [
    vm.createdAt.toISOString(),
    vm.fromNumber,
    vm.contactName,
    vm.toNumber,
    vm.durationSeconds,
    vm.status,
    vm.transcription,
  ]);
}
