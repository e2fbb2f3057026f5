import { type Database, monthStart, schema } from "@poundline/db";
import { and, count, eq, gte, ne, sql } from "drizzle-orm";

const { callRecordings, messages } = schema;

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

// A recording the carrier lost (failed) was never ours to keep; one deleted since still counts.
const recordedSeconds = sql<string>`coalesce(sum(${callRecordings.durationSeconds}), 0)`;
const recordedThisMonth = (now: Date) =>
  and(gte(callRecordings.createdAt, monthStart(now)), ne(callRecordings.status, "failed"));

/** Seconds of call recordings the account received this month (the plan's recording hours). */
export async function recordedSecondsThisMonth(db: Pick<Database, "select">, accountId: string, now: Date) {
  const [row] = await db
    .select({ seconds: recordedSeconds })
    .from(callRecordings)
    .where(and(eq(callRecordings.accountId, accountId), recordedThisMonth(now)));
  return Number(row?.seconds ?? 0);
}

/** The same for every account that recorded this month (the routing tables' recording gate). */
export async function recordedSecondsByAccount(
  db: Pick<Database, "select">,
  now: Date,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ accountId: callRecordings.accountId, seconds: recordedSeconds })
    .from(callRecordings)
    .where(recordedThisMonth(now))
    .groupBy(callRecordings.accountId);
  return new Map(rows.map((r) => [r.accountId, Number(r.seconds)]));
}
