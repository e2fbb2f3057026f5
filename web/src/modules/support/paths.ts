import type { TicketSide } from "../../api/support";

/** Seed 001's routes of the support screens. */
export const SUPPORT_PATHS = {
  myTickets: "/dashboard/support/tickets",
  newTicket: "/dashboard/support/ticket/new",
  allTickets: "/admin/support-tickets",
} as const;

/** A ticket's page on either side. */
export const ticketPagePath = (side: TicketSide, id: string) =>
  side === "support"
    ? `${SUPPORT_PATHS.allTickets}/${encodeURIComponent(id)}`
    : `/dashboard/support/ticket/${encodeURIComponent(id)}`;

/** Seed 001: the ticket's back button goes to support's list for admins, the user's own list otherwise. */
export const ticketListPath = (side: TicketSide) =>
  side === "support" ? SUPPORT_PATHS.allTickets : SUPPORT_PATHS.myTickets;
