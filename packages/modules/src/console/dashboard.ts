import {
  type ActiveCall,
  type CallSummary,
  type DashboardStats,
  RECENT_LIMIT,
  STATS_WINDOW_DAYS,
} from "@poundline/contracts/console/schemas";
import type { Database } from "@poundline/db";
import { queryRows, schema } from "@poundline/db";
import { missedCallStatuses } from "@poundline/db/enums";
import { lastDays } from "@poundline/domain/calendar-ranges";
import { and, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";

const { callLogs, callStatsHourly, contacts, voicemails } = schema;

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

const HOUR_MS = 3_600_000;
const floorHour = (instant: Date) => new Date(Math.floor(instant.getTime() / HOUR_MS) * HOUR_MS);
const ceilHour = (instant: Date) => new Date(Math.ceil(instant.getTime() / HOUR_MS) * HOUR_MS);

/**
 * The four stat cards: the last 30 days against the 30 before, as the analytics count them (the
 * days of `lastDays` in the account's time zone; the calls that are not a leg of another). The
 * whole UTC hours of the windows are read from the hourly rollup (call_stats_hourly, kept by the
 * triggers on call_logs); the partial hours at their edges (a time zone at a half or quarter hour)
 * from the call logs themselves, by the account's index on start time: about 1,440 rollup rows and
 * a few dozen calls, whatever the account's volume.
 */
export async function dashboardStats(
  db: Database,
  accountId: string,
  now: Date,
  timeZone: string,
): Promise<DashboardStats> {
  const [row] = await queryRows<Record<string, number>>(
    db,
    dashboardStatsStatement(accountId, now, timeZone),
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

/** The stat cards' one statement (see dashboardStats). */
export function dashboardStatsStatement(accountId: string, now: Date, timeZone: string): SQL {
  const missed = sql.join(
    missedCallStatuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const { current, previous } = lastDays(STATS_WINDOW_DAYS, now, timeZone);
  const from = previous.start;
  const split = current.start;
  const to = current.end;
  const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
  const edge = (start: Date, end: Date) => sql`
    select ${callLogs.direction} as direction, ${callLogs.callStatus} as status,
      ${callLogs.callStartTime} >= ${at(split)} as current
    from ${callLogs}
    where ${callLogs.accountId} = ${accountId} and ${callLogs.parentCallSid} is null
      and ${callLogs.callStartTime} >= ${at(start)} and ${callLogs.callStartTime} < ${at(end)}`;
  return sql`
      with edges as (
        ${edge(from, ceilHour(from))}
        union all ${edge(floorHour(split), ceilHour(split))}
        union all ${edge(floorHour(to), to)}
      ),
      hours as (
        select hour >= ${at(ceilHour(split))} as current, top_calls, top_inbound, top_outbound, top_missed
        from ${callStatsHourly}
        where account_id = ${accountId} and hour >= ${at(ceilHour(from))} and hour < ${at(floorHour(to))}
          and not (hour >= ${at(floorHour(split))} and hour < ${at(ceilHour(split))})
      ),
      counts as (
        select current, count(*) as calls,
          count(*) filter (where direction = 'inbound') as inbound,
          count(*) filter (where direction = 'outbound') as outbound,
          count(*) filter (where status in (${missed})) as missed
        from edges group by current
        union all
        select current, sum(top_calls), sum(top_inbound), sum(top_outbound), sum(top_missed)
        from hours group by current
      )
      select
        coalesce(sum(calls) filter (where current), 0)::int as total,
        coalesce(sum(calls) filter (where not current), 0)::int as total_prev,
        coalesce(sum(inbound) filter (where current), 0)::int as incoming,
        coalesce(sum(inbound) filter (where not current), 0)::int as incoming_prev,
        coalesce(sum(outbound) filter (where current), 0)::int as outgoing,
        coalesce(sum(outbound) filter (where not current), 0)::int as outgoing_prev,
        coalesce(sum(missed) filter (where current), 0)::int as missed,
        coalesce(sum(missed) filter (where not current), 0)::int as missed_prev
      from counts
    `;
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

/** Where an active call was answered: its leg in progress, to a softphone or a phone. */
const answeredOn = sql<"phone" | "browser" | null>`(
  select case when leg.to_number like 'client:%' then 'browser' else 'phone' end
  from ${callLogs} leg
  where leg.parent_call_sid = ${callLogs.callSid} and leg.account_id = ${callLogs.accountId}
    and leg.call_status = 'in-progress'
  order by leg.call_start_time desc limit 1)`;

/** Calls of the account ringing or in progress now, oldest first. */
export async function activeCalls(db: Database, accountId: string, now: Date): Promise<ActiveCall[]> {
  const since = new Date(now.getTime() - ACTIVE_AT_MOST_HOURS * 3600_000);
  const rows = await db
    .select({ ...callSummary, answeredOn })
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
  return rows as ActiveCall[];
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
