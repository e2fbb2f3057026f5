import type { Database } from "@poundline/db";
import { schema } from "@poundline/db";
import { and, count, desc, eq, or, type SQL } from "drizzle-orm";
import type { ListMessagesQuery, Message } from "./schemas";

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
    sentAt: row.sentAt,
    readAt: row.readAt,
    createdAt: row.createdAt,
  };
}

/** The account's messages, newest first, optionally with one other party or one contact. */
export async function listMessages(
  db: Database,
  accountId: string,
  query: ListMessagesQuery,
): Promise<{ messages: Message[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(messages.accountId, accountId)];
  if (query.number) {
    conditions.push(
      or(
        and(eq(messages.direction, "inbound"), eq(messages.fromNumber, query.number)),
        and(eq(messages.direction, "outbound"), eq(messages.toNumber, query.number)),
      ),
    );
  }
  if (query.contactId) conditions.push(eq(messages.contactId, query.contactId));
  const where = and(...conditions);

  const rows = await db
    .select()
    .from(messages)
    .where(where)
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await db.select({ total: count() }).from(messages).where(where);
  return { messages: rows.map(toMessage), total: counted?.total ?? 0 };
}
