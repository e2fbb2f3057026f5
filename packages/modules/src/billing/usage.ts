import { type Database, monthStart, queryRows, schema } from "@poundline/db";
import { and, count, eq, gte, sql } from "drizzle-orm";

const { callLogs, messages, numberRouting } = schema;

/** Outbound texts the account sent this month (the plan's texts a month). */
export async function textsSentThisMonth(db: Pick<Database, "select">, accountId: string, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.accountId, accountId),
        gte(messages.sentAt, monthStart(now)),
        eq(messages.direction, "outbound"),
      ),
    );
  return row?.n ?? 0;
}

/** Seconds of calls this month through the account's numbers that record their calls. */
export async function recordedSecondsThisMonth(db: Database, accountId: string, now: Date) {
  const [row] = await queryRows<{ seconds: number | string | null }>(
    db,
    sql`select coalesce(sum(${callLogs.durationSeconds}), 0) as seconds
      from ${callLogs} join ${numberRouting} on ${numberRouting.phoneNumberId} = ${callLogs.phoneNumberId}
      where ${callLogs.accountId} = ${accountId} and ${numberRouting.recordCalls}
        and ${callLogs.callStartTime} >= ${monthStart(now).toISOString()}::timestamptz`,
  );
  return Number(row?.seconds ?? 0);
}
