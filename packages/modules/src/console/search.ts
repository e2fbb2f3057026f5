import { SEARCH_LIMITS, type SearchResults } from "@poundline/contracts/console/schemas";
import type { Database } from "@poundline/db";
import { schema } from "@poundline/db";
import { and, desc, eq, ilike, or } from "drizzle-orm";

const { contacts, callLogs, messages } = schema;

/** `%term%` for ILIKE, with the pattern's own characters taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The header's search: the account's contacts (name, phone, e-mail, company), calls (numbers,
 * notes) and texts (numbers, body) containing the term, case-insensitive, a few of each, newest first.
 */
export async function searchAccount(db: Database, accountId: string, term: string): Promise<SearchResults> {
  const [foundContacts, foundCalls, foundMessages] = await Promise.all(searchStatements(db, accountId, term));
  // The CHECK constraints hold direction and status to the schema's enumerations.
  return {
    contacts: foundContacts,
    calls: foundCalls as SearchResults["calls"],
    messages: foundMessages as SearchResults["messages"],
  };
}

/** The three statements of the header's search (exported for bench:console's plans). */
export function searchStatements(db: Database, accountId: string, term: string) {
  const pattern = containsPattern(term);
  const limit = SEARCH_LIMITS.perKind;
  return [
    db
      .select({ id: contacts.id, name: contacts.name, phone: contacts.phone, company: contacts.company })
      .from(contacts)
      .where(
        and(
          eq(contacts.accountId, accountId),
          or(
            ilike(contacts.name, pattern),
            ilike(contacts.phone, pattern),
            ilike(contacts.email, pattern),
            ilike(contacts.company, pattern),
          ),
        ),
      )
      .orderBy(contacts.name, contacts.id)
      .limit(limit),
    db
      .select({
        id: callLogs.id,
        direction: callLogs.direction,
        fromNumber: callLogs.fromNumber,
        toNumber: callLogs.toNumber,
        callStatus: callLogs.callStatus,
        callStartTime: callLogs.callStartTime,
        contactName: contacts.name,
      })
      .from(callLogs)
      .leftJoin(contacts, and(eq(contacts.id, callLogs.contactId), eq(contacts.accountId, accountId)))
      .where(
        and(
          eq(callLogs.accountId, accountId),
          or(
            ilike(callLogs.fromNumber, pattern),
            ilike(callLogs.toNumber, pattern),
            ilike(callLogs.notes, pattern),
          ),
        ),
      )
      .orderBy(desc(callLogs.callStartTime), desc(callLogs.id))
      .limit(limit),
    db
      .select({
        id: messages.id,
        direction: messages.direction,
        fromNumber: messages.fromNumber,
        toNumber: messages.toNumber,
        body: messages.body,
        sentAt: messages.sentAt,
        contactName: contacts.name,
      })
      .from(messages)
      .leftJoin(contacts, and(eq(contacts.id, messages.contactId), eq(contacts.accountId, accountId)))
      .where(
        and(
          eq(messages.accountId, accountId),
          // From and to are our number and the other party's, in one order or the other: the
          // generated columns are those the trigram index (messages_search_idx) holds.
          or(
            ilike(messages.peerNumber, pattern),
            ilike(messages.ourNumber, pattern),
            ilike(messages.body, pattern),
          ),
        ),
      )
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .limit(limit),
  ] as const;
}
