import { type AnalyticsResponse, TOP_LIMIT } from "@poundline/contracts/analytics/schemas";
import { type Database, queryRows, schema } from "@poundline/db";
import { missedCallStatuses } from "@poundline/db/enums";
import { nanpAreaCodes } from "@poundline/domain";
import { type DayRange, eachDay } from "@poundline/domain/calendar-ranges";
import { and, asc, eq, inArray, sql } from "drizzle-orm";

const { callLogs, callStatsAreaHourly, callStatsExtensionHourly, callStatsHourly, contacts, extensions } =
  schema;

/** The <Dial> outcomes of an extension that answered. */
const EXTENSION_ANSWERED = ["completed", "answered"] as const;

const inList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(", ")})`);

interface AggregateRow extends Record<string, unknown> {
  /** "misaligned": the rollup's hours that are not whole hours of the time zone (calls = their number). */
  /** "fingerprint": the range's inbound calls (calls) and their sum weighted by hour (answered_seconds). */
  grouping: "total" | "day" | "hour" | "caller" | "area" | "extension" | "misaligned" | "fingerprint";
  day: string | null;
  weekday: number | null;
  hour: number | null;
  caller: string | null;
  area_code: string | null;
  extension_id: string | null;
  calls: number;
  inbound: number;
  outbound: number;
  answered: number;
  missed: number;
  answered_seconds: number;
  extension_answered: number;
  extension_seconds: number;
  contact_id: string | null;
  contact_name: string | null;
}

/**
 * The calls counted are those that are not a leg of another (parent_call_sid null: a forwarded
 * or ring group leg is part of its caller's call), as on the dashboard's stat cards. Legs are
 * outbound, so the callers (inbound calls) need no such test, and keep their index-only scan.
 *
 * Every figure of the screen from one pass over the range's call logs (the account's range of the
 * (account_id, call_start_time) index): the fallback for the time zones the hourly rollups cannot
 * serve (half and quarter hours). Each row costs one time zone conversion and three
 * hash lookups: a GROUPING SETS aggregate by local hour, by caller and by extension. The rest is
 * derived from those groups, not from the rows: the totals, the days and the weekday × hour
 * cells from the hours, the area codes from the callers. Only aggregates leave the database
 * (the top callers with their contact, each looked up by its key), never a call log.
 */
export function aggregateStatement(accountId: string, range: DayRange, timeZone: string) {
  const missed = inList(missedCallStatuses);
  const extensionAnswered = inList(EXTENSION_ANSWERED);
  const sums =
    sql.raw(`sum(calls)::int as calls, sum(inbound)::int as inbound, sum(outbound)::int as outbound,
        sum(answered)::int as answered, sum(missed)::int as missed, sum(answered_seconds)::bigint as answered_seconds,
        sum(extension_answered)::int as extension_answered, sum(extension_seconds)::bigint as extension_seconds`);
  return sql`
    with r as (
      select date_trunc('hour', l.call_start_time at time zone ${timeZone}) as local_hour,
        l.direction, l.call_status, l.duration_seconds, l.extension_id, l.extension_dial_status,
        l.parent_call_sid is null as top,
        case when l.direction = 'inbound' then l.from_number end as caller
      from ${callLogs} l
      where l.account_id = ${accountId}
        and l.call_start_time >= ${range.start.toISOString()}::timestamptz
        and l.call_start_time < ${range.end.toISOString()}::timestamptz
    ),
    g as (
      select
        case when grouping(local_hour) = 0 then 'hour' when grouping(caller) = 0 then 'caller'
          else 'extension' end as grouping,
        local_hour, caller, extension_id,
        (count(*) filter (where top))::int as calls,
        (count(*) filter (where top and direction = 'inbound'))::int as inbound,
        (count(*) filter (where top and direction = 'outbound'))::int as outbound,
        (count(*) filter (where top and call_status = 'completed'))::int as answered,
        (count(*) filter (where top and call_status in ${missed}))::int as missed,
        coalesce(sum(duration_seconds) filter (where top and call_status = 'completed'), 0)::bigint
          as answered_seconds,
        -- Every log, legs too: the callers and area codes (legs are outbound) and the calls put
        -- through to an extension (every log that names one), as their rollups count them.
        count(*)::int as all_calls,
        (count(*) filter (where extension_dial_status in ${extensionAnswered}))::int as extension_answered,
        coalesce(sum(duration_seconds) filter (where extension_dial_status in ${extensionAnswered}), 0)::bigint
          as extension_seconds
      from r
      group by grouping sets ((local_hour), (caller), (extension_id))
    ),
    hours as (select * from g where grouping = 'hour'),
    top_callers as (
      select caller, all_calls as calls from g where grouping = 'caller' and caller is not null
      order by all_calls desc, caller limit ${TOP_LIMIT}
    )
    select 'total' as grouping, null::text as day, null::int as weekday, null::int as hour, null::text as caller,
      null::text as area_code, null::text as extension_id, ${sums}, null::text as contact_id, null::text as contact_name
    from hours
    union all
    select 'day', to_char(local_hour, 'YYYY-MM-DD'), null, null, null, null, null, ${sums}, null, null
    from hours group by 2
    union all
    select 'hour', null, extract(dow from local_hour)::int, extract(hour from local_hour)::int, null, null, null,
      ${sums}, null, null
    from hours group by 3, 4
    union all
    -- Only the top callers look up their contact, each by the (account_id, phone) key.
    select 'caller', null, null, null, t.caller, null, null, t.calls, 0, 0, 0, 0, 0, 0, 0, c.id, c.name
    from top_callers t
    left join ${contacts} c on c.account_id = ${accountId} and c.phone = t.caller
    union all
    select 'area', null, null, null, null, substr(caller, 3, 3), null, sum(all_calls)::int, 0, 0, 0, 0, 0, 0, 0, null, null
    from g where grouping = 'caller' and caller ~ '^\\+1[2-9][0-9]{9}$'
    group by 6
    union all
    select 'extension', null, null, null, null, null, extension_id, all_calls, inbound, outbound, answered, missed,
      answered_seconds, extension_answered, extension_seconds, null, null
    from g where grouping = 'extension' and extension_id is not null`;
}

/**
 * The same figures from the hourly rollups (call_stats_hourly, call_stats_extension_hourly, kept
 * by the triggers on call_logs): the range's UTC hours, each placed on its local hour, so a year
 * reads 8,784 rows whatever the number of calls. Valid when the range starts and ends on whole UTC
 * hours and every hour of it is a whole local hour (a time zone whose offset is whole hours, the
 * "misaligned" row counting the others). The area codes come from their own hourly rollup (the
 * number's pattern tested once, when the call is logged). The top callers have no rollup (almost
 * every (caller, hour) is its own row): `topCallersStatement` counts them, and `areaCodesStatement`
 * sums the area codes' rollup; the "fingerprint" row
 * (the range's inbound calls, and the same weighted by their hour) tells when its answer can be
 * reused.
 */
export function rollupStatement(accountId: string, range: DayRange, timeZone: string) {
  const start = range.start.toISOString();
  const end = range.end.toISOString();
  const sums =
    sql.raw(`sum(calls)::int as calls, sum(inbound)::int as inbound, sum(outbound)::int as outbound,
        sum(answered)::int as answered, sum(missed)::int as missed, sum(answered_seconds)::bigint as answered_seconds,
        0 as extension_answered, 0::bigint as extension_seconds`);
  return sql`
    with h as (
      select s.hour, s.hour at time zone ${timeZone} as local_hour, s.top_calls as calls, s.top_inbound as inbound,
        s.top_outbound as outbound, s.top_answered as answered, s.top_missed as missed,
        s.top_answered_seconds as answered_seconds
      from ${callStatsHourly} s
      where s.account_id = ${accountId} and s.hour >= ${start}::timestamptz and s.hour < ${end}::timestamptz
        and s.top_calls <> 0
    )
    select 'total' as grouping, null::text as day, null::int as weekday, null::int as hour, null::text as caller,
      null::text as area_code, null::text as extension_id, ${sums}, null::text as contact_id, null::text as contact_name
    from h
    union all
    select 'misaligned', null, null, null, null, null, null, count(*)::int, 0, 0, 0, 0, 0, 0, 0, null, null
    from h where local_hour <> date_trunc('hour', local_hour)
    union all
    select 'day', to_char(local_hour, 'YYYY-MM-DD'), null, null, null, null, null, ${sums}, null, null
    from h group by 2
    union all
    select 'hour', null, extract(dow from local_hour)::int, extract(hour from local_hour)::int, null, null, null,
      ${sums}, null, null
    from h group by 3, 4
    union all
    select 'fingerprint', null, null, null, null, null, null, coalesce(sum(inbound), 0)::int, 0, 0, 0, 0,
      coalesce(sum(inbound::bigint * (extract(epoch from hour)::bigint / 3600)), 0)::bigint, 0, 0, null, null
    from h
    union all
    select 'extension', null, null, null, null, null, e.extension_id, sum(e.calls)::int, 0, 0, 0, 0, 0,
      sum(e.answered)::int, sum(e.answered_seconds)::bigint, null, null
    from ${callStatsExtensionHourly} e
    where e.account_id = ${accountId} and e.hour >= ${start}::timestamptz and e.hour < ${end}::timestamptz
    group by e.extension_id`;
}

/**
 * The parts of the figures that grow with the range's inbound calls (tens of thousands over 90
 * days): the calls per area code (their hourly rollup has about a row per inbound call when the
 * callers are all different) and the most frequent callers (an index-only scan of
 * call_logs_account_inbound_callers_idx).
 */
export function areaCodesStatement(accountId: string, range: DayRange) {
  return sql`
    select a.area_code, sum(a.calls)::int as calls
    from ${callStatsAreaHourly} a
    where a.account_id = ${accountId} and a.hour >= ${range.start.toISOString()}::timestamptz
      and a.hour < ${range.end.toISOString()}::timestamptz
    group by a.area_code having sum(a.calls) <> 0`;
}

export function topCallersStatement(accountId: string, range: DayRange) {
  return sql`
    select l.from_number as caller, count(*)::int as calls
    from ${callLogs} l
    where l.account_id = ${accountId} and l.direction = 'inbound'
      and l.call_start_time >= ${range.start.toISOString()}::timestamptz
      and l.call_start_time < ${range.end.toISOString()}::timestamptz
    group by 1
    order by 2 desc, 1
    limit ${TOP_LIMIT}`;
}

/**
 * The last caller figures per account and range, kept while the range's fingerprint stands.
 * A call log's caller and direction never change; a new inbound call in the range, or one whose
 * start moves to another hour, changes the fingerprint (kept by the rollup triggers in the call
 * log's own transaction), so a reused answer is the one the count would give. Per database
 * (tests open many) and bounded: the oldest entry goes first.
 */
interface CallerFigures {
  fingerprint: string;
  top: CallerCount[];
  areas: AreaCount[];
}
const callerFiguresCache = new WeakMap<Database, Map<string, CallerFigures>>();
const CALLER_FIGURES_CACHED = 500;

interface CallerCount extends Record<string, unknown> {
  caller: string;
  calls: number;
}
interface AreaCount extends Record<string, unknown> {
  area_code: string;
  calls: number;
}

async function callerFigures(db: Database, accountId: string, range: DayRange, fingerprint: string) {
  const cache = callerFiguresCache.get(db) ?? new Map<string, CallerFigures>();
  callerFiguresCache.set(db, cache);
  const key = `${accountId}|${range.start.toISOString()}|${range.end.toISOString()}`;
  let figures = cache.get(key);
  if (figures?.fingerprint !== fingerprint) {
    const [top, areas] = await Promise.all([
      queryRows<CallerCount>(db, topCallersStatement(accountId, range)),
      queryRows<AreaCount>(db, areaCodesStatement(accountId, range)),
    ]);
    figures = { fingerprint, top, areas };
    cache.delete(key);
    cache.set(key, figures);
    if (cache.size > CALLER_FIGURES_CACHED) cache.delete(cache.keys().next().value as string);
  }
  const { top, areas } = figures;
  // Names are read anew: a contact renamed since shows its new name.
  const named =
    top.length === 0
      ? []
      : await db
          .select({ id: contacts.id, name: contacts.name, phone: contacts.phone })
          .from(contacts)
          .where(
            and(
              eq(contacts.accountId, accountId),
              inArray(
                contacts.phone,
                top.map((t) => t.caller),
              ),
            ),
          );
  const byPhone = new Map(named.map((c) => [c.phone, c]));
  const row = (fields: Partial<AggregateRow> & Pick<AggregateRow, "grouping" | "calls">): AggregateRow => ({
    day: null,
    weekday: null,
    hour: null,
    caller: null,
    area_code: null,
    extension_id: null,
    inbound: 0,
    outbound: 0,
    answered: 0,
    missed: 0,
    answered_seconds: 0,
    extension_answered: 0,
    extension_seconds: 0,
    contact_id: null,
    contact_name: null,
    ...fields,
  });
  return [
    ...top.map((t) =>
      row({
        grouping: "caller",
        caller: t.caller,
        calls: t.calls,
        contact_id: byPhone.get(t.caller)?.id ?? null,
        contact_name: byPhone.get(t.caller)?.name ?? null,
      }),
    ),
    ...areas.map((a) => row({ grouping: "area", area_code: a.area_code, calls: a.calls })),
  ];
}

/** Where the figures come from: the rollups where they serve the range (the default), or the call logs. */
export type AnalyticsSource = "rollup" | "call_logs";

const HOUR_MS = 3_600_000;
const onWholeHour = (instant: Date) => instant.getTime() % HOUR_MS === 0;

/**
 * The aggregate rows of the range: from the rollups when its days are whole UTC hours, else (a
 * time zone at a half or quarter hour) from the call logs themselves.
 */
async function aggregateRows(
  db: Database,
  accountId: string,
  range: DayRange,
  timeZone: string,
  source: AnalyticsSource,
) {
  if (source === "rollup" && onWholeHour(range.start) && onWholeHour(range.end)) {
    const rows = await queryRows<AggregateRow>(db, rollupStatement(accountId, range, timeZone));
    const misaligned = rows.find((row) => row.grouping === "misaligned");
    if (!misaligned || misaligned.calls === 0) {
      const fingerprint = rows.find((row) => row.grouping === "fingerprint");
      const callers = await callerFigures(
        db,
        accountId,
        range,
        `${fingerprint?.calls}:${fingerprint?.answered_seconds}`,
      );
      return [...rows, ...callers];
    }
  }
  return queryRows<AggregateRow>(db, aggregateStatement(accountId, range, timeZone));
}

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const average = (seconds: number, calls: number) => (calls === 0 ? null : Math.round(seconds / calls));
const secondsOf = (value: unknown) => Number(value ?? 0);

type Figures = Omit<AnalyticsResponse, "range">;
type ExtensionRef = Pick<typeof extensions.$inferSelect, "id" | "extensionNumber" | "name">;

function totalsOf(total: AggregateRow | undefined): Figures["totals"] {
  const calls = total?.calls ?? 0;
  const answered = total?.answered ?? 0;
  const missed = total?.missed ?? 0;
  const answeredSeconds = secondsOf(total?.answered_seconds);
  return {
    total: calls,
    inbound: total?.inbound ?? 0,
    outbound: total?.outbound ?? 0,
    answered,
    missed,
    answerRate: rate(answered, calls),
    missedRate: rate(missed, calls),
    averageDurationSeconds: average(answeredSeconds, answered),
    totalDurationSeconds: answeredSeconds,
  };
}

/** Every day of the range, a day without calls at zero. */
function dailyFigures(range: DayRange, dayRows: AggregateRow[]): Figures["daily"] {
  const byDay = new Map(dayRows.map((row) => [row.day, row]));
  return eachDay(range.from, range.to).map((day) => {
    const row = byDay.get(day);
    return { day, inbound: row?.inbound ?? 0, outbound: row?.outbound ?? 0, missed: row?.missed ?? 0 };
  });
}

/** All 7 × 24 weekday and hour cells, an hour without calls at zero. */
function busiestHours(hourRows: AggregateRow[]): Figures["busiestHours"] {
  const byCell = new Map(hourRows.map((row) => [`${row.weekday}:${row.hour}`, row.calls]));
  return Array.from({ length: 7 * 24 }, (_, i) => {
    const weekday = Math.floor(i / 24);
    const hour = i % 24;
    return { weekday, hour, calls: byCell.get(`${weekday}:${hour}`) ?? 0 };
  });
}

function topCallers(callerRows: AggregateRow[]): Figures["topCallers"] {
  return callerRows
    .sort((a, b) => b.calls - a.calls || (a.caller ?? "").localeCompare(b.caller ?? ""))
    .map((row) => ({
      number: row.caller ?? "",
      contactId: row.contact_id,
      name: row.contact_name,
      calls: row.calls,
    }));
}

/** The top area codes, and the top regions they serve. */
function geographyFigures(areaRows: AggregateRow[]): Pick<Figures, "topAreaCodes" | "topStates"> {
  const areaCodes = areaRows
    .map((row) => ({
      areaCode: row.area_code ?? "",
      region: nanpAreaCodes.get(row.area_code ?? "")?.regions[0] ?? null,
      calls: row.calls,
    }))
    .sort((a, b) => b.calls - a.calls || a.areaCode.localeCompare(b.areaCode));
  const byRegion = new Map<string, number>();
  // An area code serving several regions counts for each (a handful of overlays and Caribbean codes).
  for (const { areaCode, calls: n } of areaCodes)
    for (const region of nanpAreaCodes.get(areaCode)?.regions ?? [])
      byRegion.set(region, (byRegion.get(region) ?? 0) + n);
  return {
    topAreaCodes: areaCodes.slice(0, TOP_LIMIT),
    topStates: [...byRegion]
      .map(([region, n]) => ({ region, calls: n }))
      .sort((a, b) => b.calls - a.calls || a.region.localeCompare(b.region))
      .slice(0, TOP_LIMIT),
  };
}

/** Every extension of the account, one without calls at zero. */
function extensionFigures(
  accountExtensions: ExtensionRef[],
  extensionRows: AggregateRow[],
): Figures["extensions"] {
  const byExtension = new Map(extensionRows.map((row) => [row.extension_id, row]));
  return accountExtensions.map((extension) => {
    const row = byExtension.get(extension.id);
    const put = row?.calls ?? 0;
    const took = row?.extension_answered ?? 0;
    return {
      extensionId: extension.id,
      extensionNumber: extension.extensionNumber,
      name: extension.name,
      calls: put,
      answered: took,
      missed: put - took,
      averageDurationSeconds: average(secondsOf(row?.extension_seconds), took),
    };
  });
}

/** The figures of the analytics screen for the account over the range's days. */
export async function callAnalytics(
  db: Database,
  accountId: string,
  range: DayRange,
  timeZone: string,
  source: AnalyticsSource = "rollup",
): Promise<Figures> {
  const [rows, accountExtensions] = await Promise.all([
    aggregateRows(db, accountId, range, timeZone, source),
    db
      .select({ id: extensions.id, extensionNumber: extensions.extensionNumber, name: extensions.name })
      .from(extensions)
      .where(eq(extensions.accountId, accountId))
      .orderBy(asc(extensions.extensionNumber)),
  ]);
  const of = (grouping: AggregateRow["grouping"]) => rows.filter((row) => row.grouping === grouping);
  return {
    from: range.from,
    to: range.to,
    timeZone,
    start: range.start.toISOString(),
    end: range.end.toISOString(),
    totals: totalsOf(of("total")[0]),
    daily: dailyFigures(range, of("day")),
    busiestHours: busiestHours(of("hour")),
    topCallers: topCallers(of("caller")),
    ...geographyFigures(of("area")),
    extensions: extensionFigures(accountExtensions, of("extension")),
  };
}

/** The calls of each day of the range (the screen's daily figures, with answered and talk time). */
export async function dailyCallFigures(db: Database, accountId: string, range: DayRange, timeZone: string) {
  const rows = await aggregateRows(db, accountId, range, timeZone, "rollup");
  const byDay = new Map(rows.filter((row) => row.grouping === "day").map((row) => [row.day, row]));
  return eachDay(range.from, range.to).map((day) => {
    const row = byDay.get(day);
    return {
      day,
      inbound: row?.inbound ?? 0,
      outbound: row?.outbound ?? 0,
      answered: row?.answered ?? 0,
      missed: row?.missed ?? 0,
      answeredSeconds: secondsOf(row?.answered_seconds),
    };
  });
}
