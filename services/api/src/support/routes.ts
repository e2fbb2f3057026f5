import { newId } from "@poundline/db";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAccount, requireAdmin } from "../auth/context";
import { AppError, sendError } from "../http/errors";
import { sendStoredFile } from "../http/stored-file";
import {
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENT_UPLOAD_TYPES,
  attachmentStorageKey,
  downloadDisposition,
  sniffAttachment,
} from "./attachments";
import {
  ACCOUNT_ATTACHMENTS_FULL_MESSAGE,
  ALREADY_CLOSED_MESSAGE,
  ATTACHMENT_NOT_FOUND_MESSAGE,
  ATTACHMENT_SIZE_MESSAGE,
  ATTACHMENT_TYPE_MESSAGE,
  adminTicketListSchema,
  adminTicketsQuerySchema,
  attachmentParamsSchema,
  attachmentSchema,
  attachmentUploadQuerySchema,
  createTicketBodySchema,
  LOGIN_REQUIRED_MESSAGE,
  myTicketsQuerySchema,
  NOT_CLOSED_MESSAGE,
  REOPEN_EXPIRED_MESSAGE,
  replyBodySchema,
  SUPPORT_LIMITS,
  TICKET_ATTACHMENTS_FULL_MESSAGE,
  TICKET_CLOSED_MESSAGE,
  TICKET_NOT_FOUND_MESSAGE,
  ticketDetailSchema,
  ticketListSchema,
  ticketParamsSchema,
  ticketSummarySchema,
} from "./schemas";
import {
  type AttachmentQuota,
  attachmentQuotaExceeded,
  attachmentUsage,
  closeTicket,
  createTicket,
  findAttachment,
  findTicket,
  listAllTickets,
  listMyTickets,
  markSupportRepliesRead,
  recordAttachment,
  reopenTicket,
  replyToTicket,
  type TicketChange,
  type TicketReader,
  ticketStatusFor,
} from "./tickets";

const ticketNotFound = () => new AppError("NOT_FOUND", TICKET_NOT_FOUND_MESSAGE);

/** 413: the file would take the ticket's or the account's attachments past their quota. */
function quotaRefusal(quota: AttachmentQuota): AppError {
  const message = quota === "ticket" ? TICKET_ATTACHMENTS_FULL_MESSAGE : ACCOUNT_ATTACHMENTS_FULL_MESSAGE;
  return new AppError("PAYLOAD_TOO_LARGE", message, { body: [message] });
}

/** A refused change as the one error shape: another's ticket is not found, a wrong state a conflict. */
function changed(change: TicketChange): void {
  if (change.ok) return;
  switch (change.reason) {
    case "not_found":
      throw ticketNotFound();
    case "closed":
      throw new AppError("CONFLICT", TICKET_CLOSED_MESSAGE);
    case "already_closed":
      throw new AppError("CONFLICT", ALREADY_CLOSED_MESSAGE);
    case "not_closed":
      throw new AppError("CONFLICT", NOT_CLOSED_MESSAGE);
    case "reopen_expired":
      throw new AppError("CONFLICT", REOPEN_EXPIRED_MESSAGE);
  }
}

/** The customer's reader: their own tickets in their account. */
function customerOf(request: FastifyRequest) {
  const { user, account } = requireAccount(request);
  return { side: "customer" as const, accountId: account.id, userId: user.id };
}

async function detailFor(request: FastifyRequest, ticketId: string, reader: TicketReader) {
  const ticket = await findTicket(request.server.deps.db.db, ticketId, reader);
  if (!ticket) throw ticketNotFound();
  return ticket;
}

/**
 * Attachments arrive as the file's bytes (the name in the query); the bytes decide whether they
 * are an image or a PDF. Above 10 MB the body is refused before it is read whole.
 */
