import {
  type CallLog,
  type ExportCallsQuery,
  type ListCallsQuery,
  MISSED_CALL_STATUSES,
  type UpdateCallBody,
} from "@poundline/contracts/calls/schemas";
import type { Database } from "@poundline/db";
import { schema } from "@poundline/db";
import type { CsvCell } from "@poundline/platform/csv";
import {
  and,
  arrayContains,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  notLike,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { accountTimeZone } from "../accounts/time-zone";
import { afterCursor, pageOf, type SortKey, sortKeyOf } from "../pagination";
import { daysKeptBeforeDeletion, hasStoredRecording, recordingCount } from "../recordings/call-recordings";

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
  // A leg (a phone or softphone rung, a party called into a room) is shown with its call.
  const conditions: (SQL | undefined)[] = [eq(callLogs.accountId, accountId), isNull(callLogs.parentCallSid)];
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
        // What was said: the call's recordings' transcripts.
        ilike(callLogs.transcript, pattern),
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
  if (query.direction === "blocked") conditions.push(isNotNull(callLogs.blockRule));
  if (query.tag?.length) conditions.push(arrayContains(callLogs.tags, query.tag));
  if (query.disposition) conditions.push(eq(callLogs.disposition, query.disposition));
  if (query.date) {
    // Midnight to midnight of that calendar day where the account is (23 or 25 hours on DST days).
    const start = sql`(${query.date}::date)::timestamp at time zone ${timeZone}`;
    const end = sql`((${query.date}::date + 1))::timestamp at time zone ${timeZone}`;
    conditions.push(sql`${callLogs.callStartTime} >= ${start}`, sql`${callLogs.callStartTime} < ${end}`);
  }
  return and(...conditions);
}

/**
 * How far the call history counts: exactly up to the next multiple of this past the page and the
 * two pages after it (the pager's window), "more than" beyond. A count is as slow as the rows it
 * counts, and an account's history grows by the hundred thousand; a bounded count costs about
 * what the page costs (its offset), whatever the history's size.
 */
export const CALL_COUNT_STEP = 1000;

/** The bound of the count for a page: a multiple of CALL_COUNT_STEP, at least 2 pages past it. */
export function callCountBound(offset: number, pageSize: number): number {
  return Math.max(1, Math.ceil((offset + 3 * pageSize) / CALL_COUNT_STEP)) * CALL_COUNT_STEP;
}

const callOrder: SortKey = { at: callLogs.callStartTime, id: callLogs.id };

/** The rows a page holds: the public API's `limit`, else the console's `pageSize`. */
export const callPageSize = (query: ListCallsQuery) => query.limit ?? query.pageSize;

/**
 * The page's ids, each with the count of the matches up to the bound (`callCountBound`), in one
 * statement (exported for bench:console's plans). After a cursor, the matches are those after it;
 * the page is read one row long, to know whether another follows.
 */
export function callHistoryPage(db: Database, accountId: string, query: ListCallsQuery, timeZone: string) {
  const where = and(callHistoryWhere(accountId, query, timeZone), afterCursor(callOrder, query.cursor));
  const pageSize = callPageSize(query);
  const offset = (query.page - 1) * pageSize;
  const bound = callCountBound(offset, pageSize);
  // The first `bound` + 1 matches newest first, once: the page is among them and they are the
  // count. Filters follow an index (account, [direction,] start time, id), read in its order; a
  // search finds its rows through the trigram index (call_logs_search_idx) when they are few and
  // walks the time index filtering when they are many: the planner weighs both.
  const first = db.$with("first").as(
    db
      .select({ id: callLogs.id, at: callLogs.callStartTime })
      .from(callLogs)
      .where(where)
      .orderBy(desc(callLogs.callStartTime), desc(callLogs.id))
      .limit(bound + 1),
  );
  return db
    .with(first)
    .select({
      id: first.id,
      counted: sql<number>`(select count(*) from ${first})`.mapWith(Number),
      sortKey: sortKeyOf({ at: first.at, id: first.id }),
    })
    .from(first)
    .orderBy(desc(first.at), desc(first.id))
    .limit(pageSize + 1)
    .offset(offset);
}

type CallPage = {
  calls: CallLog[];
  total: number;
  totalExact: boolean;
  timeZone: string;
  nextCursor: string | null;
};

/**
 * One page of the account's calls, newest first, with the count of those matching: exact up to
 * `callCountBound` of the page (`totalExact`), the bound itself beyond it.
 */
