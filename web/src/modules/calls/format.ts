import { formatDateTime } from "../../ui/format";

/**
 * The page numbers shown in the pagination: a window of `size` pages around `current`, slid to
 * stay within 1..`totalPages` (seed 001: 5 page buttons).
 */
export function pageWindow(current: number, totalPages: number, size = 5): number[] {
  if (totalPages < 1) return [];
  const count = Math.min(size, totalPages);
  const page = Math.min(Math.max(1, current), totalPages);
  const first = Math.min(Math.max(1, page - Math.floor(size / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => first + i);
}

/** "Nov 24, 2026, 3:05 PM" in the given time zone. */
export function formatCallTime(iso: string, timeZone: string): string {
  return formatDateTime(iso, timeZone);
}

/** What the history says of a recording the account's retention deleted. */
export const recordingDeletedText = (deleted: { afterDays: number }) =>
  `Recording deleted after ${deleted.afterDays} ${deleted.afterDays === 1 ? "day" : "days"}`;