function acceptAttachmentUploads(app: FastifyInstance) {
  app.addContentTypeParser(
    ATTACHMENT_UPLOAD_TYPES,
    { parseAs: "buffer", bodyLimit: SUPPORT_LIMITS.attachmentBytes },
    (_request, body, done) => done(null, body),
  );
  app.setErrorHandler((err: FastifyError, request, reply) =>
    sendError(
      err.code === "FST_ERR_CTP_BODY_TOO_LARGE"
        ? new AppError("PAYLOAD_TOO_LARGE", ATTACHMENT_SIZE_MESSAGE, { body: [ATTACHMENT_SIZE_MESSAGE] })
        : err,
      request,
      reply,
    ),
  );
}

/** The attachment routes, the same for both sides but for who may reach the ticket. */
function attachmentRoutes(app: FastifyInstance, readerOf: (request: FastifyRequest) => TicketReader) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    "/:id/attachments",
    {
      schema: {
        params: ticketParamsSchema,
        querystring: attachmentUploadQuerySchema,
        response: { 201: attachmentSchema },
      },
    },
    async (request, reply) => {
      const reader = readerOf(request);
      const { db, storage, outbox, clock } = request.server.deps;
      const { auth } = request;
      const ticket = await ticketStatusFor(db.db, request.params.id, reader);
      if (!ticket || !auth) throw ticketNotFound();
      if (ticket.status === "closed") throw new AppError("CONFLICT", TICKET_CLOSED_MESSAGE);
      const bytes = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : null;
      const format = bytes ? sniffAttachment(bytes) : null;
      if (!bytes || !format)
        throw new AppError("BAD_REQUEST", ATTACHMENT_TYPE_MESSAGE, { body: [ATTACHMENT_TYPE_MESSAGE] });
      // Refused before anything is stored; checked again, under a lock, when it is recorded.
      const quota = attachmentQuotaExceeded(
        await attachmentUsage(db.db, ticket.accountId, request.params.id),
        bytes.byteLength,
      );
      if (quota) throw quotaRefusal(quota);
      const id = newId("attachment");
      const storageKey = attachmentStorageKey(ticket.accountId, request.params.id, id, format);
      await storage.put(storageKey, bytes);
      const recorded = await recordAttachment(outbox, {
        id,
        accountId: ticket.accountId,
        ticketId: request.params.id,
        userId: auth.user.id,
        fromSupport: reader.side === "support",
        fileName: request.query.fileName,
        contentType: ATTACHMENT_CONTENT_TYPES[format],
        sizeBytes: bytes.byteLength,
        storageKey,
        now: clock(),
      }).catch(async (err: unknown) => {
        await storage.delete(storageKey);
        throw err;
      });
      if (!recorded.ok) {
        // Closed, or filled up, while the bytes were being stored: keep nothing.
        await storage.delete(storageKey);
        throw recorded.reason === "quota"
          ? quotaRefusal(recorded.quota)
          : new AppError("CONFLICT", TICKET_CLOSED_MESSAGE);
      }
      return reply.status(201).send(recorded.attachment);
    },
  );

  typed.get(
    "/:id/attachments/:attachmentId",
    { schema: { params: attachmentParamsSchema } },
    async (request, reply) => {
      const reader = readerOf(request);
      const { db, storage } = request.server.deps;
      const attachment = await findAttachment(db.db, request.params.id, request.params.attachmentId, reader);
      const notFound = () => new AppError("NOT_FOUND", ATTACHMENT_NOT_FOUND_MESSAGE);
      if (!attachment) throw notFound();
      return sendStoredFile(request, reply, storage, attachment.storageKey, {
        headers: {
          "content-type": attachment.contentType,
          "content-disposition": downloadDisposition(attachment.fileName),
          "cache-control": "private, no-store",
        },
        notFound,
      });
    },
  );
}

