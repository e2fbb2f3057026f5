import { SUPPORT_LIMITS, type TicketStatus } from "@poundline/contracts/support/schemas";

/**
 * Seed 001's ticket state machine, pure: a new ticket is open; a customer's reply on a ticket
 * that is not closed sets pending_admin, support's reply pending_user; only support closes; a
 * closed ticket takes no replies. The reopen the seed lists as pending: the ticket's owner may
 * reopen a closed ticket within 14 days of its closing, which makes it open again.
 */

/** Who acts on a ticket: the customer who opened it, or support (an admin). */
export type TicketSide = "customer" | "support";

export type Transition = { ok: true; status: TicketStatus } | { ok: false; reason: TransitionRefusal };
export type TransitionRefusal = "closed" | "already_closed" | "not_closed" | "reopen_expired";

export const INITIAL_STATUS: TicketStatus = "open";

/** The status a reply leaves the ticket in. */
export function statusAfterReply(status: TicketStatus, side: TicketSide): Transition {
  if (status === "closed") return { ok: false, reason: "closed" };
  return { ok: true, status: side === "support" ? "pending_user" : "pending_admin" };
}

/** Closing (support only: the routes decide who may ask). */
export function statusAfterClose(status: TicketStatus): Transition {
  if (status === "closed") return { ok: false, reason: "already_closed" };
  return { ok: true, status: "closed" };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Until when a closed ticket may be reopened; null when it is not closed. */
export function reopenableUntil(ticket: { status: TicketStatus; closedAt: Date | null }): Date | null {
  if (ticket.status !== "closed" || !ticket.closedAt) return null;
  return new Date(ticket.closedAt.getTime() + SUPPORT_LIMITS.reopenDays * DAY_MS);
}

/** Reopening by the ticket's owner (the routes check ownership). */
export function statusAfterReopen(
  ticket: { status: TicketStatus; closedAt: Date | null },
  now: Date,
): Transition {
  const until = reopenableUntil(ticket);
  if (!until) return { ok: false, reason: "not_closed" };
  if (now.getTime() > until.getTime()) return { ok: false, reason: "reopen_expired" };
  return { ok: true, status: "open" };
}
