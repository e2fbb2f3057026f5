import { formatDateTime } from "../../ui/format";

/** A rate 0..1 as a percentage with one decimal. */
export function formatRate(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

/** A timestamp, date and time, as the console writes them (the admin's own time zone). */
export function formatWhen(iso: string): string {
  return formatDateTime(iso);
}

/** Seed 001: the content list shows the first 70 characters of a value. */
export const VALUE_PREVIEW_LENGTH = 70;

/** A value cut to its first 70 characters, "..." marking the cut. */
export function previewOf(value: string): string {
  return value.length > VALUE_PREVIEW_LENGTH ? `${value.slice(0, VALUE_PREVIEW_LENGTH)}...` : value;
}
