import { callDirections, callStatuses, messageDirections } from "@poundline/db/enums";
import { LAST_DAYS_WINDOW } from "@poundline/domain/calendar-ranges";
import { toE164 } from "@poundline/domain/phone";
import { z } from "zod";
import { line, timestampSchema } from "../common";

/** The bell: unread voicemails, unread inbound texts, support replies to the user's tickets not yet read. */
export const unreadCountsSchema = z.object({
  voicemails: z.number().int(),
  texts: z.number().int(),
  ticketReplies: z.number().int(),
  total: z.number().int(),
});

export const SEARCH_LIMITS = { min: 2, max: 100, perKind: 5 } as const;

export const searchQuerySchema = z.object({
  q: line("Enter something to search for.")
    .min(SEARCH_LIMITS.min, `Enter at least ${SEARCH_LIMITS.min} characters.`)
    .max(SEARCH_LIMITS.max, `Must be at most ${SEARCH_LIMITS.max} characters.`),
});

const direction = z.enum(callDirections);

export const searchResultsSchema = z.object({
  contacts: z.array(
    z.object({ id: z.string(), name: z.string(), phone: z.string(), company: z.string().nullable() }),
  ),
  calls: z.array(
    z.object({
      id: z.string(),
      direction,
      fromNumber: z.string(),
      toNumber: z.string(),
      callStatus: z.enum(callStatuses),
      callStartTime: timestampSchema,
      contactName: z.string().nullable(),
    }),
  ),
  messages: z.array(
    z.object({
      id: z.string(),
      direction: z.enum(messageDirections),
      fromNumber: z.string(),
      toNumber: z.string(),
      body: z.string(),
      sentAt: timestampSchema,
      contactName: z.string().nullable(),
    }),
  ),
});

/** One stat card: the last 30 days against the 30 before; change null when there was nothing before. */
const statSchema = z.object({
  value: z.number().int(),
  previous: z.number().int(),
  changePercent: z.number().nullable(),
});

/** The stat cards' window: the analytics' "last 30 days" (one definition, in analytics/ranges). */
export const STATS_WINDOW_DAYS = LAST_DAYS_WINDOW;

export const dashboardStatsSchema = z.object({
  windowDays: z.number().int(),
  totalCalls: statSchema,
  incoming: statSchema,
  outgoing: statSchema,
  missed: statSchema,
});

export const callSummarySchema = z.object({
  id: z.string(),
  callSid: z.string(),
  direction,
  fromNumber: z.string(),
  toNumber: z.string(),
  callStatus: z.enum(callStatuses),
  callStartTime: timestampSchema,
  answeredAt: timestampSchema.nullable(),
  durationSeconds: z.number().int(),
  contactName: z.string().nullable(),
});

export const RECENT_LIMIT = 5;

export const recentCallsSchema = z.object({ calls: z.array(callSummarySchema) });
/** A call ringing or in progress; `answeredOn`: where it was answered, from its leg in progress. */
export const activeCallSchema = callSummarySchema.extend({
  answeredOn: z.enum(["phone", "browser"]).nullable(),
});
export const activeCallsSchema = z.object({ calls: z.array(activeCallSchema) });

/** Callers in a ring group's line, in order per number: waiting, being rung for, or to call back. */
export const waitingCallersSchema = z.object({
  callers: z.array(
    z.object({
      callSid: z.string(),
      /** The caller's number, null when withheld. */
      from: z.string().nullable(),
      /** The number they called, whose line they are in. */
      numberE164: z.string(),
      /** Their place in that line, from 1. */
      position: z.number().int(),
      /** When they joined the line. */
      since: z.string(),
      /** A member's phone is ringing for them. */
      ringing: z.boolean(),
      /** They hung up to be called back at this number. */
      callbackNumber: z.string().nullable(),
    }),
  ),
});

export const recentVoicemailsSchema = z.object({
  voicemails: z.array(
    z.object({
      id: z.string(),
      fromNumber: z.string(),
      durationSeconds: z.number().int(),
      status: z.enum(["unread", "read"]),
      transcription: z.string().nullable(),
      createdAt: timestampSchema,
      contactName: z.string().nullable(),
    }),
  ),
});

export const phoneNumberListSchema = z.object({
  numbers: z.array(z.object({ id: z.string(), e164: z.string(), friendlyName: z.string() })),
});

export type UnreadCounts = z.output<typeof unreadCountsSchema>;
export type SearchResults = z.output<typeof searchResultsSchema>;
export type DashboardStats = z.output<typeof dashboardStatsSchema>;
export type CallSummary = z.output<typeof callSummarySchema>;
export type ActiveCall = z.output<typeof activeCallSchema>;

export const CLICK_TO_CALL_LIMITS = { phone: 32 } as const;
export const INVALID_PHONE_MESSAGE = "Enter a valid phone number.";

/** A phone number as typed, normalised to E.164 (US numbers without +1 accepted), or refused. */
const phoneInput = () =>
  line(INVALID_PHONE_MESSAGE)
    .max(CLICK_TO_CALL_LIMITS.phone, INVALID_PHONE_MESSAGE)
    .transform((typed, ctx) => {
      const e164 = toE164(typed);
      if (e164 === null) ctx.addIssue({ code: "custom", message: INVALID_PHONE_MESSAGE });
      return e164 ?? z.NEVER;
    });

/** Make a Call: ring the user's own phone first, then bridge it to the destination. */
export const clickToCallBodySchema = z.object({
  /** The user's own phone, which rings first. */
  myPhone: phoneInput(),
  /** Who the user wants to reach. */
  to: phoneInput(),
  /** Which of the account's numbers shows as caller ID (its id); the first one by default. */
  callerId: line("Invalid number.").max(64).optional(),
});

export const clickToCallResponseSchema = z.object({ callId: z.string(), callSid: z.string() });

/** GET /console/time-zone: the account's time zone (that of its first number's business hours). */
export const timeZoneSchema = z.object({ timeZone: z.string() });
