import { callDirections, callStatuses } from "@poundline/db/enums";
import { z } from "zod";
import { line, multilineText, text, timestampSchema } from "../http/schemas";

/** Seed 001: call history pages hold 10 calls. */
export const CALL_HISTORY_PAGE_SIZE = 10;
export const CALL_NOT_FOUND_MESSAGE = "Call not found";
export const CALL_LIMITS = { search: 200, notes: 10_000, pageSize: 100 } as const;

/** The direction filter of the call history: a direction, or the calls nobody answered. */
export const callHistoryDirections = ["all", "inbound", "outbound", "missed"] as const;
export type CallHistoryDirection = (typeof callHistoryDirections)[number];

/** Statuses of an inbound call that nobody answered: what the "missed" filter shows. */
export { missedCallStatuses as MISSED_CALL_STATUSES } from "@poundline/db/enums";

export const callIdSchema = z.string().regex(/^call_[a-z0-9]{1,64}$/, "Invalid call id.");
export const callParamsSchema = z.object({ id: callIdSchema });

const emptyAsAbsent = (value: unknown) => (value === "" ? undefined : value);
const wholeNumber = (min: number, max?: number) => {
  let n = z.coerce.number({ error: "Must be a whole number." }).int("Must be a whole number.");
  n = n.min(min, `Must be at least ${min}.`);
  return max === undefined ? n : n.max(max, `Must be at most ${max}.`);
};

export const DAY_MESSAGE = "Enter a date as YYYY-MM-DD.";

/** GET /api/calls: search, direction, one day (in the account's time zone), page (1-based). */
export const listCallsQuerySchema = z.object({
  q: z.preprocess(
    emptyAsAbsent,
    line().max(CALL_LIMITS.search, `Must be at most ${CALL_LIMITS.search} characters.`).optional(),
  ),
  direction: z.preprocess(
    emptyAsAbsent,
    z
      .enum(callHistoryDirections, { error: `Must be one of: ${callHistoryDirections.join(", ")}.` })
      .default("all"),
  ),
  date: z.preprocess(
    emptyAsAbsent,
    text()
      .pipe(z.iso.date({ error: DAY_MESSAGE }))
      .refine((day) => {
        const year = Number(day.slice(0, 4));
        return year >= 1900 && year <= 2100;
      }, "Must be a date between the years 1900 and 2100.")
      .optional(),
  ),
  page: wholeNumber(1, 1_000_000).default(1),
  pageSize: wholeNumber(1, CALL_LIMITS.pageSize).default(CALL_HISTORY_PAGE_SIZE),
});

/** PATCH /api/calls/:id: the call's notes; empty or null clears them. */
export const updateCallBodySchema = z.object(
  {
    notes: multilineText("Must be text.")
      .max(CALL_LIMITS.notes, `Must be at most ${CALL_LIMITS.notes} characters.`)
      .nullable()
      .transform((value) => value || null),
  },
  { error: "Expected a JSON object with the call's notes." },
);

export const callLogSchema = z.object({
  id: z.string(),
  direction: z.enum(callDirections),
  fromNumber: z.string(),
  toNumber: z.string(),
  callStartTime: timestampSchema,
  durationSeconds: z.number().int(),
  callStatus: z.enum(callStatuses),
  notes: z.string().nullable(),
  contactId: z.string().nullable(),
  contactName: z.string().nullable(),
  /** Where the call's recording plays from (its voicemail's audio), or null when it has none. */
  recordingUrl: z.string().nullable(),
  /** Calls to a shared pound-code number: the rule that routed it (null: the default licensee) and the caller location used. */
  route: z
    .object({
      poundCode: z.string().nullable(),
      rule: z
        .object({ locationType: z.string(), locationValue: z.string(), priority: z.number().int() })
        .nullable(),
      location: z
        .object({
          country: z.string().nullable(),
          regions: z.array(z.string()),
          areaCode: z.string().nullable(),
          postalCode: z.string().optional(),
        })
        .nullable(),
    })
    .nullable(),
});

export const callListSchema = z.object({
  calls: z.array(callLogSchema),
  /** The count of the calls matching the filters: exact when totalExact, else a lower bound. */
  total: z.number().int(),
  /** False when more than `total` calls match (the count stops at a bound past the page). */
  totalExact: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The IANA time zone the day filter is read in. */
  timeZone: z.string(),
});

export type ListCallsQuery = z.output<typeof listCallsQuerySchema>;
export type ListCallsInput = z.input<typeof listCallsQuerySchema>;
export type UpdateCallBody = z.output<typeof updateCallBodySchema>;
export type CallLog = z.output<typeof callLogSchema>;
export type CallLogJson = z.input<typeof callLogSchema>;
export type CallListJson = z.input<typeof callListSchema>;

export const updatedCallSchema = z.object({ id: z.string(), notes: z.string().nullable() });
