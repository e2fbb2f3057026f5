import {
  ANALYTICS_RANGES,
  DEFAULT_ANALYTICS_RANGE,
  daysBetween,
  isCalendarDay,
  MAX_CUSTOM_RANGE_DAYS,
  type RangeRequest,
} from "@poundline/domain/calendar-ranges";
import { z } from "zod";
import { line } from "../common";

export * from "@poundline/domain/calendar-ranges";

export const RANGE_MESSAGE = `Choose one of ${ANALYTICS_RANGES.join(", ")}.`;
export const DAY_MESSAGE = "Enter a date as YYYY-MM-DD.";
export const CUSTOM_DAYS_REQUIRED_MESSAGE = "A custom range needs a start and an end date.";
export const RANGE_ORDER_MESSAGE = "The end date must not be before the start date.";
export const RANGE_SPAN_MESSAGE = `A custom range spans at most ${MAX_CUSTOM_RANGE_DAYS} days.`;
/** How many top callers, area codes and states the screen lists. */
export const TOP_LIMIT = 10;

const calendarDay = line(DAY_MESSAGE).refine(isCalendarDay, DAY_MESSAGE);

/**
 * `GET /api/analytics?range=…&from=…&to=…`: a named range, or `custom` with two calendar days
 * (both included) in the account's time zone. `from` and `to` are ignored for a named range.
 */
export const analyticsQuerySchema = z
  .object({
    range: z.enum(ANALYTICS_RANGES, { error: RANGE_MESSAGE }).default(DEFAULT_ANALYTICS_RANGE),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.range !== "custom") return;
    if (!query.from) ctx.addIssue({ code: "custom", path: ["from"], message: CUSTOM_DAYS_REQUIRED_MESSAGE });
    if (!query.to) ctx.addIssue({ code: "custom", path: ["to"], message: CUSTOM_DAYS_REQUIRED_MESSAGE });
    // Zod refines the whole even when a field failed: compare only two real days.
    if (!query.from || !query.to || !isCalendarDay(query.from) || !isCalendarDay(query.to)) return;
    if (query.to < query.from) ctx.addIssue({ code: "custom", path: ["to"], message: RANGE_ORDER_MESSAGE });
    else if (daysBetween(query.from, query.to) > MAX_CUSTOM_RANGE_DAYS)
      ctx.addIssue({ code: "custom", path: ["to"], message: RANGE_SPAN_MESSAGE });
  });
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

/** The range a valid query asks for. */
export function rangeRequestOf(query: AnalyticsQuery): RangeRequest {
  if (query.range === "custom") return { range: "custom", from: query.from ?? "", to: query.to ?? "" };
  return { range: query.range };
}

const count = z.number().int().nonnegative();

export const analyticsTotalsSchema = z.object({
  total: count,
  inbound: count,
  outbound: count,
  /** Calls completed (someone or something took them). */
  answered: count,
  /** Calls nobody took: missed, voicemail, no answer, busy, canceled. */
  missed: count,
  /** answered / total, 0 to 1; null without calls. */
  answerRate: z.number().nullable(),
  /** missed / total, 0 to 1; null without calls. */
  missedRate: z.number().nullable(),
  /** Average talk time of the answered calls, in seconds (rounded); null without one. */
  averageDurationSeconds: z.number().int().nullable(),
  totalDurationSeconds: count,
});

export const analyticsResponseSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  /** First and last day of the range (both included) in the account's time zone. */
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** The instants the range covers: [start, end). */
  start: z.string(),
  end: z.string(),
  totals: analyticsTotalsSchema,
  /** One entry per day of the range, days without calls included. */
  daily: z.array(z.object({ day: z.string(), inbound: count, outbound: count, missed: count })),
  /** Calls by weekday (0 Sunday … 6 Saturday) and hour (0–23) in the time zone; 168 cells. */
  busiestHours: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), calls: count })),
  /** The numbers that called in most, most first. */
  topCallers: z.array(
    z.object({
      number: z.string(),
      contactId: z.string().nullable(),
      name: z.string().nullable(),
      calls: count,
    }),
  ),
  /** Inbound callers' area codes (North American numbers), most calls first. */
  topAreaCodes: z.array(z.object({ areaCode: z.string(), region: z.string().nullable(), calls: count })),
  /** Inbound callers' states and provinces, from their area codes, most calls first. */
  topStates: z.array(z.object({ region: z.string(), calls: count })),
  /** Calls put through to each of the account's extensions. */
  extensions: z.array(
    z.object({
      extensionId: z.string(),
      extensionNumber: z.number().int(),
      name: z.string(),
      calls: count,
      answered: count,
      missed: count,
      averageDurationSeconds: z.number().int().nullable(),
    }),
  ),
});
export type AnalyticsResponse = z.output<typeof analyticsResponseSchema>;
