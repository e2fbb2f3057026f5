import type { contactListSchema, listContactsQuerySchema } from "@poundline/api/crm/schemas";
import type {
  conversationListSchema,
  listConversationsQuerySchema,
  markReadBodySchema,
  markReadResponseSchema,
  sendersSchema,
  threadQuerySchema,
  threadSchema,
  unreadMessagesSchema,
} from "@poundline/api/messages/conversation-schemas";
import type { messageSchema, sendMessageBodySchema } from "@poundline/api/messages/schemas";
import type { z } from "zod";
import { type ApiClient, withQuery } from "./client";

type Input<Schema extends z.ZodType> = z.input<Schema>;
type Output<Schema extends z.ZodType> = z.output<Schema>;
/** A query string's values: what the schema outputs, each optional (the API fills the defaults). */
type Query<Schema extends z.ZodType> = { [K in keyof Output<Schema>]?: Output<Schema>[K] };

export type ConversationList = Output<typeof conversationListSchema>;
export type Conversation = ConversationList["conversations"][number];
export type Thread = Output<typeof threadSchema>;
export type ThreadMessage = Thread["messages"][number];
export type Senders = Output<typeof sendersSchema>;
export type SendMessageInput = Input<typeof sendMessageBodySchema>;
export type ConversationKey = Input<typeof markReadBodySchema>;
export type ContactList = Output<typeof contactListSchema>;

/** Texts and conversations (/api/conversations, /api/messages). */
export const messagesApi = (api: ApiClient) => ({
  conversations: (query: Query<typeof listConversationsQuerySchema>, signal?: AbortSignal) =>
    api.send<ConversationList>("GET", withQuery("/api/conversations", query), { signal }),
  thread: (query: Query<typeof threadQuerySchema>, signal?: AbortSignal) =>
    api.send<Thread>("GET", withQuery("/api/conversations/thread", query), { signal }),
  markRead: (body: ConversationKey) =>
    api.send<Output<typeof markReadResponseSchema>>("POST", "/api/conversations/read", { body }),
  unread: (signal?: AbortSignal) =>
    api.send<Output<typeof unreadMessagesSchema>>("GET", "/api/conversations/unread", { signal }),
  senders: (signal?: AbortSignal) => api.send<Senders>("GET", "/api/conversations/senders", { signal }),
  send: (body: SendMessageInput) => api.send<Output<typeof messageSchema>>("POST", "/api/messages", { body }),
  /** Contacts to pick a recipient from. */
  contacts: (query: Query<typeof listContactsQuerySchema>, signal?: AbortSignal) =>
    api.send<ContactList>("GET", withQuery("/api/contacts", query), { signal }),
});
