import { messageDirections, messageStatuses } from "@poundline/db/enums";
import { z } from "zod";
import { line, pageQuery, timestampSchema } from "../common";
import { CURSOR_LIMITS, cursorQuery, nextCursorField } from "../cursor";
import { dateRangeQuery, refineDateRange } from "../date-range";
import { e164Schema, messageSchema } from "./schemas";

/** Conversations: the account's texts grouped by which of its numbers and which other party. */

export const CONVERSATION_NOT_FOUND_MESSAGE = "Conversation not found";
export const MESSAGE_NOT_FOUND_MESSAGE = "Message not found";
export const MEDIA_NOT_FOUND_MESSAGE = "Media not found";

export const CONVERSATION_LIMITS = {
  search: 100,
  pageSize: CURSOR_LIMITS.maxLimit,
  threadPage: 30,
  threadMax: 100,
} as const;

const emptyAsAbsent = (value: unknown) => (value === "" ? undefined : value);

/** Who the shared inbox lists: nobody's ("unassigned") or one member's, by user id. */
export const assigneeFilterSchema = z.union([
  z.literal("unassigned"),
  z.string().regex(/^usr_[a-z0-9]{1,64}$/, "Must be unassigned or a member's id."),
]);

export const messageIdSchema = z.string().regex(/^msg_[a-z0-9]{1,64}$/, "Invalid message id.");

/**
 * The other party as the carrier gave it: an E.164 number, or a short code, an alphanumeric
 * sender or "Anonymous" for texts from those.
 */
export const peerNumberSchema = line("Enter the other party's number.")
  .min(1, "Enter the other party's number.")
  .max(64, "Must be at most 64 characters.");

/** One conversation: one of the account's numbers and one other party. */
export const conversationKeyQuerySchema = z.object({
  ourNumber: e164Schema,
  peerNumber: peerNumberSchema,
});

export const listConversationsQuerySchema = z.object({
  /** Part of the other party's number (as typed: "(555) 123" works) or of the contact's name. */
  q: z.preprocess(
    emptyAsAbsent,
    line()
      .max(CONVERSATION_LIMITS.search, `Must be at most ${CONVERSATION_LIMITS.search} characters.`)
      .optional(),
  ),
  /** The shared inbox's filter: "unassigned", or a member's user id ("assigned to me"). */
  assignee: z.preprocess(emptyAsAbsent, assigneeFilterSchema.optional()),
  ...pageQuery(50, CONVERSATION_LIMITS.pageSize),
  ...cursorQuery,
});

/** GET /api/messages/export.csv: a date range and the inbox's filters (the texts of the conversations it lists). */
export const exportMessagesQuerySchema = z
  .object({
    ...dateRangeQuery,
    q: listConversationsQuerySchema.shape.q,
    assignee: listConversationsQuerySchema.shape.assignee,
  })
  .superRefine(refineDateRange);
export type ExportMessagesQuery = z.output<typeof exportMessagesQuerySchema>;

export const threadQuerySchema = z.object({
  ourNumber: e164Schema,
  peerNumber: peerNumberSchema,
  /** The oldest message already shown: the page holds the messages before it. */
  before: z.preprocess(emptyAsAbsent, messageIdSchema.optional()),
  limit: pageQuery(CONVERSATION_LIMITS.threadPage, CONVERSATION_LIMITS.threadMax).limit,
});

export const markReadBodySchema = z.object(
  { ourNumber: e164Schema, peerNumber: peerNumberSchema },
  { error: "Expected a JSON object with ourNumber and peerNumber." },
);

export const mediaParamsSchema = z.object({
  id: messageIdSchema,
  index: z.coerce
    .number({ error: "Must be a whole number." })
    .int("Must be a whole number.")
    .min(0, "Must be at least 0.")
    .max(9, "Must be at most 9."),
});

/** A piece of MMS media, reached through the API (never the carrier's own URL). */
export const mediaSchema = z.object({
  /** `/api/messages/{id}/media/{index}`: answered only to the account the message belongs to. */
  url: z.string(),
  /** The carrier's content type; empty when it gave none. */
  contentType: z.string(),
});

export const threadMessageSchema = messageSchema.extend({ media: z.array(mediaSchema) });

export const conversationSchema = z.object({
  ourNumber: z.string(),
  peerNumber: z.string(),
  /** The contact whose phone is the other party's number, if any. */
  contactId: z.string().nullable(),
  contactName: z.string().nullable(),
  lastMessage: z.object({
    id: z.string(),
    body: z.string(),
    direction: z.enum(messageDirections),
    status: z.enum(messageStatuses),
    numMedia: z.number().int(),
    sentAt: timestampSchema,
  }),
  /** Inbound texts nobody has read yet. */
  unreadCount: z.number().int(),
  /** The other party texted STOP to our number: nothing can be sent to them from it. */
  optedOut: z.boolean(),
  /** The member the shared inbox gave it to; null: unassigned. */
  assigneeId: z.string().nullable(),
  /** When someone marked it resolved, and who; null while open (a new text opens it again). */
  resolvedAt: timestampSchema.nullable(),
  resolvedById: z.string().nullable(),
  /** The member who sent its latest outbound text (as the conversation's own view names them). */
  answeredById: z.string().nullable(),
});

export const conversationListSchema = z.object({
  conversations: z.array(conversationSchema),
  /** More conversations follow this page (no total: counting them all would cost every text). */
  hasMore: z.boolean(),
  limit: z.number().int(),
  offset: z.number().int(),
  ...nextCursorField,
});

export const threadSchema = z.object({
  ourNumber: z.string(),
  peerNumber: z.string(),
  contactId: z.string().nullable(),
  contactName: z.string().nullable(),
  optedOut: z.boolean(),
  /** Oldest first (the newest at the bottom); the page before `before`, or the latest page. */
  messages: z.array(threadMessageSchema),
  /** Older messages exist: ask again with `before` = the first message's id. */
  hasMore: z.boolean(),
});

export const markReadResponseSchema = z.object({ marked: z.number().int() });

export const unreadMessagesSchema = z.object({
  /** Unread inbound texts of the account. */
  messages: z.number().int(),
  /** Conversations holding at least one. */
  conversations: z.number().int(),
});

/** The account's numbers that can send texts (New Message's "From"). */
export const sendersSchema = z.object({
  numbers: z.array(z.object({ id: z.string(), e164: z.string(), friendlyName: z.string() })),
});

export type ListConversationsQuery = z.output<typeof listConversationsQuerySchema>;
export type ThreadQuery = z.output<typeof threadQuerySchema>;
export type Conversation = z.output<typeof conversationSchema>;
export type ConversationJson = z.input<typeof conversationSchema>;
export type ConversationListJson = z.input<typeof conversationListSchema>;
export type Thread = z.output<typeof threadSchema>;
export type ThreadJson = z.input<typeof threadSchema>;
export type ThreadMessage = z.output<typeof threadMessageSchema>;
export type ThreadMessageJson = z.input<typeof threadMessageSchema>;
