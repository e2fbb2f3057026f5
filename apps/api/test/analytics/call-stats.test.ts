import { type Database, newId, queryRows, schema } from "@poundline/db";
import { seedDemo } from "@poundline/db/seed";
import type { CallProgressStatus } from "@poundline/domain";
import { dayRange, lastDays, resolveRange } from "@poundline/domain/calendar-ranges";
import { callAnalytics } from "@poundline/modules/analytics/queries";
import { type CallStatusEvent, createCallStatusWriter } from "@poundline/modules/carrier/call-status-writer";
import { dashboardStats } from "@poundline/modules/console/dashboard";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type TestUser } from "../fixtures";
import { insertCalls, insertExtension } from "./helpers";

// The hourly rollups against the call logs they count: after every kind of write the webhooks,
// the voice routes, click-to-call, the seeds and deletions make, they hold exactly the aggregate
// of call_logs, and the analytics and stat cards read from them the figures of the call logs.

const NOW = new Date("2026-03-10T15:20:00Z");
let t: TestApp;
let user: TestUser;
let other: TestUser;
let extensions: string[];

/** call_stats_hourly as it should be: the aggregate over call_logs (rows with calls only). */
const expectedHourly = sql`
  select account_id, date_trunc('hour', call_start_time, 'UTC') as hour, count(*)::int as calls,
    count(*) filter (where direction = 'inbound')::int as inbound,
    count(*) filter (where direction = 'outbound')::int as outbound,
    count(*) filter (where call_status = 'completed')::int as answered,
    count(*) filter (where call_status in ('missed', 'voicemail_missed', 'no-answer', 'busy', 'canceled'))::int as missed,
    coalesce(sum(duration_seconds) filter (where call_status = 'completed'), 0)::bigint as answered_seconds,
    count(*) filter (where parent_call_sid is null)::int as top_calls,
    count(*) filter (where parent_call_sid is null and direction = 'inbound')::int as top_inbound,
    count(*) filter (where parent_call_sid is null and direction = 'outbound')::int as top_outbound,
    count(*) filter (where parent_call_sid is null
      and call_status in ('missed', 'voicemail_missed', 'no-answer', 'busy', 'canceled'))::int as top_missed,
    count(*) filter (where parent_call_sid is null and call_status = 'completed')::int as top_answered,
    coalesce(sum(duration_seconds) filter (where parent_call_sid is null and call_status = 'completed'), 0)::bigint
      as top_answered_seconds
  from call_logs group by 1, 2 order by 1, 2`;
const storedHourly = sql`
  select account_id, hour, calls, inbound, outbound, answered, missed, answered_seconds, top_calls, top_inbound,
    top_outbound, top_missed, top_answered, top_answered_seconds
  from call_stats_hourly where calls <> 0 order by 1, 2`;
const expectedExtensions = sql`
  select account_id, date_trunc('hour', call_start_time, 'UTC') as hour, extension_id, count(*)::int as calls,
    count(*) filter (where extension_dial_status in ('completed', 'answered'))::int as answered,
    coalesce(sum(duration_seconds) filter (where extension_dial_status in ('completed', 'answered')), 0)::bigint
      as answered_seconds
  from call_logs where extension_id is not null group by 1, 2, 3 order by 1, 2, 3`;
const storedExtensions = sql`
  select account_id, hour, extension_id, calls, answered, answered_seconds
  from call_stats_extension_hourly where calls <> 0 order by 1, 2, 3`;

async function expectRollupsToMatchCallLogs(db: Database = t.db.db) {
  const [expected, stored] = await Promise.all([queryRows(db, expectedHourly), queryRows(db, storedHourly)]);
  expect(stored).toEqual(expected);
  const [expectedExt, storedExt] = await Promise.all([
    queryRows(db, expectedExtensions),
    queryRows(db, storedExtensions),
  ]);
  expect(storedExt).toEqual(expectedExt);
  const [expectedAreas, storedAreas] = await Promise.all([
    queryRows(
      db,
      sql`select account_id, date_trunc('hour', call_start_time, 'UTC') as hour, substr(from_number, 3, 3) as area_code,
          count(*)::int as calls
        from call_logs where direction = 'inbound' and from_number ~ '^\\+1[2-9][0-9]{9}$'
        group by 1, 2, 3 order by 1, 2, 3`,
    ),
    queryRows(
      db,
      sql`select account_id, hour, area_code, calls from call_stats_area_hourly where calls <> 0 order by 1, 2, 3`,
    ),
  ]);
  expect(storedAreas).toEqual(expectedAreas);
  expect(storedAreas.length).toBeGreaterThan(0);
  return { hours: stored.length, extensionHours: storedExt.length };
}

