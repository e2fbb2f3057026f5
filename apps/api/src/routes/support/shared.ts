import type { supportEndpoints } from "@poundline/contracts/support/endpoints";
import {
  ACCOUNT_ATTACHMENTS_FULL_MESSAGE,
  ALREADY_CLOSED_MESSAGE,
  ATTACHMENT_NOT_FOUND_MESSAGE,
  ATTACHMENT_SIZE_MESSAGE,
  ATTACHMENT_TYPE_MESSAGE,
  NOT_CLOSED_MESSAGE,
  REOPEN_EXPIRED_MESSAGE,
  SUPPORT_LIMITS,
  TICKET_ATTACHMENTS_FULL_MESSAGE,
  TICKET_CLOSED_MESSAGE,
  TICKET_NOT_FOUND_MESSAGE,
} from "@poundline/contracts/support/schemas";
import { newId } from "@poundline/db";
import {
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENT_UPLOAD_TYPES,
  attachmentStorageKey,
  downloadDisposition,
  sniffAttachment,
} from "@poundline/modules/support/attachments";
import {
  type AttachmentQuota,
  attachmentQuotaExceeded,
  attachmentUsage,
  findAttachment,
  findTicket,
  recordAttachment,
  type TicketChange,
  type TicketReader,
  ticketStatusFor,
} from "@poundline/modules/support/tickets";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { AppError, sendError } from "../../http/errors";
import { sendStoredFile } from "../../http/stored-file";

export const ticketNotFound = () => new AppError("NOT_FOUND", TICKET_NOT_FOUND_MESSAGE);

/** 413: the file would take the ticket's or the account's attachments past their quota. */
export function quotaRefusal(quota: AttachmentQuota): AppError {
  const message = quota === "ticket" ? TICKET_ATTACHMENTS_FULL_MESSAGE : ACCOUNT_ATTACHMENTS_FULL_MESSAGE;
  return new AppError("PAYLOAD_TOO_LARGE", message, { body: [message] });
}

/** A refused change as the one error shape: another's ticket is not found, a wrong state a conflict. */
export function changed(change: TicketChange): void {
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
export function customerOf(request: FastifyRequest) {
  const { user, account } = requireAccount(request);
  return { side: "customer" as const, accountId: account.id, userId: user.id };
}

/** Support's reader: every ticket. */
export const SUPPORT: TicketReader = { side: "support" };

export async function detailFor(request: FastifyRequest, ticketId: string, reader: TicketReader) {
  const ticket = await findTicket(request.server.deps.db.db, ticketId, reader);
  if (!ticket) throw ticketNotFound();
  return ticket;
}

/** A side's attachment upload endpoint: the customer's or support's. */
export type UploadEndpoint = typeof supportEndpoints.attach | typeof supportEndpoints.adminAttach;
/** A side's attachment download endpoint: the customer's or support's. */
export type DownloadEndpoint = typeof supportEndpoints.attachment | typeof supportEndpoints.adminAttachment;

/**
 * Attachments arrive as the file's bytes (the name in the query); the bytes decide whether they
 * are an image or a PDF. Above 10 MB the body is refused before it is read whole.
 */
export function acceptAttachmentUploads(app: FastifyInstance) {
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

/** An attachment upload, the same for both sides but for who may reach the ticket. */
export function attachmentUpload(
  endpoint: UploadEndpoint,
  readerOf: (request: FastifyRequest) => TicketReader,
) {
  return handle(endpoint, async (request, reply) => {
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
  });
}

/** An attachment download, the same for both sides but for who may reach the ticket. */
export function attachmentDownload(
  endpoint: DownloadEndpoint,
  readerOf: (request: FastifyRequest) => TicketReader,
) {
  return handle(endpoint, async (request, reply) => {
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
  });
}
