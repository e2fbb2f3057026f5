import type { Database } from "@poundline/db";
import { schema } from "@poundline/db";
import { and, count, desc, eq, ilike, inArray, like, notLike, or, type SQL, sql } from "drizzle-orm";
import { accountTimeZone } from "../accounts/time-zone";
import { type CallLog, type ListCallsQuery, MISSED_CALL_STATUSES, type UpdateCallBody } from "./schemas";

const { callLogs, contacts, voicemails } = schema;

/** Until the account sets one on a number, days are read in the product's home time zone. */

const MISSED_SQL_LIST = `(${MISSED_CALL_STATUSES.map((status) => `'${status}'`).join(", ")})`;

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The digits of a search term typed as a phone number ("(555) 123"), when there are 3 or more. */
export function searchDigits(term: string): string | null {
  const digits = term.replace(/\D/g, "");
  return digits.length >= 3 && digits !== term ? digits : null;
}

/** The WHERE clause of the call history: account first (it leads every index), then the filters. */
export function callHistoryWhere(
  accountId: string,
  query: ListCallsQuery,
  timeZone: string,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(callLogs.accountId, accountId)];
  if (query.q) {
    const pattern = containsPattern(query.q);
    const digits = searchDigits(query.q);
    // E.164 numbers hold no letters: a term with letters can only be in the notes or in a number
    // kept as the carrier gave it ("Anonymous"); a term without is matched with LIKE, cheaper
    // than ILIKE.
    const letters = /\p{L}/u.test(query.q);
    const onNumber = (column: typeof callLogs.fromNumber | typeof callLogs.toNumber) =>
      letters ? and(notLike(column, "+%"), ilike(column, pattern)) : like(column, pattern);
    conditions.push(
      or(
        onNumber(callLogs.fromNumber),
        onNumber(callLogs.toNumber),
        ilike(callLogs.notes, pattern),
        digits ? like(callLogs.fromNumber, containsPattern(digits)) : undefined,
        digits ? like(callLogs.toNumber, containsPattern(digits)) : undefined,
      ),
    );
  }
  if (query.direction === "inbound" || query.direction === "outbound")
    conditions.push(eq(callLogs.direction, query.direction));
  if (query.direction === "missed")
    // Literal values (constants of ours), so the planner can match the partial index on them.
    conditions.push(
      sql`${callLogs.direction} = 'inbound' and ${callLogs.callStatus} in ${sql.raw(MISSED_SQL_LIST)}`,
    );
  if (query.date) {
    // Midnight to midnight of that calendar day where the account is (23 or 25 hours on DST days).
    const start = sql`(${query.date}::date)::timestamp at time zone ${timeZone}`;
    const end = sql`((${query.date}::date + 1))::timestamp at time zone ${timeZone}`;
    conditions.push(sql`${callLogs.callStartTime} >= ${start}`, sql`${callLogs.callStartTime} < ${end}`);
  }
  return and(...conditions);
}

/** One page of the account's calls, newest first, with the exact count of those matching. */
export async function listCalls(
  db: Database,
  accountId: string,
  query: ListCallsQuery,
): Promise<{ calls: CallLog[]; total: number; timeZone: string }> {
  const timeZone = await accountTimeZone(db, accountId);
  const where = callHistoryWhere(accountId, query, timeZone);
  const order = [desc(callLogs.callStartTime), desc(callLogs.id)];
  const offset = (query.page - 1) * query.pageSize;
  let ids: string[];
  let total: number;
  if (query.q) {
    // A search reads every call of the account once (no trigram index on every engine): the
    // matches are gathered in one pass (a CTE used twice is materialised), then counted and
    // sorted (top-N) from there, rather than walking the whole index in time order.
    const matched = db
      .$with("matched")
      .as(db.select({ id: callLogs.id, at: callLogs.callStartTime }).from(callLogs).where(where));
    const rows = await db
      .with(matched)
      .select({ id: matched.id, total: sql<number>`(select count(*) from ${matched})`.mapWith(Number) })
      .from(matched)
      .orderBy(desc(matched.at), desc(matched.id))
      .limit(query.pageSize)
      .offset(offset);
    ids = rows.map((r) => r.id);
    total = rows[0]?.total ?? (offset === 0 ? 0 : await countCalls(db, where));
  } else {
    // Filters follow an index (account, [direction,] start time, id): the page is read in
    // index order and the count is an index-only scan.
    const [rows, counted] = await Promise.all([
      db
        .select({ id: callLogs.id })
        .from(callLogs)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset(offset),
      countCalls(db, where),
    ]);
    ids = rows.map((r) => r.id);
    total = counted;
  }
  if (ids.length === 0) return { calls: [], total, timeZone };

  // The newest voicemail left on the call, if any: its recording is the call's.
  const voicemailId = sql<string | null>`(
    select ${voicemails.id} from ${voicemails}
    where ${voicemails.callLogId} = ${callLogs.id} and ${voicemails.accountId} = ${accountId}
    order by ${voicemails.createdAt} desc limit 1)`;
  const rows = await db
    .select({
      id: callLogs.id,
      direction: callLogs.direction,
      fromNumber: callLogs.fromNumber,
      toNumber: callLogs.toNumber,
      callStartTime: callLogs.callStartTime,
      durationSeconds: callLogs.durationSeconds,
      callStatus: callLogs.callStatus,
      notes: callLogs.notes,
      contactId: callLogs.contactId,
      contactName: contacts.name,
      voicemailId,
      geoRoute: callLogs.geoRoute,
      callerLocation: callLogs.callerLocation,
      poundCode: schema.sharedNumbers.poundCode,
    })
    .from(callLogs)
    .leftJoin(contacts, and(eq(contacts.id, callLogs.contactId), eq(contacts.accountId, accountId)))
    .leftJoin(schema.sharedNumbers, eq(schema.sharedNumbers.id, callLogs.sharedNumberId))
    .where(and(eq(callLogs.accountId, accountId), inArray(callLogs.id, ids)))
    .orderBy(...order);
  return {
    calls: rows.map(({ voicemailId: vm, geoRoute, callerLocation, poundCode, ...row }) => ({
      ...row,
      route: geoRoute
        ? {
            poundCode,
            rule: geoRoute.rule
              ? {
                  locationType: geoRoute.rule.locationType,
                  locationValue: geoRoute.rule.locationValue,
                  priority: geoRoute.rule.priority,
                }
              : null,
            location: callerLocation ?? null,
          }
        : null,
      // CHECK constraints hold these columns to the enumerations of the schema.
      direction: row.direction as CallLog["direction"],
      callStatus: row.callStatus as CallLog["callStatus"],
      recordingUrl: vm ? `/api/voicemails/${vm}/audio` : null,
    })),
    total,
    timeZone,
  };
}

async function countCalls(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(callLogs).where(where);
  return row?.total ?? 0;
}

/** Sets a call's notes; false when the call is not in the account. */
export async function updateCallNotes(
  db: Database,
  accountId: string,
  callId: string,
  body: UpdateCallBody,
  now: Date,
): Promise<{ id: string; notes: string | null } | null> {
  const [row] = await db
    .update(callLogs)
    .set({ notes: body.notes, updatedAt: now })
    .where(and(eq(callLogs.accountId, accountId), eq(callLogs.id, callId)))
    .returning({ id: callLogs.id, notes: callLogs.notes });
  return row ?? null;
}
