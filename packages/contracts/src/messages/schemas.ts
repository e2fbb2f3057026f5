import { messageAutomations, messageDirections, messageStatuses } from "@poundline/db/enums";
import * as phone from "@poundline/domain/phone";
import { z } from "zod";
import { line, pageQuery, text, timestampSchema } from "../common";
import { contactIdSchema } from "../crm/schemas";
import { CURSOR_LIMITS, cursorQuery, nextCursorField } from "../cursor";

export const OPTED_OUT_MESSAGE =
  "This recipient has opted out of messages from this number. They must text START to opt back in.";
export const LOW_BALANCE_MESSAGE = "Your wallet balance is too low to send messages. Please add funds.";
export const NUMBER_NOT_FOUND_MESSAGE = "Phone number not found";
export const SMS_DISABLED_MESSAGE = "This phone number cannot send text messages.";

export const MESSAGE_LIMITS = { body: 1600, pageSize: CURSOR_LIMITS.maxLimit } as const;

/** A number already in E.164 (one of ours, a filter): the text rule, then the one E.164 schema. */
export const e164Schema = line(phone.E164_MESSAGE).pipe(phone.e164Schema);

export const RECIPIENT_MESSAGE = "Enter a phone number, e.g. (555) 123-4567 or +44 20 7946 0958.";

/**
 * A recipient as typed, in national (US) or international format, answered in E.164; a number
 * with an extension, letters or the wrong length is refused.
 */
const recipientSchema = line(RECIPIENT_MESSAGE)
  .max(32, RECIPIENT_MESSAGE)
  .transform((typed, ctx) => {
    const e164 = phone.toE164(typed);
    if (e164 === null) ctx.addIssue({ code: "custom", message: RECIPIENT_MESSAGE });
    return e164 ?? z.NEVER;
  });

/** POST /messages: a text from one of the account's numbers. */
export const sendMessageBodySchema = z.object(
  {
    from: e164Schema,
    to: recipientSchema,
    // Sent as typed: not trimmed, line breaks and tabs kept.
    body: text({ error: "Enter a message.", multiline: true, trim: false })
      .max(MESSAGE_LIMITS.body, `Must be at most ${MESSAGE_LIMITS.body} characters.`)
      .refine((body) => body.trim().length > 0, "Enter a message."),
  },
  { error: "Expected a JSON object with from, to and body." },
);

/** Query values sent empty (an unselected filter) count as absent. */
const emptyAsAbsent = (value: unknown) => (value === "" ? undefined : value);

export const listMessagesQuerySchema = z.object({
  /** The other party: the sender of an inbound message, the recipient of an outbound one. */
  number: z.preprocess(emptyAsAbsent, e164Schema.optional()),
  contactId: z.preprocess(emptyAsAbsent, contactIdSchema.optional()),
  ...pageQuery(50, MESSAGE_LIMITS.pageSize),
  ...cursorQuery,
});

export const messageSchema = z.object({
  id: z.string(),
  contactId: z.string().nullable(),
  phoneNumberId: z.string().nullable(),
  /** Who sent an outbound message; null for inbound ones. */
  userId: z.string().nullable(),
  messageSid: z.string(),
  direction: z.enum(messageDirections),
  fromNumber: z.string(),
  toNumber: z.string(),
  body: z.string(),
  numSegments: z.number().int(),
  numMedia: z.number().int(),
  mediaUrls: z.array(z.string()),
  status: z.enum(messageStatuses),
  errorCode: z.number().int().nullable(),
  /** Sent by the system (text-back, auto-reply, scheduled): which; null for a member's own or a received text. */
  automation: z.enum(messageAutomations).nullable(),
  sentAt: timestampSchema,
  readAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});

export const messageListSchema = z.object({
  messages: z.array(messageSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  ...nextCursorField,
});

export type SendMessageBody = z.output<typeof sendMessageBodySchema>;
export type SendMessageInput = z.input<typeof sendMessageBodySchema>;
export type ListMessagesQuery = z.output<typeof listMessagesQuerySchema>;
/** A message as the handler holds it (Dates). */
export type Message = z.output<typeof messageSchema>;
/** A message as it travels in JSON (ISO strings): what the web receives. */
export type MessageJson = z.input<typeof messageSchema>;
export type MessageListJson = z.input<typeof messageListSchema>;
