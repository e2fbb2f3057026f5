import {
  blockRules,
  callDirections,
  callRecordingSources,
  callRecordingStatuses,
  callStatuses,
  transcriptionStatuses,
} from "@poundline/db/enums";
import { z } from "zod";
import { line, multilineText, text, timestampSchema } from "../common";
import { cursorLimit, cursorQuery, nextCursorField } from "../cursor";
import { dateRangeQuery, refineDateRange } from "../date-range";

/** Seed 001: call history pages hold 10 calls. */
export const CALL_HISTORY_PAGE_SIZE = 10;
export const CALL_NOT_FOUND_MESSAGE = "Call not found";
export const CALL_RECORDING_NOT_FOUND_MESSAGE = "This call has no recording to play.";
export const CALL_LIMITS = {
  search: 200,
  notes: 10_000,
  pageSize: 100,
  tag: 50,
  tags: 20,
  disposition: 50,
  dispositions: 30,
} as const;

/** The dispositions of an account that has not edited its list. */
export const DEFAULT_CALL_DISPOSITIONS = [
  "Resolved",
  "Follow-up needed",
  "Voicemail left",
  "No answer",
  "Wrong number",
  "Sale",
] as const;
export const UNKNOWN_DISPOSITION_MESSAGE = "Choose one of the account's dispositions.";

const tagSchema = line()
  .min(1, "A tag cannot be empty.")
  .max(CALL_LIMITS.tag, `A tag must be at most ${CALL_LIMITS.tag} characters.`);
const dispositionSchema = line()
  .min(1, "A disposition cannot be empty.")
  .max(CALL_LIMITS.disposition, `A disposition must be at most ${CALL_LIMITS.disposition} characters.`);

/** Tags as typed: trimmed, duplicates (in any case) dropped, the first spelling kept. */
const distinctTags = (tags: readonly string[]) => {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** PUT /api/calls/:id/tags: the call's tags and disposition (null: none). */
export const tagCallBodySchema = z.object(
  {
    tags: z
      .array(tagSchema, { error: "Tags must be a list." })
      .max(CALL_LIMITS.tags, `At most ${CALL_LIMITS.tags} tags.`)
      .transform(distinctTags),
    disposition: dispositionSchema.nullable(),
  },
  { error: "Expected a JSON object with the call's tags and disposition." },
);
export type TagCallBody = z.output<typeof tagCallBodySchema>;
export const taggedCallSchema = z.object({
  id: z.string(),
  tags: z.array(z.string()),
  disposition: z.string().nullable(),
});
export const callTagListSchema = z.object({ tags: z.array(z.string()) });

/** The account's dispositions, in order. */
export const dispositionListSchema = z.object({ dispositions: z.array(z.string()) });
export const updateDispositionsBodySchema = z.object(
  {
    dispositions: z
      .array(dispositionSchema, { error: "Dispositions must be a list." })
      .min(1, "Keep at least one disposition.")
      .max(CALL_LIMITS.dispositions, `At most ${CALL_LIMITS.dispositions} dispositions.`)
      .transform(distinctTags),
  },
  { error: "Expected a JSON object with the list of dispositions." },
);

/** The direction filter of the call history: a direction, the calls nobody answered, or those a block rule caught. */
export const callHistoryDirections = ["all", "inbound", "outbound", "missed", "blocked"] as const;
export type CallHistoryDirection = (typeof callHistoryDirections)[number];

/** Statuses of an inbound call that nobody answered: what the "missed" filter shows. */
export { missedCallStatuses as MISSED_CALL_STATUSES } from "@poundline/db/enums";

export const callIdSchema = z.string().regex(/^call_[a-z0-9]{1,64}$/, "Invalid call id.");
export const callParamsSchema = z.object({ id: callIdSchema });
/** A call to tag: its call log id, or the carrier's CallSid (all the softphone knows of it). */
export const tagCallParamsSchema = z.object({
  id: z.string().regex(/^(call_[a-z0-9]{1,64}|CA[0-9a-f]{32})$/, "Invalid call id."),
});
export const callRecordingParamsSchema = z.object({
  id: callIdSchema,
  recordingId: z.string().regex(/^rec_[a-z0-9]{1,64}$/, "Invalid recording id."),
});

/** One turn of a call's transcript: who spoke (the team, the other party, or unknown) and when. */
export const transcriptTurnSchema = z.object({
  speaker: z.enum(["team", "other"]).nullable(),
  startSeconds: z.number(),
  text: z.string(),
});

/** One recording of a call (a call may have several: the call, then its room once held or merged). */
export const callRecordingSchema = z.object({
  id: z.string(),
  /** The call itself (a party a channel), or its room (held, consulted, merged: one mixed channel). */
  source: z.enum(callRecordingSources),
  status: z.enum(callRecordingStatuses),
  durationSeconds: z.number().int(),
  createdAt: timestampSchema,
  /** Plays it (range requests); null until it is stored, or once deleted. */
  audioUrl: z.string().nullable(),
  /** Saves it as a file; null for a role that may not download recordings. */
  downloadUrl: z.string().nullable(),
  /** Deleted by the account's retention after so many days; null otherwise. */
  deletedAfterDays: z.number().int().nullable(),
  transcriptionStatus: z.enum(transcriptionStatuses),
  transcript: z.array(transcriptTurnSchema),
});
export type CallRecording = z.infer<typeof callRecordingSchema>;
export const callRecordingListSchema = z.object({ recordings: z.array(callRecordingSchema) });

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
  /** Calls with every one of these tags (repeat the parameter, or separate with commas). */
  tag: z.preprocess((value) => {
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) =>
      typeof v === "string" ? v.split(",").map((t) => t.trim()) : [v],
    );
    const given = parts.filter((t) => t !== "" && t !== undefined);
    return given.length > 0 ? given : undefined;
  }, z.array(tagSchema).max(CALL_LIMITS.tags, `At most ${CALL_LIMITS.tags} tags.`).optional()),
  disposition: z.preprocess(emptyAsAbsent, dispositionSchema.optional()),
  page: wholeNumber(1, 1_000_000).default(1),
  pageSize: wholeNumber(1, CALL_LIMITS.pageSize).default(CALL_HISTORY_PAGE_SIZE),
  limit: cursorLimit
    .optional()
    .describe(
      "Calls a page holds (the public API's name of the page size): taken over `pageSize` when given.",
    ),
  ...cursorQuery,
});

