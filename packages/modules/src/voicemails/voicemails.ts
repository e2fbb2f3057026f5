import type {
  ListVoicemailsQuery,
  Voicemail,
  VoicemailFilters,
} from "@poundline/contracts/voicemails/schemas";
import type { Database } from "@poundline/db";
import { schema } from "@poundline/db";
import { and, count, desc, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import { containsPattern, phoneDigits } from "../messages/conversations";
import { afterCursor, pageOf, type SortKey, sortKeyOf } from "../pagination";

const { voicemails, contacts, callLogs } = schema;

/** The caller's contact: same account, phone equal to the caller's number (contacts_account_phone_key). */
const callerContact = and(
  eq(contacts.accountId, voicemails.accountId),
  eq(contacts.phone, voicemails.fromNumber),
);

const voicemailOrder: SortKey = { at: voicemails.createdAt, id: voicemails.id };

const columns = {
  sortKey: sortKeyOf(voicemailOrder),
  id: voicemails.id,
  fromNumber: voicemails.fromNumber,
  toNumber: voicemails.toNumber,
  contactId: contacts.id,
  contactName: contacts.name,
  durationSeconds: voicemails.durationSeconds,
  transcription: voicemails.transcription,
  transcriptionStatus: voicemails.transcriptionStatus,
  status: voicemails.status,
  storagePath: voicemails.storagePath,
  createdAt: voicemails.createdAt,
  assigneeId: voicemails.assigneeId,
  resolvedById: voicemails.resolvedById,
  resolvedAt: voicemails.resolvedAt,
  // Returned: the first call a member placed to the caller after the voicemail came in.
  returnedById: sql<string | null>`(select r.user_id from ${callLogs} r
    where r.account_id = ${voicemails.accountId} and r.direction = 'outbound'
      and r.to_number = ${voicemails.fromNumber} and r.call_start_time >= ${voicemails.createdAt}
      and r.user_id is not null
    order by r.call_start_time limit 1)`,
};

const selectVoicemails = (db: Database) =>
  db.select(columns).from(voicemails).leftJoin(contacts, callerContact);

type Row = Awaited<ReturnType<typeof selectVoicemails>>[number];

function toVoicemail(row: Row): Voicemail {
  const { storagePath, sortKey: _sortKey, ...rest } = row;
  return {
    ...rest,
    // The CHECK constraints hold these to the schema's enumerations.
    status: row.status as Voicemail["status"],
    transcriptionStatus: row.transcriptionStatus as Voicemail["transcriptionStatus"],
    hasRecording: storagePath !== null,
  };
}

function filtersOf(accountId: string, filters: VoicemailFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(voicemails.accountId, accountId)];
  if (filters.unread === "true") conditions.push(eq(voicemails.status, "unread"));
  if (filters.assignee === "unassigned") conditions.push(isNull(voicemails.assigneeId));
  else if (filters.assignee) conditions.push(eq(voicemails.assigneeId, filters.assignee));
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    const digits = phoneDigits(filters.q);
    conditions.push(
      or(
        ilike(voicemails.fromNumber, pattern),
        digits ? sql`${voicemails.fromNumber} like ${containsPattern(digits)}` : undefined,
        // The caller's contact by name: the numbers of the contacts so named (the contacts'
        // trigram index), rather than a join of every voicemail to its contact before filtering.
        sql`${voicemails.fromNumber} in (select named.phone from ${contacts} named
          where named.account_id = ${accountId} and named.name ilike ${pattern})`,
        ilike(voicemails.transcription, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** The statements of a voicemails list request (exported for bench:console's plans). */
export function voicemailsStatements(db: Database, accountId: string, query: ListVoicemailsQuery) {
  const where = filtersOf(accountId, query);
  return {
    page: selectVoicemails(db)
      .where(and(where, afterCursor(voicemailOrder, query.cursor)))
      .orderBy(desc(voicemails.createdAt), desc(voicemails.id))
      .limit(query.limit + 1)
      .offset(query.offset),
    count: db.select({ total: count() }).from(voicemails).where(where),
    unread: db
      .select({ total: count() })
      .from(voicemails)
      .where(and(eq(voicemails.accountId, accountId), eq(voicemails.status, "unread"))),
  };
}

/** The account's voicemails, newest first, with the number of unread ones. */
export async function listVoicemails(
  db: Database,
  accountId: string,
  query: ListVoicemailsQuery,
): Promise<{ voicemails: Voicemail[]; total: number; unreadCount: number; nextCursor: string | null }> {
  const statements = voicemailsStatements(db, accountId, query);
  const [rows, [counted], [unread]] = await Promise.all([
    statements.page,
    statements.count,
    statements.unread,
  ]);
  const page = pageOf(rows, query.limit);
  return {
    voicemails: page.rows.map(toVoicemail),
    total: counted?.total ?? 0,
    unreadCount: unread?.total ?? 0,
    nextCursor: page.nextCursor,
  };
}

/** Every voicemail matching the filters, newest first, for the CSV export (capped). */
export async function exportVoicemails(
  db: Database,
  accountId: string,
  filters: VoicemailFilters,
  max = 10_000,
): Promise<Voicemail[]> {
  const rows = await selectVoicemails(db)
    .where(filtersOf(accountId, filters))
    .orderBy(desc(voicemails.createdAt), desc(voicemails.id))
    .limit(max);
  return rows.map(toVoicemail);
}

/** Where one of the account's voicemails has its recording stored; undefined when not the account's. */
export async function findRecording(
  db: Database,
  accountId: string,
  id: string,
): Promise<{ storagePath: string | null } | undefined> {
  const [row] = await db
    .select({ storagePath: voicemails.storagePath })
    .from(voicemails)
    .where(and(eq(voicemails.accountId, accountId), eq(voicemails.id, id)))
    .limit(1);
  return row;
}

/** Marks one of the account's voicemails read or unread; null when it is not the account's. */
export async function setVoicemailStatus(
  db: Database,
  accountId: string,
  id: string,
  status: Voicemail["status"],
): Promise<Voicemail | null> {
  const [updated] = await db
    .update(voicemails)
    .set({ status })
    .where(and(eq(voicemails.accountId, accountId), eq(voicemails.id, id)))
    .returning({ id: voicemails.id });
  if (!updated) return null;
  const [row] = await selectVoicemails(db).where(eq(voicemails.id, updated.id));
  return row ? toVoicemail(row) : null;
}

/**
 * Deletes one of the account's voicemails and, once the row is gone, its stored recording.
 * False when it is not the account's.
 */
export async function deleteVoicemail(
  ports: { db: Database; removeRecording: (key: string) => Promise<void> },
  accountId: string,
  id: string,
): Promise<boolean> {
  const [deleted] = await ports.db
    .delete(voicemails)
    .where(and(eq(voicemails.accountId, accountId), eq(voicemails.id, id)))
    .returning({ storagePath: voicemails.storagePath });
  if (!deleted) return false;
  if (deleted.storagePath) await ports.removeRecording(deleted.storagePath);
  return true;
}

/** The number of the account's unread voicemails (the bell). */
export async function countUnreadVoicemails(db: Database, accountId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(voicemails)
    .where(and(eq(voicemails.accountId, accountId), eq(voicemails.status, "unread")));
  return row?.total ?? 0;
}
