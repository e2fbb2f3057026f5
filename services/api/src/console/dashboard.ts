import type { Database } from "@poundline/db";
import { queryRows, schema } from "@poundline/db";
import { missedCallStatuses } from "@poundline/db/enums";
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { type CallSummary, type DashboardStats, RECENT_LIMIT, STATS_WINDOW_DAYS } from "./schemas";

const { callLogs, contacts, voicemails } = schema;

/** Statuses of a call that did not reach anyone (the Missed card). */

/** Statuses of a call still ringing or in progress (the Active calls panel). */
export const ACTIVE_STATUSES = ["queued", "initiated", "ringing", "in-progress"] as const;
/** A call "active" for longer than this lost its final status callback: it is not shown as live. */
const ACTIVE_AT_MOST_HOURS = 12;

/** Change of `value` against `previous`, in percent with one decimal; null when there was nothing before. */
export function changePercent(value: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((value - previous) / previous) * 1000) / 10;
}

/**
 * The four stat cards, one aggregate over the last 60 days of call logs (the account's index on
 * start time): the last 30 days against the 30 before.
 */
export async function dashboardStats(db: Database, accountId: string, now: Date): Promise<DashboardStats> {
  const missed = sql.join(
    missedCallStatuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`
      with w as (
        select ${callLogs.direction} as direction, ${callLogs.callStatus} as status,
          ${callLogs.callStartTime} >= ${now.toISOString()}::timestamptz - make_interval(days => ${STATS_WINDOW_DAYS}) as current
        from ${callLogs}
        where ${callLogs.accountId} = ${accountId}
          and ${callLogs.callStartTime} >= ${now.toISOString()}::timestamptz - make_interval(days => ${STATS_WINDOW_DAYS * 2})
          and ${callLogs.callStartTime} <= ${now.toISOString()}::timestamptz
          and ${callLogs.parentCallSid} is null
      )
      select
        count(*) filter (where current)::int as total,
        count(*) filter (where not current)::int as total_prev,
        count(*) filter (where current and direction = 'inbound')::int as incoming,
        count(*) filter (where not current and direction = 'inbound')::int as incoming_prev,
        count(*) filter (where current and direction = 'outbound')::int as outgoing,
        count(*) filter (where not current and direction = 'outbound')::int as outgoing_prev,
        count(*) filter (where current and status in (${missed}))::int as missed,
        count(*) filter (where not current and status in (${missed}))::int as missed_prev
      from w
    `,
  );
  const stat = (key: string) => {
    const value = Number(row?.[key] ?? 0);
    const previous = Number(row?.[`${key}_prev`] ?? 0);
    return { value, previous, changePercent: changePercent(value, previous) };
  };
  return {
    windowDays: STATS_WINDOW_DAYS,
    totalCalls: stat("total"),
    incoming: stat("incoming"),
    outgoing: stat("outgoing"),
    missed: stat("missed"),
  };
}

const callSummary = {
  id: callLogs.id,
  callSid: callLogs.callSid,
  direction: callLogs.direction,
  fromNumber: callLogs.fromNumber,
  toNumber: callLogs.toNumber,
  callStatus: callLogs.callStatus,
  callStartTime: callLogs.callStartTime,
  answeredAt: callLogs.answeredAt,
  durationSeconds: callLogs.durationSeconds,
  contactName: contacts.name,
};

/** The account's latest calls (legs of another call left out), newest first. */
export async function recentCalls(db: Database, accountId: string): Promise<CallSummary[]> {
  const rows = await db
    .select(callSummary)
    .from(callLogs)
    .leftJoin(contacts, and(eq(contacts.id, callLogs.contactId), eq(contacts.accountId, accountId)))
    .where(and(eq(callLogs.accountId, accountId), sql`${callLogs.parentCallSid} is null`))
    .orderBy(desc(callLogs.callStartTime), desc(callLogs.id))
    .limit(RECENT_LIMIT);
  return rows as CallSummary[];
}

/** Calls of the account ringing or in progress now, oldest first. */
export async function activeCalls(db: Database, accountId: string, now: Date): Promise<CallSummary[]> {
  const since = new Date(now.getTime() - ACTIVE_AT_MOST_HOURS * 3600_000);
  const rows = await db
    .select(callSummary)
    .from(callLogs)
    .leftJoin(contacts, and(eq(contacts.id, callLogs.contactId), eq(contacts.accountId, accountId)))
    .where(
      and(
        eq(callLogs.accountId, accountId),
        sql`${callLogs.parentCallSid} is null`,
        inArray(callLogs.callStatus, [...ACTIVE_STATUSES]),
        gte(callLogs.callStartTime, since),
      ),
    )
    .orderBy(callLogs.callStartTime, callLogs.id)
    .limit(50);
  return rows as CallSummary[];
}

/** The account's latest voicemails, newest first. */
export async function recentVoicemails(db: Database, accountId: string) {
  const rows = await db
    .select({
      id: voicemails.id,
      fromNumber: voicemails.fromNumber,
      durationSeconds: voicemails.durationSeconds,
      status: voicemails.status,
      transcription: voicemails.transcription,
      createdAt: voicemails.createdAt,
      contactName: contacts.name,
    })
    .from(voicemails)
    .leftJoin(contacts, and(eq(contacts.accountId, accountId), eq(contacts.phone, voicemails.fromNumber)))
    .where(eq(voicemails.accountId, accountId))
    .orderBy(desc(voicemails.createdAt), desc(voicemails.id))
    .limit(RECENT_LIMIT);
  // The CHECK constraint holds status to unread/read.
  return rows.map((r) => ({ ...r, status: r.status as "unread" | "read" }));
}

/** The account's phone numbers: the caller IDs a call may show. */
export async function accountNumbers(db: Database, accountId: string) {
  const { phoneNumbers } = schema;
  return db
    .select({ id: phoneNumbers.id, e164: phoneNumbers.e164, friendlyName: phoneNumbers.friendlyName })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.accountId, accountId))
    .orderBy(phoneNumbers.e164);
}
