import type { SuccessOf } from "@poundline/contracts/endpoint";
import { pathOf } from "@poundline/contracts/route";
import type { supportEndpoints } from "@poundline/contracts/support/endpoints";
import type { adminTicketsQuerySchema, myTicketsQuerySchema } from "@poundline/contracts/support/schemas";
import type { z } from "zod";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";
import { uploadTo } from "./upload-to";

type Endpoints = typeof supportEndpoints;

export type TicketList = SuccessOf<Endpoints["myTickets"]>;
export type TicketSummary = SuccessOf<Endpoints["create"]>;
export type AdminTicketList = SuccessOf<Endpoints["allTickets"]>;
export type AdminTicket = AdminTicketList["items"][number];
export type TicketDetail = SuccessOf<Endpoints["ticket"]>;
export type TicketAttachment = SuccessOf<Endpoints["attach"]>;
export type TicketStatus = TicketSummary["status"];
export type TicketPriority = TicketSummary["priority"];
/** The query as the API reads it (its input type is `unknown` for the coerced numbers). */
export type MyTicketsQuery = z.output<typeof myTicketsQuerySchema>;
export type AdminTicketsQuery = Partial<z.output<typeof adminTicketsQuerySchema>>;

/**
 * Which side a ticket is reached from: the customer's own tickets (/api/support/tickets) or
 * support's view of every ticket (/api/admin/support-tickets). The same screens serve both.
 */
export type TicketSide = "customer" | "support";

/** Where an attachment downloads from (a plain link: the session cookie goes with it). */
export const attachmentUrl = (side: TicketSide, ticketId: string, attachmentId: string) =>
  pathOf(side === "support" ? routes.support.adminAttachment.path : routes.support.attachment.path, {
    id: ticketId,
    attachmentId,
  });

/** Support tickets (packages/contracts/src/support/endpoints.ts). */
export const supportApi = (api: ApiClient) => ({
  myTickets: (query: MyTicketsQuery, signal?: AbortSignal) =>
    api.call(routes.support.myTickets, { query, signal }),
  allTickets: (query: AdminTicketsQuery, signal?: AbortSignal) =>
    api.call(routes.support.allTickets, { query, signal }),
  create: (body: CallInput<Endpoints["create"]>["body"]) => api.call(routes.support.create, { body }),
  ticket: (side: TicketSide, id: string, signal?: AbortSignal) =>
    side === "support"
      ? api.call(routes.support.adminTicket, { params: { id }, signal })
      : api.call(routes.support.ticket, { params: { id }, signal }),
  reply: (side: TicketSide, id: string, body: CallInput<Endpoints["reply"]>["body"]) =>
    side === "support"
      ? api.call(routes.support.adminReply, { params: { id }, body })
      : api.call(routes.support.reply, { params: { id }, body }),
  close: (id: string) => api.call(routes.support.close, { params: { id } }),
  reopen: (id: string) => api.call(routes.support.reopen, { params: { id } }),
  attach: (side: TicketSide, id: string, file: File) =>
    uploadTo(side === "support" ? routes.support.adminAttach : routes.support.attach, {
      params: { id },
      query: { fileName: file.name },
      upload: file,
    }),
});
