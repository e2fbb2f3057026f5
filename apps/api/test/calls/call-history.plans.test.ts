import { listCallsQuerySchema } from "@poundline/contracts/calls/schemas";
import { schema } from "@poundline/db";
import { accountTimeZone } from "@poundline/modules/accounts/time-zone";
import { callHistoryWhere } from "@poundline/modules/calls/queries";
import { desc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type TestUser } from "../fixtures";

/**
 * The call history's page queries follow an index whatever the filters; a search of a term few
 * calls hold finds them through the trigram index (call_logs_search_idx). 20,000 calls in each
 * of two accounts; the plans are printed for the record.
 */
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  const other = await createUser(t);
  for (const account of [user.accountId, other.accountId])
    await t.db.db.execute(
      sql.raw(`insert into call_logs (id, account_id, call_sid, direction, from_number, to_number,
        call_start_time, duration_seconds, call_status, notes)
      select 'call_' || md5('${account}' || g), '${account}', 'CA' || md5('${account}' || g),
        case when g % 2 = 0 then 'inbound' else 'outbound' end, '+1555' || lpad(g::text, 7, '0'),
        '+18005550100', now() - (g * 13 || ' minutes')::interval, g % 600,
        (array['completed','completed','missed','voicemail_missed','no-answer'])[1 + g % 5],
        case when g % 50 = 0 then 'invoice ' || g end
      from generate_series(1, 20000) g`),
    );
  // As autovacuum leaves it: statistics, and the trigram index's pending list merged.
  await t.db.db.execute(sql`vacuum analyze call_logs`);
}, 120_000);
afterAll(() => t.close());

async function planOf(query: Record<string, string | undefined>): Promise<string> {
  const parsed = listCallsQuerySchema.parse(query);
  const timeZone = await accountTimeZone(t.db.db, user.accountId);
  const page = t.db.db
    .select({ id: schema.callLogs.id })
    .from(schema.callLogs)
    .where(callHistoryWhere(user.accountId, parsed, timeZone))
    .orderBy(desc(schema.callLogs.callStartTime), desc(schema.callLogs.id))
    .limit(10)
    .offset(20);
  const { sql: text, params } = page.toSQL();
  // Inline the parameters (ours, from the parsed query) so EXPLAIN plans with their values.
  const inlined = text.replace(/\$(\d+)/g, (_, n) => {
    const value = params[Number(n) - 1];
    return typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
  const result = await t.db.db.execute(sql.raw(`explain ${inlined}`));
  const rows = ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as Record<string, string>[];
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

describe("call history plans", () => {
  it.each([
    { label: "all calls", query: {}, index: "call_logs_account_start_idx" },
    {
      label: "one direction",
      query: { direction: "outbound" },
      index: "call_logs_account_direction_start_idx",
    },
    { label: "missed", query: { direction: "missed" }, index: "call_logs_account_missed_start_idx" },
    {
      label: "one day",
      query: { date: new Date().toISOString().slice(0, 10) },
      index: "call_logs_account_start_idx",
    },
  ])("$label: the page is read in index order ($index)", async ({ query, index }) => {
    const plan = await planOf(query);
    console.log(`call history plan, ${JSON.stringify(query)}:\n${plan}`);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/Sort Key/);
  });

  it("search of a rare term: the trigram index can find its calls", async () => {
    // 40,000 calls are few enough for a sequential scan to cost less: only that is ruled out.
    await t.db.db.execute(sql`set enable_seqscan = off`);
    const plan = await planOf({ q: "0012345" }).finally(() => t.db.db.execute(sql`reset enable_seqscan`));
    console.log(`call history plan, rare search:\n${plan}`);
    expect(plan).toContain("call_logs_search_idx");
  });

  it("search of a common term (printed)", async () => {
    const plan = await planOf({ q: "invoice" });
    console.log(`call history plan, search:\n${plan}`);
    expect(plan).toMatch(/call_logs/);
  });
});