/** A small deterministic generator: the same mix on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** The status callbacks of one call, in the carrier's order, with their SequenceNumbers. */
function callbacks(
  accountId: string,
  callSid: string,
  options: {
    start: Date;
    inbound: boolean;
    from: string;
    final: CallProgressStatus;
    seconds: number;
    parentCallSid?: string;
    sequenced: boolean;
  },
): CallStatusEvent[] {
  const path: CallProgressStatus[] =
    options.final === "completed" ? ["ringing", "in-progress", "completed"] : ["ringing", options.final];
  return path.map((status, i) => ({
    accountId,
    phoneNumberId: null,
    callSid,
    parentCallSid: options.parentCallSid ?? null,
    inbound: options.inbound,
    fromNumber: options.from,
    toNumber: "+15555550100",
    theirNumber: options.from,
    callerName: undefined,
    // A later callback may carry an earlier start (the writer keeps the least): hours move.
    callStartTime: new Date(options.start.getTime() - (path.length - 1 - i) * 1_800_000),
    answeredAt: status === "in-progress" || status === "completed" ? options.start : null,
    endedAt: status === "completed" ? new Date(options.start.getTime() + options.seconds * 1000) : null,
    durationSeconds: status === "completed" ? options.seconds : 0,
    callStatus: status,
    sequence: options.sequenced ? i : null,
    eventTime: new Date(options.start.getTime() + i * 1000),
    fromCity: null,
    fromState: null,
    fromCountry: null,
  }));
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  user = await createUser(t);
  other = await createUser(t);
  extensions = [
    await insertExtension(t, user.accountId, 101, "Front Desk"),
    await insertExtension(t, user.accountId, 102, "Sales"),
    await insertExtension(t, user.accountId, 103, "Support"),
  ];
});
afterAll(() => t.close());

