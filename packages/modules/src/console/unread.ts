import type { UnreadCounts } from "@poundline/contracts/console/schemas";
import type { Database } from "@poundline/db";
import { queryRows, schema } from "@poundline/db";
import { sql } from "drizzle-orm";

const { voicemails, messages, supportTickets, supportTicketReplies } = schema;

/**
 * The bell's count, in one statement: the account's unread voicemails and unread inbound texts,
 * and support's replies on this user's tickets that the user has not read.
 */
export async function countUnread(db: Database, accountId: string, userId: string): Promise<UnreadCounts> {
  const [row] = await queryRows<{ voicemails: number; texts: number; ticket_replies: number }>(
    db,
    sql`
    select
      (select count(*)::int from ${voicemails}
        where ${voicemails.accountId} = ${accountId} and ${voicemails.status} = 'unread') as voicemails,
      (select count(*)::int from ${messages}
        where ${messages.accountId} = ${accountId} and ${messages.direction} = 'inbound'
          and ${messages.readAt} is null) as texts,
      (select count(*)::int from ${supportTicketReplies}
        join ${supportTickets} on ${supportTickets.id} = ${supportTicketReplies.ticketId}
        where ${supportTickets.accountId} = ${accountId} and ${supportTickets.userId} = ${userId}
          and ${supportTicketReplies.isAdminReply} and ${supportTicketReplies.readAt} is null) as ticket_replies
  `,
  );
  const counts = {
    voicemails: Number(row?.voicemails ?? 0),
    texts: Number(row?.texts ?? 0),
    ticketReplies: Number(row?.ticket_replies ?? 0),
  };
  return { ...counts, total: counts.voicemails + counts.texts + counts.ticketReplies };
}
