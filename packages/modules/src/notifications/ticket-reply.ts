import { schema } from "@poundline/db";
import type { OutgoingEmail } from "@poundline/platform/mailer";
import type { JobOutcome, JobPayload, Processor } from "@poundline/platform/queue/jobs";
import { eq } from "drizzle-orm";
import type { NotificationPorts } from "./ports";
import { sendOnce } from "./sent";

const { accounts, supportTicketReplies, supportTickets, users } = schema;

export const TICKET_REPLY_TEMPLATE = "ticket_reply";

export type TicketReplyPayload = JobPayload<"notifications", "ticket-reply">;

export interface TicketReplyDeps {
  /** SUPPORT_INBOX: where customers' replies to their tickets go. */
  supportInbox: string;
}

export type TicketReplyPorts = NotificationPorts & TicketReplyDeps;

export interface TicketReplyEmailInput {
  subject: string;
  status: string;
  message: string;
  fromSupport: boolean;
  /** The customer's company, for the support team's copy. */
  companyName: string;
  ticketLink: string;
}

export function ticketReplyEmail(input: TicketReplyEmailInput): Omit<OutgoingEmail, "to"> {
  return input.fromSupport
    ? {
        subject: `Re: ${input.subject}`,
        text: [
          "Our support team replied to your ticket.",
          "",
          `Ticket: ${input.subject}`,
          `Status: ${input.status}`,
          "",
          input.message,
          "",
          `See the whole conversation or reply: ${input.ticketLink}`,
        ].join("\n"),
        template: TICKET_REPLY_TEMPLATE,
      }
    : {
        subject: `Customer reply: ${input.subject}`,
        text: [
          `${input.companyName} replied to a support ticket.`,
          "",
          `Ticket: ${input.subject}`,
          `Status: ${input.status}`,
          "",
          input.message,
        ].join("\n"),
        template: TICKET_REPLY_TEMPLATE,
      };
}

/**
 * E-mails a reply on a support ticket to the other side, once whatever the number of runs: a
 * support reply goes to the customer who opened the ticket (the account's address when that
 * user is gone), a customer's reply to the support inbox. A reply that no longer exists is
 * skipped.
 */
export async function notifyTicketReply(
  ports: TicketReplyPorts,
  payload: TicketReplyPayload,
): Promise<JobOutcome> {
  const { db, log } = ports;
  const { replyId } = payload;
  const [row] = await db
    .select({
      message: supportTicketReplies.message,
      fromSupport: supportTicketReplies.isAdminReply,
      ticketId: supportTickets.id,
      subject: supportTickets.subject,
      status: supportTickets.status,
      companyName: accounts.companyName,
      accountEmail: accounts.email,
      ownerEmail: users.email,
    })
    .from(supportTicketReplies)
    .innerJoin(supportTickets, eq(supportTickets.id, supportTicketReplies.ticketId))
    .innerJoin(accounts, eq(accounts.id, supportTickets.accountId))
    .leftJoin(users, eq(users.id, supportTickets.userId))
    .where(eq(supportTicketReplies.id, replyId))
    .limit(1);
  if (!row) {
    log.warn({ replyId }, "ticket-reply: no such reply");
    return "skipped";
  }
  const to = row.fromSupport ? (row.ownerEmail ?? row.accountEmail) : ports.supportInbox;
  if (!to) {
    log.warn({ replyId }, "ticket-reply: nobody to notify");
    return "skipped";
  }
  const email = ticketReplyEmail({
    ...row,
    ticketLink: `${ports.publicBaseUrl}/dashboard/support/ticket/${encodeURIComponent(row.ticketId)}`,
  });
  const outcome = await sendOnce(ports, `ticket-reply:${replyId}:email:${to}`, async () => {
    await ports.mailer.send({ ...email, to });
    return true;
  });
  if (outcome === "already_sent") return "skipped";
  log.info({ replyId, ticketId: row.ticketId }, "ticket reply notified");
  return "done";
}

/** The processor of the `notifications/ticket-reply` job. */
export function ticketReplyProcessor(
  deps: TicketReplyDeps & Pick<NotificationPorts, "mailer" | "publicBaseUrl">,
): Processor<TicketReplyPayload> {
  return (ports, payload) => notifyTicketReply({ ...ports, ...deps }, payload);
}
