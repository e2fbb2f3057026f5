import type { listContactsQuerySchema } from "@poundline/contracts/crm/schemas";
import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { listConversationsQuerySchema } from "@poundline/contracts/messages/conversation-schemas";
import type { messageEndpoints } from "@poundline/contracts/messages/endpoints";
import type { z } from "zod";
import type { ApiClient, CallInput } from "./client";
import type { ContactList } from "./contacts";
import { routes } from "./routes.generated";

type Endpoints = typeof messageEndpoints;
type Output<Schema extends z.ZodType> = z.output<Schema>;
/** A query string's values: what the schema outputs, each optional (the API fills the defaults). */
type Query<Schema extends z.ZodType> = { [K in keyof Output<Schema>]?: Output<Schema>[K] };

export type ConversationList = SuccessOf<Endpoints["conversations"]>;
export type Conversation = ConversationList["conversations"][number];
export type Thread = SuccessOf<Endpoints["thread"]>;
export type ThreadMessage = Thread["messages"][number];
export type Senders = SuccessOf<Endpoints["senders"]>;
export type SendMessageInput = CallInput<Endpoints["send"]>["body"];
export type ConversationKey = CallInput<Endpoints["markRead"]>["body"];
export type { ContactList };

/** Texts and conversations (packages/contracts/src/messages/endpoints.ts). */
export const messagesApi = (api: ApiClient) => ({
  conversations: (query: Query<typeof listConversationsQuerySchema>, signal?: AbortSignal) =>
    api.call(routes.messages.conversations, { query, signal }),
  thread: (query: CallInput<Endpoints["thread"]>["query"], signal?: AbortSignal) =>
    api.call(routes.messages.thread, { query, signal }),
  markRead: (body: ConversationKey) => api.call(routes.messages.markRead, { body }),
  unread: (signal?: AbortSignal) => api.call(routes.messages.unread, { signal }),
  senders: (signal?: AbortSignal) => api.call(routes.messages.senders, { signal }),
  send: (body: SendMessageInput) => api.call(routes.messages.send, { body }),
  /** Contacts to pick a recipient from. */
  contacts: (query: Query<typeof listContactsQuerySchema>, signal?: AbortSignal) =>
    api.call(routes.contacts.list, { query, signal }),
});
