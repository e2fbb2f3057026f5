import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAccount } from "../auth/context";
import { AppError } from "../http/errors";
import { errorResponseSchema } from "../http/schemas";
import {
  CONVERSATION_NOT_FOUND_MESSAGE,
  conversationListSchema,
  listConversationsQuerySchema,
  MEDIA_NOT_FOUND_MESSAGE,
  MESSAGE_NOT_FOUND_MESSAGE,
  markReadBodySchema,
  markReadResponseSchema,
  mediaParamsSchema,
  sendersSchema,
  threadQuerySchema,
  threadSchema,
  unreadMessagesSchema,
} from "./conversation-schemas";
import {
  countUnreadMessages,
  findMessage,
  listConversations,
  listSenders,
  markConversationRead,
  readThread,
} from "./conversations";
import { fetchMedia, isInlineMedia } from "./media";

const conversationNotFound = () => new AppError("NOT_FOUND", CONVERSATION_NOT_FOUND_MESSAGE);

/** Conversations over the account's texts, and their media; mounted under /api. */
export async function conversationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });

  app.get(
    "/conversations",
    {
      schema: {
        querystring: listConversationsQuerySchema,
        response: { 200: conversationListSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { query } = request;
      const page = await listConversations(request.server.deps.db.db, account.id, query);
      return { ...page, limit: query.limit, offset: query.offset };
    },
  );

  app.get(
    "/conversations/thread",
    {
      schema: {
        querystring: threadQuerySchema,
        response: { 200: threadSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const thread = await readThread(request.server.deps.db.db, account.id, request.query);
      if (!thread) throw conversationNotFound();
      return thread;
    },
  );

  app.post(
    "/conversations/read",
    {
      config: { permission: "messages.read" },
      schema: {
        body: markReadBodySchema,
        response: { 200: markReadResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock } = request.server.deps;
      const marked = await markConversationRead(db.db, account.id, request.body, clock());
      if (marked === null) throw conversationNotFound();
      return { marked };
    },
  );

  app.get(
    "/conversations/unread",
    { schema: { response: { 200: unreadMessagesSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      return countUnreadMessages(request.server.deps.db.db, account.id);
    },
  );

  app.get("/conversations/senders", { schema: { response: { 200: sendersSchema } } }, async (request) => {
    const { account } = requireAccount(request);
    return { numbers: await listSenders(request.server.deps.db.db, account.id) };
  });

  app.get(
    "/messages/:id/media/:index",
    // Not JSON: errors still answer in the one error shape, through the error handler.
    { schema: { params: mediaParamsSchema } },
    async (request, reply) => {
      const { account } = requireAccount(request);
      const { db, carrier } = request.server.deps;
      const message = await findMessage(db.db, account.id, request.params.id);
      if (!message) throw new AppError("NOT_FOUND", MESSAGE_NOT_FOUND_MESSAGE);
      const raw = message.mediaUrls[request.params.index];
      if (!raw) throw new AppError("NOT_FOUND", MEDIA_NOT_FOUND_MESSAGE);
      const media = await fetchMedia(
        { fetch: request.server.deps.fetch, carrier },
        raw,
        message.mediaContentTypes[request.params.index] ?? "",
      );
      if (!media.ok) throw new AppError("NOT_FOUND", MEDIA_NOT_FOUND_MESSAGE);
      const inline = isInlineMedia(media.contentType);
      return reply
        .header("content-type", inline ? media.contentType : "application/octet-stream")
        .header(
          "content-disposition",
          inline ? "inline" : `attachment; filename="media-${request.params.index}"`,
        )
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "private, max-age=3600")
        .send(Buffer.from(media.body));
    },
  );
}
