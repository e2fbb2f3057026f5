import { contactSources, contactTypes, leadStatuses } from "@poundline/db/enums";
import { formatCalendarDay, formatDate, formatDateTime } from "../../ui/format";

const title = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export const leadStatusOptions = leadStatuses.map((value) => ({ value, label: title(value) }));
export const contactTypeOptions = contactTypes.map((value) => ({ value, label: title(value) }));
export const sourceOptions = contactSources.map((value) => ({ value, label: title(value) }));
export const labelOf = title;

export const leadStatusColor: Record<string, string> = {
  new: "blue",
  contacted: "cyan",
  qualified: "teal",
  proposal: "violet",
  negotiation: "orange",
  won: "green",
  lost: "red",
};
export const contactTypeColor: Record<string, string> = {
  lead: "yellow",
  client: "green",
  vendor: "grape",
  other: "gray",
};

/** "Nov 24, 2026"; a date-only value (a follow-up) is read as that calendar day. */
export function formatDay(iso: string | null): string {
  if (!iso) return "Never";
  return formatCalendarDay(iso);
}

/** "Nov 24, 2026, 3:05 PM" in the account's time zone. */
export function formatInstant(iso: string | null, timeZone?: string): string {
  if (!iso) return "Never";
  return formatDateTime(iso, timeZone);
}

/** "Nov 24, 2026" in the account's time zone: when something happened. */
export function formatLocalDay(iso: string | null, timeZone?: string): string {
  if (!iso) return "Never";
  return formatDate(iso, timeZone);
}
