import { transcriptionStatuses, voicemailStatuses } from "@poundline/db/enums";
import { z } from "zod";
import { line, pageQuery, timestampSchema } from "../common";
import { CURSOR_LIMITS, cursorQuery, nextCursorField } from "../cursor";
import { assigneeFilterSchema } from "../messages/conversation-schemas";

export const VOICEMAIL_NOT_FOUND_MESSAGE = "Voicemail not found";
export const RECORDING_NOT_READY_MESSAGE = "The recording is not available yet.";

export const VOICEMAIL_LIMITS = { search: 100, pageSize: CURSOR_LIMITS.maxLimit } as const;

const emptyAsAbsent = (value: unknown) => (value === "" ? undefined : value);

export const voicemailIdSchema = z.string().regex(/^vm_[a-z0-9]{1,64}$/, "Invalid voicemail id.");
export const voicemailParamsSchema = z.object({ id: voicemailIdSchema });
/** A voicemail's link sent by e-mail: 160 random bits, base32. */
export const voicemailLinkParamsSchema = z.object({
  token: z.string().regex(/^[a-z2-7]{32}$/, "Invalid link."),
});
export const VOICEMAIL_LINK_EXPIRED_MESSAGE = "This link has expired or does not exist.";

const filters = {
  /** Part of the caller's number, the caller's contact name, or of the transcription. */
  q: z.preprocess(
    emptyAsAbsent,
    line().max(VOICEMAIL_LIMITS.search, `Must be at most ${VOICEMAIL_LIMITS.search} characters.`).optional(),
  ),
  /** Only the unread ones ("true"); anything else but "false" is refused. */
  unread: z.preprocess(
    emptyAsAbsent,
    z.enum(["true", "false"], { error: "Must be true or false." }).optional(),
  ),
  /** The shared inbox's filter: "unassigned", or a member's user id ("assigned to me"). */
  assignee: z.preprocess(emptyAsAbsent, assigneeFilterSchema.optional()),
};

export const listVoicemailsQuerySchema = z.object({
  ...filters,
  ...pageQuery(50, VOICEMAIL_LIMITS.pageSize),
  ...cursorQuery,
});
export const exportVoicemailsQuerySchema = z.object(filters);

export const updateVoicemailBodySchema = z.object(
  { status: z.enum(voicemailStatuses, { error: "Must be unread or read." }) },
  { error: "Expected a JSON object with status." },
);

export const voicemailSchema = z.object({
  id: z.string(),
  fromNumber: z.string(),
  toNumber: z.string(),
  /** The contact whose phone is the caller's number, if any. */
  contactId: z.string().nullable(),
  contactName: z.string().nullable(),
  durationSeconds: z.number().int(),
  transcription: z.string().nullable(),
  transcriptionStatus: z.enum(transcriptionStatuses),
  status: z.enum(voicemailStatuses),
  /** Our copy of the recording is stored: /api/voicemails/{id}/audio plays it. */
  hasRecording: z.boolean(),
  createdAt: timestampSchema,
  /** The shared inbox: the member it is assigned to, who resolved it and when, who called back. */
  assigneeId: z.string().nullable(),
  resolvedById: z.string().nullable(),
  resolvedAt: timestampSchema.nullable(),
  /** The member who placed the first call back to the caller after the voicemail; null: none yet. */
  returnedById: z.string().nullable(),
});

export const voicemailListSchema = z.object({
  voicemails: z.array(voicemailSchema),
  total: z.number().int(),
  /** Unread voicemails of the account, whatever the filters. */
  unreadCount: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  ...nextCursorField,
});

/** The account's unread voicemails, for the menu's badge. */
export const unreadVoicemailsSchema = z.object({ count: z.number().int() });

export type ListVoicemailsQuery = z.output<typeof listVoicemailsQuerySchema>;
export type VoicemailFilters = z.output<typeof exportVoicemailsQuerySchema>;
export type Voicemail = z.output<typeof voicemailSchema>;
export type VoicemailJson = z.input<typeof voicemailSchema>;
export type VoicemailListJson = z.input<typeof voicemailListSchema>;