export async function listCalls(db: Database, accountId: string, query: ListCallsQuery): Promise<CallPage> {
  const timeZone = await accountTimeZone(db, accountId);
  const pageSize = callPageSize(query);
  const offset = (query.page - 1) * pageSize;
  const bound = callCountBound(offset, pageSize);
  const found = await callHistoryPage(db, accountId, query, timeZone);
  // A page past the end holds no row to carry the count.
  const where = and(callHistoryWhere(accountId, query, timeZone), afterCursor(callOrder, query.cursor));
  const counted = found[0]?.counted ?? (offset === 0 ? 0 : await countCalls(db, where, bound + 1));
  const { rows: pageIds, nextCursor } = pageOf(found, pageSize);
  const total = Math.min(counted, bound);
  const totalExact = counted <= bound;
  if (pageIds.length === 0) return { calls: [], total, totalExact, timeZone, nextCursor };
  return {
    calls: await callsByIds(
      db,
      accountId,
      pageIds.map((r) => r.id),
    ),
    total,
    totalExact,
    timeZone,
    nextCursor,
  };
}

/** The calls of these ids, newest first, whole: their team, recordings, route and contact. */
async function callsByIds(db: Database, accountId: string, ids: string[]): Promise<CallLog[]> {
  const order = [desc(callLogs.callStartTime), desc(callLogs.id)];
  // The newest voicemail left on the call, if any: its recording is the call's, unless the call was recorded.
  const voicemailId = sql<string | null>`(
    select ${voicemails.id} from ${voicemails}
    where ${voicemails.callLogId} = ${callLogs.id} and ${voicemails.accountId} = ${accountId}
    order by ${voicemails.createdAt} desc limit 1)`;
  const rows = await db
    .select({
      ...teamColumns(accountId),
      id: callLogs.id,
      direction: callLogs.direction,
      fromNumber: callLogs.fromNumber,
      toNumber: callLogs.toNumber,
      callStartTime: callLogs.callStartTime,
      durationSeconds: callLogs.durationSeconds,
      callStatus: callLogs.callStatus,
      notes: callLogs.notes,
      tags: callLogs.tags,
      disposition: callLogs.disposition,
      blockRule: callLogs.blockRule,
      contactId: callLogs.contactId,
      contactName: contacts.name,
      voicemailId,
      recorded: hasStoredRecording(accountId),
      recordingCount: recordingCount(accountId),
      deletedAfterDays: daysKeptBeforeDeletion(accountId),
      geoRoute: callLogs.geoRoute,
      callerLocation: callLogs.callerLocation,
      poundCode: schema.sharedNumbers.poundCode,
    })
    .from(callLogs)
    .leftJoin(contacts, and(eq(contacts.id, callLogs.contactId), eq(contacts.accountId, accountId)))
    .leftJoin(schema.sharedNumbers, eq(schema.sharedNumbers.id, callLogs.sharedNumberId))
    .where(and(eq(callLogs.accountId, accountId), inArray(callLogs.id, ids)))
    .orderBy(...order);
  return rows.map(
    ({ voicemailId: vm, recorded, deletedAfterDays, geoRoute, callerLocation, poundCode, ...row }) => ({
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
      // The recorded call's own recording once stored, else its voicemail's.
      recordingUrl: recorded ? `/api/calls/${row.id}/recording` : vm ? `/api/voicemails/${vm}/audio` : null,
      recordingKind: recorded ? ("call" as const) : vm ? ("voicemail" as const) : null,
      recordingDeleted:
        !recorded && deletedAfterDays !== null
          ? { reason: "retention" as const, afterDays: Number(deletedAfterDays) }
          : null,
    }),
  );
}

/**
 * The call's parties: its legs, and the legs of a leg that was handed on (a transfer). Who of the
 * team was on a call: who placed an outbound one; who answered an inbound one (the
 * member whose forwarding phone or softphone took an answered leg); and, for a missed call, who returned it
 * (the first call a member placed to the caller after it, as voicemails count it).
 */
