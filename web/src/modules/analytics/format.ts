import type { AnalyticsRange } from "@poundline/domain/calendar-ranges";

/** What the range select shows for each of seed 001's ranges. */
export const RANGE_LABELS: Record<AnalyticsRange, string> = {
  today: "Today",
  yesterday: "Yesterday",
  last7days: "Last 7 days",
  last30days: "Last 30 days",
  thismonth: "This month",
  custom: "Custom range",
};

export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

/** A rate (0 to 1) as a whole percentage; "—" without calls. */
export function formatRate(rate: number | null): string {
  return rate === null ? "—" : `${Math.round(rate * 100)}%`;
}

/** "2026-03-04" as "Mar 4" (the day is a calendar day: no time zone applies). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** Hour 0–23 as "12a", "1p"… for the heatmap's columns. */
export function formatHour(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}${hour < 12 ? "a" : "p"}`;
}