export { dateRangeQuery, EXPORT_MAX_DAYS, EXPORT_RANGE_MESSAGES, refineDateRange } from "../date-range";

/** GET /api/calls/export.csv: a date range and the call history's filters. */
export const exportCallsQuerySchema = z
  .object({
    ...dateRangeQuery,
    q: listCallsQuerySchema.shape.q,
    direction: listCallsQuerySchema.shape.direction,
    tag: listCallsQuerySchema.shape.tag,
    disposition: listCallsQuerySchema.shape.disposition,
  })
  .superRefine(refineDateRange);
export type ExportCallsQuery = z.output<typeof exportCallsQuerySchema>;

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
  tags: z.array(z.string()),
  disposition: z.string().nullable(),
  /** The block rule that caught the caller (list, withheld, unverified); null for the others. */
  blockRule: z.enum(blockRules).nullable(),
  contactId: z.string().nullable(),
  contactName: z.string().nullable(),
  /** The member who placed an outbound call. */
  placedById: z.string().nullable(),
  /** The member whose phone answered an inbound call, when a member's leg took it. */
  answeredById: z.string().nullable(),
  /** For a missed call: the member who first called the caller back. */
  returnedById: z.string().nullable(),
  /**
   * The call's legs, oldest first: the phones and softphones it rang, the colleague or number
   * called into its room; `userId` when the leg is a member's device. A leg is not listed itself.
   */
  parties: z.array(
    z.object({
      number: z.string(),
      status: z.string(),
      durationSeconds: z.number().int(),
      userId: z.string().nullable(),
    }),
  ),
  /**
   * Where the call's recording plays from: the recorded call's own once stored, else its
   * voicemail's audio; null when it has neither.
   */
  recordingUrl: z.string().nullable(),
  /** What `recordingUrl` plays: the recorded call, or the caller's voicemail; null with no URL. */
  recordingKind: z.enum(["call", "voicemail"]).nullable(),
  /** How many recordings the call has (the call, its room), stored or not: their list has their transcripts. */
  recordingCount: z.number().int(),
  /** The call's recording was deleted by the account's retention, after so many days; null otherwise. */
  recordingDeleted: z.object({ reason: z.enum(["retention"]), afterDays: z.number().int() }).nullable(),
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
  ...nextCursorField,
});

