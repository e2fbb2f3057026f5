import type { ListMessagesQuery, Message } from "@poundline/contracts/messages/schemas";
import type { Database } from "@poundline/db";
import { schema } from "@poundline/db";
import { and, count, desc, eq, getTableColumns, type SQL } from "drizzle-orm";
import { afterCursor, pageOf, type SortKey, sortKeyOf } from "../pagination";

const { messages } = schema;

export type MessageRow = typeof messages.$inferSelect;

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    contactId: row.contactId,
    phoneNumberId: row.phoneNumberId,
    userId: row.userId,
    messageSid: row.messageSid,
    direction: row.direction,
    fromNumber: row.fromNumber,
    toNumber: row.toNumber,
    body: row.body,
    numSegments: row.numSegments,
    numMedia: row.numMedia,
    mediaUrls: row.mediaUrls,
    status: row.status,
    errorCode: row.errorCode,
    automation: row.automation,
    sentAt: row.sentAt,
    readAt: row.readAt,
    createdAt: row.createdAt,
  };
}

const messageOrder: SortKey = { at: messages.sentAt, id: messages.id };

/** The statements of a messages list request (exported for bench:console's plans). */
export function messagesStatements(db: Database, accountId: string, query: ListMessagesQuery) {
  const conditions: (SQL | undefined)[] = [eq(messages.accountId, accountId)];
  // The other party: the sender of an inbound text, the recipient of an outbound one, which is
  // what the generated peer_number holds (messages_account_peer_idx).
  if (query.number) conditions.push(eq(messages.peerNumber, query.number));
  if (query.contactId) conditions.push(eq(messages.contactId, query.contactId));
  const where = and(...conditions);
  return {
    page: db
      .select({ ...getTableColumns(messages), sortKey: sortKeyOf(messageOrder) })
      .from(messages)
      .where(and(where, afterCursor(messageOrder, query.cursor)))
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .limit(query.limit + 1)
      .offset(query.offset),
    count: db.select({ total: count() }).from(messages).where(where),
  };
}

/** The account's messages, newest first, optionally with one other party or one contact. */
export async function listMessages(
  db: Database,
  accountId: string,
  query: ListMessagesQuery,
): Promise<{ messages: Message[]; total: number; nextCursor: string | null }> {
  const statements = messagesStatements(db, accountId, query);
  const [rows, [counted]] = await Promise.all([statements.page, statements.count]);
  const page = pageOf(rows, query.limit);
  return { messages: page.rows.map(toMessage), total: counted?.total ?? 0, nextCursor: page.nextCursor };
}