describe("the rollups follow call_logs", () => {
  it("after status callbacks out of order, repeated, late, re-rated, in batches and alone", async () => {
    const write = createCallStatusWriter(t.db.db);
    const next = random(7);
    const finals: CallProgressStatus[] = [
      "completed",
      "completed",
      "no-answer",
      "busy",
      "canceled",
      "failed",
    ];
    const events: CallStatusEvent[] = [];
    for (let i = 0; i < 60; i++) {
      const accountId = i % 5 === 4 ? other.accountId : user.accountId;
      const start = new Date(
        NOW.getTime() - Math.floor(next() * 70 * 24) * 3_600_000 - Math.floor(next() * 3600) * 1000,
      );
      const callSid = `CAstats${i}`;
      const options = {
        start,
        inbound: next() < 0.7,
        from: `+1${212 + (i % 4)}555${String(100 + (i % 9)).padStart(4, "0")}`,
        final: finals[i % finals.length] as CallProgressStatus,
        seconds: 10 + i,
        sequenced: i % 3 !== 0,
      };
      events.push(...callbacks(accountId, callSid, options));
      // A leg of some calls (a ring group's member): counted by the analytics, not by the stat cards.
      if (i % 6 === 0)
        events.push(
          ...callbacks(accountId, `${callSid}leg`, { ...options, parentCallSid: callSid, inbound: false }),
        );
    }
    // Shuffled, then a third of them delivered twice.
    for (let i = events.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [events[i], events[j]] = [events[j] as CallStatusEvent, events[i] as CallStatusEvent];
    }
    const deliveries = [...events, ...events.filter((_, i) => i % 3 === 0)];
    // Concurrent webhooks share statements (group commit); then a few one at a time.
    await Promise.all(deliveries.slice(0, 150).map((event) => write(event)));
    for (const event of deliveries.slice(150)) await write(event);
    // A completion reported again with a longer duration re-rates the call.
    const completed = events.find((e) => e.callStatus === "completed" && e.parentCallSid === null);
    if (!completed) throw new Error("no completed call in the mix");
    await write({ ...completed, durationSeconds: completed.durationSeconds + 45, sequence: 99 });

    const { hours } = await expectRollupsToMatchCallLogs();
    expect(hours).toBeGreaterThan(20);
  });

  it("after the other writers: extension dials, voicemails, notes, click-to-call and bulk inserts", async () => {
    const db = t.db.db;
    const { callLogs } = schema;
    const logs = await db
      .select({ callSid: callLogs.callSid })
      .from(callLogs)
      .where(eq(callLogs.accountId, user.accountId))
      .orderBy(callLogs.callSid);
    // The voice routes record the extension dialled and its outcome.
    for (const [i, log] of logs.slice(0, 12).entries())
      await db
        .update(callLogs)
        .set({ extensionId: extensions[i % 3], extensionDialStatus: i % 2 === 0 ? "completed" : "no-answer" })
        .where(eq(callLogs.callSid, log.callSid));
    // A voicemail turns a completed call into voicemail_missed.
    await db
      .update(callLogs)
      .set({ callStatus: "voicemail_missed" })
      .where(
        sql`${callLogs.callSid} = (select min(call_sid) from call_logs where call_status = 'completed')`,
      );
    // Notes change nothing counted.
    await db.update(callLogs).set({ notes: "Called back" }).where(eq(callLogs.accountId, user.accountId));
    // Click-to-call's insert, then its upsert when the first callback came first.
    for (const sid of ["CActc1", "CActc1", "CActc2"])
      await queryRows(
        db,
        sql`insert into call_logs (id, account_id, call_sid, direction, from_number, to_number, call_status)
          values (${newId("call")}, ${user.accountId}, ${sid}, 'outbound', '+15555550100', '+12125550199', 'initiated')
          on conflict (call_sid) do update set to_number = excluded.to_number, updated_at = now()`,
      );
    // The seeds' and the tests' bulk inserts.
    await insertCalls(
      t,
      user.accountId,
      Array.from({ length: 40 }, (_, i) => ({
        at: new Date(NOW.getTime() - i * 5_400_000).toISOString(),
        direction: i % 3 === 0 ? ("outbound" as const) : ("inbound" as const),
        status: i % 4 === 0 ? ("missed" as const) : ("completed" as const),
        seconds: i * 7,
        // Callers outside the North American plan have no area code.
        from: i === 5 ? "+442071838750" : i === 7 ? "anonymous" : `+1310555${String(i % 5).padStart(4, "0")}`,
        extensionId: i % 2 === 0 ? extensions[i % 3] : undefined,
        extensionDialStatus: i % 2 === 0 ? ("answered" as const) : undefined,
      })),
    );
    const { extensionHours } = await expectRollupsToMatchCallLogs();
    expect(extensionHours).toBeGreaterThan(10);
  });

  it("after deletions: an extension (its calls keep their log), a call log, a whole account", async () => {
    const db = t.db.db;
    await db.delete(schema.extensions).where(eq(schema.extensions.id, extensions[0] as string));
    await db.delete(schema.callLogs).where(eq(schema.callLogs.callSid, "CActc2"));
    await expectRollupsToMatchCallLogs();

    const gone = await createUser(t);
    await insertExtension(t, gone.accountId, 101, "Front Desk");
    await insertCalls(t, gone.accountId, [{ at: "2026-03-09T10:00:00Z" }, { at: "2026-03-09T11:30:00Z" }]);
    await db.delete(schema.accounts).where(eq(schema.accounts.id, gone.accountId));
    const left = await queryRows(
      db,
      sql`select 1 from call_stats_hourly where account_id = ${gone.accountId}`,
    );
    expect(left).toEqual([]);
    await expectRollupsToMatchCallLogs();
  });
});

it("call_stats_rebuild() puts rollups that were bypassed back to the aggregate over call_logs", async () => {
  const db = t.db.db;
  await queryRows(db, sql`update call_stats_hourly set calls = calls + 5, answered = 0`);
  await queryRows(db, sql`delete from call_stats_area_hourly`);
  await queryRows(
    db,
    sql`insert into call_stats_extension_hourly (account_id, hour, extension_id, calls)
    values (${user.accountId}, '2026-01-01T00:00:00Z', 'ext_gone', 3)`,
  );
  await expect(expectRollupsToMatchCallLogs()).rejects.toThrow();
  await queryRows(db, sql`select call_stats_rebuild()`);
  await queryRows(db, sql`select call_stats_rebuild()`);
  await expectRollupsToMatchCallLogs();
});

