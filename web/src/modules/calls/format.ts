import { formatDateTime } from "../../lib/format";

/** Seed 001: a call's duration as Xh Ym Zs, leading zero units left out ("1m 5s", "45s", "0s"). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h ${m}m ${s}s`;
  if (m > 0) return `${m}m ${s}s`;
  return `${s}s`;
}

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
