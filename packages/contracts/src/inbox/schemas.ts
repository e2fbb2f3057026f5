import { memberNotificationKinds } from "@poundline/db/enums";
import { z } from "zod";
import { text, timestampSchema } from "../common";
import { conversationKeyQuerySchema } from "../messages/conversation-schemas";

/** The shared inbox: assignment, resolution, internal notes, typing, and each member's bell. */

export const inboxMessages = {
  notMember: "Choose a member of this account.",
  notificationNotFound: "Notification not found",
  callNotFound: "Call not found",
} as const;

export const NOTE_MAX = 2000;

export const userIdSchema = z.string().regex(/^usr_[a-z0-9]{1,64}$/, inboxMessages.notMember);
export const notificationIdSchema = z
  .string()
  .regex(/^ntf_[a-z0-9]{1,64}$/, inboxMessages.notificationNotFound);

export const personSchema = z.object({ id: z.string(), name: z.string() });

export const memberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  /** "Ann Lee", or the address: what `@` completes and the assignee menu shows. */
  name: z.string(),
});
export const memberListSchema = z.object({ members: z.array(memberSchema) });

export const conversationKeyBodySchema = conversationKeyQuerySchema;

export const assignConversationBodySchema = conversationKeyQuerySchema.extend({
  /** The member to give it to; null gives it back to nobody. */
  assigneeId: userIdSchema.nullable(),
});
export const resolveConversationBodySchema = conversationKeyQuerySchema.extend({ resolved: z.boolean() });

export const conversationStateSchema = z.object({
  ourNumber: z.string(),
  peerNumber: z.string(),
  assignee: personSchema.nullable(),
  /** Who sent the conversation's latest text. */
  answeredBy: personSchema.nullable(),
  answeredAt: timestampSchema.nullable(),
  resolvedBy: personSchema.nullable(),
  resolvedAt: timestampSchema.nullable(),
});

export const assignVoicemailBodySchema = z.object(
  { assigneeId: userIdSchema.nullable() },
  { error: "Expected a JSON object with assigneeId." },
);
export const resolveVoicemailBodySchema = z.object(
  { resolved: z.boolean({ error: "Must be true or false." }) },
  { error: "Expected a JSON object with resolved." },
);
export const voicemailInboxStateSchema = z.object({
  id: z.string(),
  assigneeId: z.string().nullable(),
  resolvedById: z.string().nullable(),
  resolvedAt: timestampSchema.nullable(),
});

const noteBody = text({ multiline: true })
  .min(1, "Write the note.")
  .max(NOTE_MAX, `Must be at most ${NOTE_MAX} characters.`);

export const conversationNoteBodySchema = conversationKeyQuerySchema.extend({ body: noteBody });
export const callNoteBodySchema = z.object(
  { body: noteBody },
  { error: "Expected a JSON object with body." },
);

export const noteSchema = z.object({
  id: z.string(),
  body: z.string(),
  author: personSchema.nullable(),
  /** The members the note names with @Name: each had it in their bell. */
  mentions: z.array(personSchema),
  createdAt: timestampSchema,
});
export const noteListSchema = z.object({ notes: z.array(noteSchema) });

export const typingBodySchema = conversationKeyQuerySchema;

export const roundRobinListSchema = z.object({
  numbers: z.array(
    z.object({ phoneNumberId: z.string(), e164: z.string(), friendlyName: z.string(), enabled: z.boolean() }),
  ),
});
export const roundRobinBodySchema = z.object(
  { enabled: z.boolean({ error: "Must be true or false." }) },
  { error: "Expected a JSON object with enabled." },
);

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(memberNotificationKinds),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  readAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export const markNotificationsReadBodySchema = z.object(
  {
    /** The entries to mark read; absent: all of one's own. */
    ids: z.array(notificationIdSchema).max(100, "Must be at most 100.").optional(),
  },
  { error: "Expected a JSON object." },
);
export const markedSchema = z.object({ marked: z.number().int() });

export type Member = z.output<typeof memberSchema>;
export type ConversationState = z.output<typeof conversationStateSchema>;
export type Note = z.output<typeof noteSchema>;
export type MemberNotification = z.output<typeof notificationSchema>;
