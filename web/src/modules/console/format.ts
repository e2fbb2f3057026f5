/** Seed 001's duration display: Xh Ym Zs, leading zero units left out. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return `${h}h ${m}m ${rest}s`;
  if (m > 0) return `${m}m ${rest}s`;
  return `${rest}s`;
}

/** "+12.5%" / "-3%" / "—" when there is nothing to compare with. */
export function formatChange(changePercent: number | null): string {
  if (changePercent === null) return "—";
  return `${changePercent > 0 ? "+" : ""}${changePercent}%`;
}

/** Whether a change is up, down or flat (the card's trend arrow). */
export function trendOf(changePercent: number | null): "up" | "down" | "flat" {
  if (changePercent === null || changePercent === 0) return "flat";
  return changePercent > 0 ? "up" : "down";
}