/** The customer's side, mounted at /api/support: their own tickets only. */
async function customerSupportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request) => {
    // Seed 001's message for a ticket sent without a session.
    if (!request.auth && request.method === "POST" && request.routeOptions.url === "/api/support/tickets")
      throw new AppError("UNAUTHORIZED", LOGIN_REQUIRED_MESSAGE);
    customerOf(request);
  });
  acceptAttachmentUploads(app);

  app.get(
    "/tickets",
    { schema: { querystring: myTicketsQuerySchema, response: { 200: ticketListSchema } } },
    async (request) => {
      const { query } = request;
      const page = await listMyTickets(request.server.deps.db.db, customerOf(request), query);
      return { ...page, limit: query.limit, offset: query.offset };
    },
  );

  app.post(
    "/tickets",
    { schema: { body: createTicketBodySchema, response: { 201: ticketSummarySchema } } },
    async (request, reply) => {
      const { db, clock } = request.server.deps;
      const ticket = await createTicket(db.db, customerOf(request), request.body, clock());
      return reply.status(201).send(ticket);
    },
  );

  app.get(
    "/tickets/:id",
    { schema: { params: ticketParamsSchema, response: { 200: ticketDetailSchema } } },
    async (request) => {
      const ticket = await detailFor(request, request.params.id, customerOf(request));
      const { db, clock } = request.server.deps;
      await markSupportRepliesRead(db.db, ticket.id, clock());
      return ticket;
    },
  );

  app.post(
    "/tickets/:id/replies",
    { schema: { params: ticketParamsSchema, body: replyBodySchema, response: { 201: ticketDetailSchema } } },
    async (request, reply) => {
      const reader = customerOf(request);
      const { outbox, clock } = request.server.deps;
      changed(
        await replyToTicket(outbox, {
          ticketId: request.params.id,
          reader,
          userId: reader.userId,
          message: request.body.message,
          now: clock(),
        }),
      );
      return reply.status(201).send(await detailFor(request, request.params.id, reader));
    },
  );

  app.post(
    "/tickets/:id/reopen",
    { schema: { params: ticketParamsSchema, response: { 200: ticketDetailSchema } } },
    async (request) => {
      const reader = customerOf(request);
      const { outbox, clock } = request.server.deps;
      changed(await reopenTicket(outbox, request.params.id, reader, clock()));
      return detailFor(request, request.params.id, reader);
    },
  );

  await app.register(async (tickets) => attachmentRoutes(tickets, customerOf), { prefix: "/tickets" });
}

const SUPPORT: TicketReader = { side: "support" };

/** Support's side, mounted at /api/admin/support-tickets: every ticket, admins only. */
async function adminSupportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request) => {
    requireAdmin(request);
  });
  acceptAttachmentUploads(app);

  app.get(
    "/",
    { schema: { querystring: adminTicketsQuerySchema, response: { 200: adminTicketListSchema } } },
    async (request) => {
      const { query } = request;
      const page = await listAllTickets(request.server.deps.db.db, query);
      return { ...page, limit: query.limit, offset: query.offset };
    },
  );

  app.get(
    "/:id",
    { schema: { params: ticketParamsSchema, response: { 200: ticketDetailSchema } } },
    async (request) => detailFor(request, request.params.id, SUPPORT),
  );

  app.post(
    "/:id/replies",
    { schema: { params: ticketParamsSchema, body: replyBodySchema, response: { 201: ticketDetailSchema } } },
    async (request, reply) => {
      const { user } = requireAdmin(request);
      const { outbox, clock } = request.server.deps;
      changed(
        await replyToTicket(outbox, {
          ticketId: request.params.id,
          reader: SUPPORT,
          userId: user.id,
          message: request.body.message,
          now: clock(),
        }),
      );
      return reply.status(201).send(await detailFor(request, request.params.id, SUPPORT));
    },
  );

  app.post(
    "/:id/close",
    { schema: { params: ticketParamsSchema, response: { 200: ticketDetailSchema } } },
    async (request) => {
      const { user } = requireAdmin(request);
      const { outbox, clock } = request.server.deps;
      changed(await closeTicket(outbox, request.params.id, user.id, clock()));
      return detailFor(request, request.params.id, SUPPORT);
    },
  );

  attachmentRoutes(app, () => SUPPORT);
}

/** Support tickets (seed 001), mounted under /api: the customer's side and support's. */
export async function supportRoutes(fastify: FastifyInstance) {
  await fastify.register(customerSupportRoutes, { prefix: "/support" });
  await fastify.register(adminSupportRoutes, { prefix: "/admin/support-tickets" });
}
