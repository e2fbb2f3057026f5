import type { TicketSide, TicketStatus } from "../../api/support";

/**
 * A ticket's status in the reader's words: the stored names (seed 001's open, pending_admin,
 * pending_user, closed) say whose turn it is from support's side, so the customer reads
 * "Awaiting your reply" where support reads "Awaiting customer".
 */
const STATUS_WORDS: Record<TicketSide, Record<TicketStatus, string>> = {
  customer: {
    open: "Open",
    pending_admin: "Awaiting support",
    pending_user: "Awaiting your reply",
    closed: "Closed",
  },
  support: {
    open: "Open",
    pending_admin: "Awaiting support",
    pending_user: "Awaiting customer",
    closed: "Closed",
  },
};

export const statusLabel = (side: TicketSide, status: TicketStatus) => STATUS_WORDS[side][status];

/** Support's status filter, in support's words. */
export const STATUS_OPTIONS = (Object.keys(STATUS_WORDS.support) as TicketStatus[]).map((value) => ({
  value,
  label: STATUS_WORDS.support[value],
}));