describe("the figures read from the rollups are those of the call logs", () => {
  const zones = [
    "America/New_York",
    "UTC",
    "Europe/Berlin",
    "Pacific/Honolulu",
    // Half-hour and quarter-hour offsets: read from the call logs.
    "Asia/Kolkata",
    "Australia/Adelaide",
    "Asia/Kathmandu",
  ];
  const ranges = [
    { range: "today" as const },
    { range: "yesterday" as const },
    { range: "last7days" as const },
    { range: "last30days" as const },
    { range: "thismonth" as const },
  ];
  it.each(zones)("analytics in %s", async (timeZone) => {
    for (const request of ranges) {
      const range = resolveRange(request, NOW, timeZone);
      const fromRollup = await callAnalytics(t.db.db, user.accountId, range, timeZone);
      const fromLogs = await callAnalytics(t.db.db, user.accountId, range, timeZone, "call_logs");
      expect(fromRollup, `${timeZone} ${request.range}`).toEqual(fromLogs);
    }
    const custom = dayRange("2026-01-01", "2026-03-10", timeZone);
    const fromRollup = await callAnalytics(t.db.db, user.accountId, custom, timeZone);
    expect(fromRollup.totals.total).toBeGreaterThan(30);
    expect(fromRollup).toEqual(await callAnalytics(t.db.db, user.accountId, custom, timeZone, "call_logs"));
  });

  /** The stat cards straight from the call logs: the last 30 days of the time zone, and the 30 before. */
  async function statsFromCallLogs(accountId: string, now: Date, timeZone: string) {
    const { current, previous } = lastDays(30, now, timeZone);
    const [row] = await queryRows<Record<string, number>>(
      t.db.db,
      sql`
        with w as (
          select direction, call_status as status,
            call_start_time >= ${current.start.toISOString()}::timestamptz as current
          from call_logs
          where account_id = ${accountId} and parent_call_sid is null
            and call_start_time >= ${previous.start.toISOString()}::timestamptz
            and call_start_time < ${current.end.toISOString()}::timestamptz
        )
        select count(*) filter (where current)::int as total, count(*) filter (where not current)::int as total_prev,
          count(*) filter (where current and direction = 'inbound')::int as incoming,
          count(*) filter (where not current and direction = 'inbound')::int as incoming_prev,
          count(*) filter (where current and direction = 'outbound')::int as outgoing,
          count(*) filter (where not current and direction = 'outbound')::int as outgoing_prev,
          count(*) filter (where current and status in ('missed', 'voicemail_missed', 'no-answer', 'busy', 'canceled'))::int as missed,
          count(*) filter (where not current and status in ('missed', 'voicemail_missed', 'no-answer', 'busy', 'canceled'))::int as missed_prev
        from w`,
    );
    return row;
  }

  it.each([
    [NOW, "America/New_York"],
    [new Date("2026-03-10T15:00:00Z"), "Asia/Kolkata"],
    [new Date("2026-03-09T23:59:59.999Z"), "America/New_York"],
    [new Date("2026-02-20T07:45:12Z"), "Asia/Kathmandu"],
  ] as const)("stat cards at %s in %s", async (now, timeZone) => {
    const stats = await dashboardStats(t.db.db, user.accountId, now, timeZone);
    const expected = await statsFromCallLogs(user.accountId, now, timeZone);
    expect({
      total: stats.totalCalls.value,
      total_prev: stats.totalCalls.previous,
      incoming: stats.incoming.value,
      incoming_prev: stats.incoming.previous,
      outgoing: stats.outgoing.value,
      outgoing_prev: stats.outgoing.previous,
      missed: stats.missed.value,
      missed_prev: stats.missed.previous,
    }).toEqual(expected);
  });
});

it("emptying call_logs (TRUNCATE fires no delete trigger) empties the rollups", async () => {
  const emptied = await createTestApp({ clock: () => NOW });
  try {
    const owner = await createUser(emptied);
    await insertCalls(emptied, owner.accountId, [{ at: "2026-03-09T10:00:00Z", from: "+12125550100" }]);
    await queryRows(emptied.db.db, sql`truncate call_logs cascade`);
    const left = await queryRows(
      emptied.db.db,
      sql`select 1 from call_stats_hourly union all select 1 from call_stats_area_hourly`,
    );
    expect(left).toEqual([]);
  } finally {
    await emptied.close();
  }
});

it("the demo seed fills the rollups as it logs its calls", async () => {
  const seeded = await createTestApp({ clock: () => NOW });
  try {
    const result = await seedDemo(seeded.db.db, { now: NOW });
    expect(result?.counts.calls).toBeGreaterThan(0);
    const { hours } = await expectRollupsToMatchCallLogs(seeded.db.db);
    expect(hours).toBeGreaterThan(0);
  } finally {
    await seeded.close();
  }
});
