import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { inboxEndpoints } from "@poundline/contracts/inbox/endpoints";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof inboxEndpoints;

export type InboxMember = SuccessOf<Endpoints["members"]>["members"][number];
export type ConversationState = SuccessOf<Endpoints["conversation"]>;
export type InboxNote = SuccessOf<Endpoints["conversationNotes"]>["notes"][number];
export type BellEntries = SuccessOf<Endpoints["notifications"]>;
export type BellEntry = BellEntries["notifications"][number];
export type ConversationKey = CallInput<Endpoints["typing"]>["body"];
export type RoundRobinNumber = SuccessOf<Endpoints["roundRobin"]>["numbers"][number];

/** The shared inbox (packages/contracts/src/inbox/endpoints.ts). */
export const inboxApi = (api: ApiClient) => ({
  members: (signal?: AbortSignal) => api.call(routes.inbox.members, { signal }),
  conversation: (query: ConversationKey, signal?: AbortSignal) =>
    api.call(routes.inbox.conversation, { query, signal }),
  assignConversation: (body: CallInput<Endpoints["assignConversation"]>["body"]) =>
    api.call(routes.inbox.assignConversation, { body }),
  resolveConversation: (body: CallInput<Endpoints["resolveConversation"]>["body"]) =>
    api.call(routes.inbox.resolveConversation, { body }),
  conversationNotes: (query: ConversationKey, signal?: AbortSignal) =>
    api.call(routes.inbox.conversationNotes, { query, signal }),
  addConversationNote: (body: CallInput<Endpoints["addConversationNote"]>["body"]) =>
    api.call(routes.inbox.addConversationNote, { body }),
  typing: (body: ConversationKey) => api.call(routes.inbox.typing, { body }),
  assignVoicemail: (id: string, assigneeId: string | null) =>
    api.call(routes.inbox.assignVoicemail, { params: { id }, body: { assigneeId } }),
  resolveVoicemail: (id: string, resolved: boolean) =>
    api.call(routes.inbox.resolveVoicemail, { params: { id }, body: { resolved } }),
  callNotes: (id: string, signal?: AbortSignal) =>
    api.call(routes.inbox.callNotes, { params: { id }, signal }),
  addCallNote: (id: string, body: string) =>
    api.call(routes.inbox.addCallNote, { params: { id }, body: { body } }),
  roundRobin: (signal?: AbortSignal) => api.call(routes.inbox.roundRobin, { signal }),
  setRoundRobin: (id: string, enabled: boolean) =>
    api.call(routes.inbox.setRoundRobin, { params: { id }, body: { enabled } }),
  notifications: (signal?: AbortSignal) => api.call(routes.inbox.notifications, { signal }),
  markNotificationsRead: (ids?: string[]) =>
    api.call(routes.inbox.markNotificationsRead, { body: ids ? { ids } : {} }),
});
