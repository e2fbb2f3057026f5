/** Pure pieces of the Voicemails screen. */

const dayKey = (at: Date) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, "0")}-${String(at.getDate()).padStart(2, "0")}`;

/** The label of a day: Today, Yesterday, or the date ("Mar 1, 2025"), in the browser's time zone. */
export function dayLabel(at: Date, now: Date): string {
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(at) === dayKey(now)) return "Today";
  if (dayKey(at) === dayKey(yesterday)) return "Yesterday";
  return at.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

/** Voicemails (newest first) grouped by day, in order. */
export function groupByDate<T extends { createdAt: Date | string }>(
  items: readonly T[],
  now: Date,
): { key: string; label: string; items: T[] }[] {
  const groups: { key: string; label: string; items: T[] }[] = [];
  for (const item of items) {
    const at = new Date(item.createdAt);
    const key = dayKey(at);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, label: dayLabel(at, now), items: [item] });
  }
  return groups;
}

/** 65 → "1:05". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * What the screen shows for a voicemail's text: the text, or why there is none (the row's
 * transcription status, see db/src/schema/enums.ts).
 */
export function transcriptionText(vm: { transcription: string | null; transcriptionStatus: string }): string {
  if (vm.transcription?.trim()) return vm.transcription;
  switch (vm.transcriptionStatus) {
    case "pending":
      return "Transcribing…";
    case "completed":
      return "No words were heard in this message.";
    case "failed":
      return "Transcription failed.";
    case "off":
      return "Transcription is off.";
    default:
      return "No transcription.";
  }
}
