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
