import type { ActivityItem } from "@poundline/contracts/crm/schemas";
import type { Database } from "@poundline/db";
import { schema } from "@poundline/db";
import { and, desc, eq } from "drizzle-orm";

const { callLogs, contacts, messages } = schema;

/**
 * A contact's Interaction History: its calls and text messages merged, newest first, at most
 * `limit` of them; null when the contact is not in the account.
 */
export async function listContactActivity(
  db: Database,
  accountId: string,
  contactId: string,
  limit: number,
): Promise<ActivityItem[] | null> {
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)))
    .limit(1);
  if (!contact) return null;

  // The account is in both WHERE clauses too: a call or message of another tenant never shows.
  const calls = await db
    .select()
    .from(callLogs)
    .where(and(eq(callLogs.accountId, accountId), eq(callLogs.contactId, contactId)))
    .orderBy(desc(callLogs.callStartTime), desc(callLogs.id))
    .limit(limit);
  const texts = await db
    .select()
    .from(messages)
    .where(and(eq(messages.accountId, accountId), eq(messages.contactId, contactId)))
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(limit);

  const items: ActivityItem[] = [
    ...calls.map(
      (c): ActivityItem => ({
        kind: "call",
        id: c.id,
        at: c.callStartTime,
        direction: c.direction,
        fromNumber: c.fromNumber,
        toNumber: c.toNumber,
        durationSeconds: c.durationSeconds,
        callStatus: c.callStatus,
        notes: c.notes,
      }),
    ),
    ...texts.map(
      (m): ActivityItem => ({
        kind: "message",
        id: m.id,
        at: m.sentAt,
        direction: m.direction,
        fromNumber: m.fromNumber,
        toNumber: m.toNumber,
        body: m.body,
        status: m.status,
      }),
    ),
  ];
  return items.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}