function teamColumns(accountId: string) {
  const { memberSettings } = schema;
  return {
    parties: sql<CallLog["parties"]>`(select coalesce(json_agg(json_build_object(
        'number', leg.to_number, 'status', leg.call_status, 'durationSeconds', leg.duration_seconds,
        'userId', ms.user_id) order by leg.call_start_time, leg.id), '[]'::json)
      from ${callLogs} leg
      left join ${memberSettings} ms on ms.account_id = leg.account_id
        and (ms.forwarding_phone = leg.to_number or leg.to_number = 'client:' || ms.account_id || '_' || ms.user_id)
      where leg.account_id = ${accountId} and (leg.parent_call_sid = ${callLogs.callSid}
        -- A leg handed on (the callee of a call placed from the browser, transferred): its own legs.
        or leg.parent_call_sid in (select hop.call_sid from ${callLogs} hop
          where hop.parent_call_sid = ${callLogs.callSid} and hop.account_id = ${accountId})))`,
    placedById: sql<string | null>`case when ${callLogs.direction} = 'outbound' then ${callLogs.userId} end`,
    answeredById: sql<string | null>`(select ms.user_id from ${callLogs} leg
      join ${memberSettings} ms on ms.account_id = leg.account_id
        and (ms.forwarding_phone = leg.to_number or leg.to_number = 'client:' || ms.account_id || '_' || ms.user_id)
      where leg.parent_call_sid = ${callLogs.callSid} and leg.account_id = ${accountId}
        and leg.answered_at is not null
      order by leg.answered_at limit 1)`,
    returnedById: sql<
      string | null
    >`case when ${callLogs.direction} = 'inbound' and ${callLogs.callStatus} in ${sql.raw(MISSED_SQL_LIST)} then (
      select r.user_id from ${callLogs} r
      where r.account_id = ${accountId} and r.direction = 'outbound'
        and r.to_number = ${callLogs.fromNumber} and r.call_start_time >= ${callLogs.callStartTime}
        and r.user_id is not null
      order by r.call_start_time limit 1) end`,
  };
}

/** The calls matching, counted up to `max`. */
async function countCalls(db: Database, where: SQL | undefined, max: number): Promise<number> {
  const matching = db
    .select({ one: sql`1`.as("one") })
    .from(callLogs)
    .where(where)
    .limit(max)
    .as("matching");
  const [row] = await db.select({ total: count() }).from(matching);
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

export const CALL_CSV_HEADER = [
  "Date",
  "Time",
  "Direction",
  "From",
  "To",
  "Contact",
  "Status",
  "Duration (seconds)",
  "Tags",
  "Disposition",
  "Blocked by",
  "Notes",
] as const;

const EXPORT_BATCH = 1000;

/**
 * The calls of the range (days in the account's time zone), oldest first, as CSV rows in
 * batches: each batch a keyset page, so a year of calls streams in flat memory.
 */
export async function* exportCallRows(
  db: Database,
  accountId: string,
  query: ExportCallsQuery,
): AsyncGenerator<CsvCell[][]> {
  const timeZone = await accountTimeZone(db, accountId);
  const where = callHistoryWhere(accountId, { ...query, page: 1, pageSize: 1 }, timeZone);
  const start = sql`(${query.from}::date)::timestamp at time zone ${timeZone}`;
  const end = sql`((${query.to}::date + 1))::timestamp at time zone ${timeZone}`;
  const local = sql`${callLogs.callStartTime} at time zone ${timeZone}`;
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? sql`(${callLogs.callStartTime}, ${callLogs.id}) > (${after.at.toISOString()}::timestamptz, ${after.id})`
      : undefined;
    const rows = await db
      .select({
        id: callLogs.id,
        at: callLogs.callStartTime,
        day: sql<string>`to_char(${local}, 'YYYY-MM-DD')`,
        time: sql<string>`to_char(${local}, 'HH24:MI:SS')`,
        direction: callLogs.direction,
        fromNumber: callLogs.fromNumber,
        toNumber: callLogs.toNumber,
        contactName: contacts.name,
        callStatus: callLogs.callStatus,
        durationSeconds: callLogs.durationSeconds,
        tags: callLogs.tags,
        disposition: callLogs.disposition,
        blockRule: callLogs.blockRule,
        notes: callLogs.notes,
      })
      .from(callLogs)
      .leftJoin(contacts, and(eq(contacts.id, callLogs.contactId), eq(contacts.accountId, accountId)))
      .where(
        and(
          where,
          sql`${callLogs.callStartTime} >= ${start}`,
          sql`${callLogs.callStartTime} < ${end}`,
          cursor,
        ),
      )
      .orderBy(callLogs.callStartTime, callLogs.id)
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    yield rows.map((r) => [
      r.day,
      r.time,
      r.direction,
      r.fromNumber,
      r.toNumber,
      r.contactName,
      r.callStatus,
      r.durationSeconds,
      r.tags.join(", "),
      r.disposition,
      r.blockRule,
      r.notes,
    ]);
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = { at: last.at, id: last.id };
  }
}
