import { endpoint, errors } from "../endpoint";
import {
  conversationListSchema,
  exportMessagesQuerySchema,
  listConversationsQuerySchema,
  markReadBodySchema,
  markReadResponseSchema,
  mediaParamsSchema,
  sendersSchema,
  threadQuerySchema,
  threadSchema,
  unreadMessagesSchema,
} from "./conversation-schemas";
import { listMessagesQuerySchema, messageListSchema, messageSchema, sendMessageBodySchema } from "./schemas";

/** Text messages: sent and received, grouped into conversations, and their media. */
export const messageEndpoints = {
  export: endpoint({
    method: "GET",
    path: "/api/messages/export.csv",
    summary: "The texts of a date range, as a CSV download",
    description:
      "Days `from` to `to` inclusive, in the account's time zone (at most 366 days), oldest first, with the inbox's filters (`q`, `assignee`: the texts of the conversations it lists). Cells that a spreadsheet would read as a formula are neutralised.",
    access: "account",
    publicApi: { scope: "messages" },
    query: exportMessagesQuerySchema,
    responses: {
      200: { raw: "text/csv", description: "One line per text, oldest first" },
      ...errors(400, 401, 403),
    },
  }),
  list: endpoint({
    method: "GET",
    path: "/api/messages",
    summary: "A page of the account's texts, newest first",
    access: "account",
    publicApi: { scope: "messages" },
    query: listMessagesQuerySchema,
    responses: { 200: messageListSchema, ...errors(400, 401, 403) },
  }),
  send: endpoint({
    method: "POST",
    path: "/api/messages",
    summary: "Send a text from one of the account's numbers",
    access: "account",
    publicApi: { scope: "messages" },
    permission: "messages.send",
    body: sendMessageBodySchema,
    responses: { 201: messageSchema, ...errors(400, 401, 403, 404, 503) },
  }),
  conversations: endpoint({
    method: "GET",
    path: "/api/conversations",
    summary: "A page of conversations (one per pair of numbers), latest first",
    access: "account",
    publicApi: { scope: "messages" },
    query: listConversationsQuerySchema,
    responses: { 200: conversationListSchema, ...errors(400, 401, 403) },
  }),
  thread: endpoint({
    method: "GET",
    path: "/api/conversations/thread",
    summary: "The texts of one conversation",
    access: "account",
    publicApi: { scope: "messages" },
    query: threadQuerySchema,
    responses: { 200: threadSchema, ...errors(400, 401, 403, 404) },
  }),
  markRead: endpoint({
    method: "POST",
    path: "/api/conversations/read",
    summary: "Mark a conversation's received texts read",
    access: "account",
    permission: "messages.read",
    body: markReadBodySchema,
    responses: { 200: markReadResponseSchema, ...errors(400, 401, 403, 404) },
  }),
  unread: endpoint({
    method: "GET",
    path: "/api/conversations/unread",
    summary: "How many received texts are unread",
    access: "account",
    responses: { 200: unreadMessagesSchema, ...errors(401, 403) },
  }),
  senders: endpoint({
    method: "GET",
    path: "/api/conversations/senders",
    summary: "The account's numbers that can send texts",
    access: "account",
    responses: { 200: sendersSchema, ...errors(401, 403) },
  }),
  media: endpoint({
    method: "GET",
    path: "/api/messages/:id/media/:index",
    summary: "A picture or file a text carried, fetched from the carrier",
    access: "account",
    params: mediaParamsSchema,
    responses: {
      200: {
        raw: "application/octet-stream",
        description: "The media: inline when an image, else an attachment",
      },
      ...errors(400, 401, 403, 404),
    },
  }),
};
