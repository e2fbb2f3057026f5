import { ticketPriorities, ticketStatuses } from "@poundline/db/enums";
import { z } from "zod";
import { line, multilineText, pageQuery, timestampSchema } from "../common";

/** Seed 001's messages of the support screens. */
export const LOGIN_REQUIRED_MESSAGE = "You must be logged in to submit a ticket.";
export const TICKET_ACCESS_DENIED_MESSAGE = "Access Denied: You don't have permission to view this ticket.";
export const TICKET_NOT_FOUND_MESSAGE = "Ticket not found";
export const SUBJECT_REQUIRED_MESSAGE = "Subject is required.";
export const DESCRIPTION_REQUIRED_MESSAGE = "Description is required.";
export const PRIORITY_MESSAGE = "Priority must be low, medium or high.";
export const REPLY_REQUIRED_MESSAGE = "Reply message cannot be empty.";
export const TICKET_CLOSED_MESSAGE = "This ticket is closed and accepts no replies.";
export const ALREADY_CLOSED_MESSAGE = "This ticket is already closed.";
export const NOT_CLOSED_MESSAGE = "Only a closed ticket can be reopened.";
export const REOPEN_EXPIRED_MESSAGE =
  "This ticket was closed more than 14 days ago and can no longer be reopened. Please open a new ticket.";
export const ATTACHMENT_TYPE_MESSAGE = "Attach an image (PNG, JPEG, GIF or WebP) or a PDF.";
export const ATTACHMENT_SIZE_MESSAGE = "Attachments must be 10 MB or smaller.";
export const ATTACHMENT_NOT_FOUND_MESSAGE = "Attachment not found";
export const TICKET_ATTACHMENTS_FULL_MESSAGE =
  "A ticket's attachments are limited to 50 MB in all: open a new ticket for more files.";
export const ACCOUNT_ATTACHMENTS_FULL_MESSAGE =
  "Your account's support attachments are limited to 500 MB in all.";

export const SUPPORT_LIMITS = {
  subject: 200,
  description: 10_000,
  reply: 10_000,
  search: 200,
  fileName: 255,
  /** Seed: images and PDF up to 10 MB. */
  attachmentBytes: 10 * 1024 * 1024,
  /** Quotas (the messages above say them): all the attachments of one ticket, of all the account's tickets. */
  ticketAttachmentBytes: 50 * 1024 * 1024,
  accountAttachmentBytes: 500 * 1024 * 1024,
  /** The ticket's owner may reopen a closed ticket this many days after it was closed. */
  reopenDays: 14,
} as const;

export { ticketPriorities, ticketStatuses };
export type TicketStatus = (typeof ticketStatuses)[number];
export type TicketPriority = (typeof ticketPriorities)[number];

const ticketIdSchema = z.string().regex(/^tkt_[a-z0-9]{1,64}$/, TICKET_NOT_FOUND_MESSAGE);
export const ticketParamsSchema = z.object({ id: ticketIdSchema });
export const attachmentParamsSchema = z.object({
  id: ticketIdSchema,
  attachmentId: z.string().regex(/^att_[a-z0-9]{1,64}$/, ATTACHMENT_NOT_FOUND_MESSAGE),
});

const tooLong = (max: number) => `Must be at most ${max} characters.`;

export const createTicketBodySchema = z.object({
  subject: line(SUBJECT_REQUIRED_MESSAGE)
    .min(1, SUBJECT_REQUIRED_MESSAGE)
    .max(SUPPORT_LIMITS.subject, tooLong(SUPPORT_LIMITS.subject)),
  description: multilineText(DESCRIPTION_REQUIRED_MESSAGE)
    .min(1, DESCRIPTION_REQUIRED_MESSAGE)
    .max(SUPPORT_LIMITS.description, tooLong(SUPPORT_LIMITS.description)),
  priority: z.enum(ticketPriorities, { error: PRIORITY_MESSAGE }).default("medium"),
});

/** A reply: trimmed, and something must be left. */
export const replyBodySchema = z.object({
  message: multilineText(REPLY_REQUIRED_MESSAGE)
    .min(1, REPLY_REQUIRED_MESSAGE)
    .max(SUPPORT_LIMITS.reply, tooLong(SUPPORT_LIMITS.reply)),
});

/** An empty query value (a cleared filter) is no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const myTicketsQuerySchema = z.object(pageQuery(20, 100));

export const adminTicketsQuerySchema = z.object({
  status: optional(z.enum(ticketStatuses, { error: "Unknown status." })),
  priority: optional(z.enum(ticketPriorities, { error: PRIORITY_MESSAGE })),
  /** Part of the subject, the user's e-mail or the company name, case-insensitive. */
  search: optional(line().max(SUPPORT_LIMITS.search, tooLong(SUPPORT_LIMITS.search))),
  ...pageQuery(20, 100),
});

/** The name of an uploaded file, sent beside its bytes. */
export const attachmentUploadQuerySchema = z.object({
  fileName: line("A file name is required.")
    .min(1, "A file name is required.")
    .max(SUPPORT_LIMITS.fileName, tooLong(SUPPORT_LIMITS.fileName)),
});

export const ticketSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.enum(ticketStatuses),
  priority: z.enum(ticketPriorities),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const ticketListSchema = z.object({
  items: z.array(ticketSummarySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const adminTicketSummarySchema = ticketSummarySchema.extend({
  /** Null when the user who opened it was deleted. */
  userEmail: z.string().nullable(),
  companyName: z.string(),
});

export const adminTicketListSchema = ticketListSchema.extend({ items: z.array(adminTicketSummarySchema) });

const personSchema = z.object({ email: z.string(), firstName: z.string() }).nullable();

export const ticketReplySchema = z.object({
  id: z.string(),
  message: z.string(),
  isAdminReply: z.boolean(),
  createdAt: timestampSchema,
  /** Null when the user who wrote it was deleted. */
  user: personSchema,
});

export const attachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  fromSupport: z.boolean(),
  createdAt: timestampSchema,
});

export const ticketDetailSchema = ticketSummarySchema.extend({
  description: z.string(),
  closedAt: timestampSchema.nullable(),
  /** Until when the owner may reopen it (closed tickets only). */
  reopenableUntil: timestampSchema.nullable(),
  user: personSchema,
  companyName: z.string(),
  replies: z.array(ticketReplySchema),
  attachments: z.array(attachmentSchema),
});

export type CreateTicketBody = z.output<typeof createTicketBodySchema>;
export type AdminTicketsQuery = z.output<typeof adminTicketsQuerySchema>;
export type TicketDetail = z.output<typeof ticketDetailSchema>;
export type TicketSummary = z.output<typeof ticketSummarySchema>;
export type AdminTicketSummary = z.output<typeof adminTicketSummarySchema>;
export type AttachmentView = z.output<typeof attachmentSchema>;
