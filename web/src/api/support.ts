import type {
  adminTicketListSchema,
  adminTicketsQuerySchema,
  attachmentSchema,
  createTicketBodySchema,
  myTicketsQuerySchema,
  replyBodySchema,
  ticketDetailSchema,
  ticketListSchema,
  ticketSummarySchema,
} from "@poundline/api/support/schemas";
import type { z } from "zod";
import { type ApiClient, withQuery } from "./client";
import { uploadFile } from "./upload";

/** What the API sends: the schemas' wire form (dates as ISO strings). */
type Json<Schema extends z.ZodType> = z.input<Schema>;

export type TicketList = Json<typeof ticketListSchema>;
export type TicketSummary = Json<typeof ticketSummarySchema>;
export type AdminTicketList = Json<typeof adminTicketListSchema>;
export type AdminTicket = AdminTicketList["items"][number];
export type TicketDetail = Json<typeof ticketDetailSchema>;
export type TicketAttachment = Json<typeof attachmentSchema>;
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

const base = (side: TicketSide) =>
  side === "support" ? "/api/admin/support-tickets" : "/api/support/tickets";
const ticketPath = (side: TicketSide, id: string) => `${base(side)}/${encodeURIComponent(id)}`;

/** Where an attachment downloads from (a plain link: the session cookie goes with it). */
export const attachmentUrl = (side: TicketSide, ticketId: string, attachmentId: string) =>
  `${ticketPath(side, ticketId)}/attachments/${encodeURIComponent(attachmentId)}`;

/** Support tickets (services/api/src/support). */
export const supportApi = (api: ApiClient) => ({
  myTickets: (query: MyTicketsQuery, signal?: AbortSignal) =>
    api.send<TicketList>("GET", withQuery(base("customer"), query), { signal }),
  allTickets: (query: AdminTicketsQuery, signal?: AbortSignal) =>
    api.send<AdminTicketList>("GET", withQuery(base("support"), query), { signal }),
  create: (body: z.input<typeof createTicketBodySchema>) =>
    api.send<TicketSummary>("POST", base("customer"), { body }),
  ticket: (side: TicketSide, id: string, signal?: AbortSignal) =>
    api.send<TicketDetail>("GET", ticketPath(side, id), { signal }),
  reply: (side: TicketSide, id: string, body: z.input<typeof replyBodySchema>) =>
    api.send<TicketDetail>("POST", `${ticketPath(side, id)}/replies`, { body }),
  close: (id: string) => api.send<TicketDetail>("POST", `${ticketPath("support", id)}/close`),
  reopen: (id: string) => api.send<TicketDetail>("POST", `${ticketPath("customer", id)}/reopen`),
  attach: (side: TicketSide, id: string, file: File) =>
    uploadFile<TicketAttachment>(
      withQuery(`${ticketPath(side, id)}/attachments`, { fileName: file.name }),
      file,
    ),
});
