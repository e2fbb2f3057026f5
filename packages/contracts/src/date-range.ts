import { z } from "zod";
import { text } from "./common";

/** The date ranges of the CSV exports (calls, messages, analytics): one check, one set of messages. */

/** The longest range an export covers. */
export const EXPORT_MAX_DAYS = 366;
export const EXPORT_RANGE_MESSAGES = {
  day: "Enter a date as YYYY-MM-DD.",
  order: "Must be on or after the start date.",
  length: `A range can cover at most ${EXPORT_MAX_DAYS} days.`,
} as const;

const dayOf = () =>
  text()
    .pipe(z.iso.date({ error: EXPORT_RANGE_MESSAGES.day }))
    .refine((day) => {
      const year = Number(day.slice(0, 4));
      return year >= 1900 && year <= 2100;
    }, "Must be a date between the years 1900 and 2100.");

/** Days from..to inclusive, in the account's time zone: `to` not before `from`, at most EXPORT_MAX_DAYS days. */
export const dateRangeQuery = {
  from: dayOf(),
  to: dayOf(),
};

/** Checks a from..to range, the messages on `to`. */
export function refineDateRange(range: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
  if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: EXPORT_RANGE_MESSAGES.order });
  else if (days > EXPORT_MAX_DAYS)
    ctx.addIssue({ code: "custom", path: ["to"], message: EXPORT_RANGE_MESSAGES.length });
}

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: an export's range and nothing else. */
export const dateRangeQuerySchema = z.object(dateRangeQuery).superRefine(refineDateRange);
export type DateRangeQuery = z.output<typeof dateRangeQuerySchema>;
