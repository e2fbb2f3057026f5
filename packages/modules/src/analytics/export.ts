import type { DateRangeQuery } from "@poundline/contracts/date-range";
import { type Database, queryRows, schema } from "@poundline/db";
import { dayRange } from "@poundline/domain/calendar-ranges";
import type { CsvCell } from "@poundline/platform/csv";
import { type SQL, sql } from "drizzle-orm";
import { accountTimeZone } from "../accounts/time-zone";
import { dailyCallFigures } from "./queries";

const { callLogs, messages, voicemails } = schema;

export const ANALYTICS_CSV_HEADER = [
  "Date",
  "Calls in",
  "Calls out",
  "Answered",
  "Missed",
  "Talk minutes",
  "Voicemails",
  "Call cost (USD)",
  "Texts in",
  "Texts out",
  "Text cost (USD)",
] as const;

interface TextDay extends Record<string, unknown> {
  day: string;
  inbound: number;
  outbound: number;
  cents: number;
}

/** The texts of each local day of the range: in, out, and what the outbound ones cost. */
function textDays(db: Database, accountId: string, start: Date, end: Date, timeZone: string) {
  return queryRows<TextDay>(
    db,
    sql`select to_char(sent_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
        (count(*) filter (where direction = 'inbound'))::int as inbound,
        (count(*) filter (where direction = 'outbound'))::int as outbound,
        coalesce(sum(price_cents), 0)::int as cents
      from ${messages}
      where account_id = ${accountId}
        and sent_at >= ${start.toISOString()}::timestamptz and sent_at < ${end.toISOString()}::timestamptz
      group by 1`,
  );
}

interface CallDay extends Record<string, unknown> {
  day: string;
  voicemails: number;
  cents: number;
}

/** Each local day's voicemails and what its calls cost (every leg is priced on its own row). */
function callSpendDays(db: Database, accountId: string, start: Date, end: Date, timeZone: string) {
  const within = (column: SQL) =>
    sql`account_id = ${accountId} and ${column} >= ${start.toISOString()}::timestamptz
      and ${column} < ${end.toISOString()}::timestamptz`;
  return queryRows<CallDay>(
    db,
    sql`select day, sum(voicemails)::int as voicemails, sum(cents)::int as cents from (
        select to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, 1 as voicemails, 0 as cents
        from ${voicemails} where ${within(sql`created_at`)}
        union all
        select to_char(call_start_time at time zone ${timeZone}, 'YYYY-MM-DD'), 0, coalesce(price_cents, 0)
        from ${callLogs} where ${within(sql`call_start_time`)} and price_cents is not null
      ) figures group by day`,
  );
}

/** Integer cents as dollars, without going through a float. */
export const dollarsOf = (cents: number) =>
  `${cents < 0 ? "-" : ""}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

/** One CSV row per day of the range (days in the account's time zone), a quiet day at zero. */
export async function analyticsCsvRows(db: Database, accountId: string, query: DateRangeQuery) {
  const timeZone = await accountTimeZone(db, accountId);
  const range = dayRange(query.from, query.to, timeZone);
  const [calls, texts, spend] = await Promise.all([
    dailyCallFigures(db, accountId, range, timeZone),
    textDays(db, accountId, range.start, range.end, timeZone),
    callSpendDays(db, accountId, range.start, range.end, timeZone),
  ]);
  const textsByDay = new Map(texts.map((row) => [row.day, row]));
  const spendByDay = new Map(spend.map((row) => [row.day, row]));
  return calls.map((day): CsvCell[] => {
    const text = textsByDay.get(day.day);
    const callDay = spendByDay.get(day.day);
    return [
      day.day,
      day.inbound,
      day.outbound,
      day.answered,
      day.missed,
      Math.round(day.answeredSeconds / 60),
      callDay?.voicemails ?? 0,
      dollarsOf(callDay?.cents ?? 0),
      text?.inbound ?? 0,
      text?.outbound ?? 0,
      dollarsOf(text?.cents ?? 0),
    ];
  });
}