export type ListCallsQuery = z.output<typeof listCallsQuerySchema>;
export type ListCallsInput = z.input<typeof listCallsQuerySchema>;
export type UpdateCallBody = z.output<typeof updateCallBodySchema>;
export type CallLog = z.output<typeof callLogSchema>;
export type CallLogJson = z.input<typeof callLogSchema>;
export type CallListJson = z.input<typeof callListSchema>;

export const updatedCallSchema = z.object({ id: z.string(), notes: z.string().nullable() });

/** A call in progress, by the carrier's CallSid (the caller's call: an incoming call's own). */
export const callSidParamsSchema = z.object({
  callSid: z.string().regex(/^CA[0-9a-f]{32}$/, "Invalid call sid."),
});

export const TRANSFER_MESSAGES = {
  notFound: "Call not found",
  ended: "The call has ended.",
  target: "Choose someone or something of this account to transfer the call to.",
  number: "Enter a valid phone number.",
} as const;

/** Where a call is handed on to: a member, an extension, the number's ring group, an IVR menu, an outside number. */
export const transferTargetSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("member"), userId: line().min(1).max(64) }),
  z.object({ kind: z.literal("extension"), extensionId: line().min(1).max(64) }),
  z.object({ kind: z.literal("ring_group") }),
  z.object({ kind: z.literal("ivr_menu"), menuId: line().min(1).max(64) }),
  z.object({ kind: z.literal("number"), number: line().min(1).max(32) }),
]);
export const transferBodySchema = z.object({ target: transferTargetSchema });
export const transferredSchema = z.object({ callSid: z.string(), target: transferTargetSchema });

export const ROOM_MESSAGES = {
  notFound: "Call not found",
  ended: "The call has ended.",
  target: "Choose a member, an extension, the ring group or a phone number to call in.",
  unavailable: (name: string) => `${name} is not available.`,
  groupUnavailable: "Nobody in the ring group can be rung now.",
} as const;

const callSid = z.string().regex(/^CA[0-9a-f]{32}$/, "Invalid call sid.");

/**
 * The browser's own leg of the call: only the member who took a call in the browser holds it or
 * calls others in. Without it, the call as Active Calls shows it, answered on a phone.
 */
const legBody = { legCallSid: callSid.optional() };

export const holdBodySchema = z.object({ ...legBody, hold: z.boolean() });

/**
 * Who is called into a call's room: a member (their softphone, else their phone), an extension
 * (its member, else its first phone), the ring group of the call's number (every seat that can be
 * rung, the first to answer is called in) or an outside number.
 */
export const partyTargetSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("member"), userId: line().min(1).max(64) }),
  z.object({ kind: z.literal("extension"), extensionId: line().min(1).max(64) }),
  z.object({ kind: z.literal("ring_group") }),
  z.object({ kind: z.literal("number"), number: line().min(1).max(32) }),
]);
export const addPartyBodySchema = z.object({ ...legBody, target: partyTargetSchema });

export const partyParamsSchema = z.object({ callSid, partyCallSid: callSid });

/** A call's room: whether the caller is held, and who else was called in. */
export const roomSchema = z.object({
  callSid: z.string(),
  /** Whoever took the call: dropping this leg completes a warm transfer. */
  memberCallSid: z.string(),
  held: z.boolean(),
  parties: z.array(
    z.object({
      callSid: z.string(),
      label: z.string(),
      status: z.enum(["calling", "joined", "left"]),
    }),
  ),
});
export type RoomJson = z.infer<typeof roomSchema>;
