import { dayOf, formatDayLabel } from "../../ui/format";

/** Pure pieces of the Voicemails screen. */

/** The label of a day: Today, Yesterday, or the date ("Mar 1, 2025"), in the account's time zone. */
export function dayLabel(at: Date, now: Date, timeZone?: string): string {
  return formatDayLabel(at, now, timeZone);
}

/** Voicemails (newest first) grouped by day of the account's time zone, in order. */
export function groupByDate<T extends { createdAt: Date | string }>(
  items: readonly T[],
  now: Date,
  timeZone?: string,
): { key: string; label: string; items: T[] }[] {
  const groups: { key: string; label: string; items: T[] }[] = [];
  for (const item of items) {
    const key = dayOf(item.createdAt, timeZone);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, label: formatDayLabel(item.createdAt, now, timeZone), items: [item] });
  }
  return groups;
}

/**
 * Why a recording has no text, from its transcription status (packages/db/src/schema/enums.ts);
 * `nothingHeard` words a completed transcription that heard no words.
 */
export function whyNoText(transcriptionStatus: string, nothingHeard: string): string {
  switch (transcriptionStatus) {
    case "pending":
      return "Transcribing…";
    case "completed":
      return nothingHeard;
    case "failed":
      return "Transcription failed.";
    case "off":
      return "Transcription is off.";
    default:
      return "No transcription.";
  }
}

/** What the screen shows for a voicemail's text: the text, or why there is none. */
export function transcriptionText(vm: { transcription: string | null; transcriptionStatus: string }): string {
  if (vm.transcription?.trim()) return vm.transcription;
  return whyNoText(vm.transcriptionStatus, "No words were heard in this message.");
}
