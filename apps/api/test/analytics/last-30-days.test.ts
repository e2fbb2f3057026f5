import type { AnalyticsResponse } from "@poundline/contracts/analytics/schemas";
import type { DashboardStats } from "@poundline/contracts/console/schemas";
import { newId, schema } from "@poundline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";
import { insertNumberInTimeZone } from "./helpers";

/**
 * The dashboard's stat cards and the analytics' "last 30 days" count the same calls: the 30 days
 * up to today in the account's time zone (from local midnight 29 days ago), the calls that are not
 * a leg of another, the same missed statuses. Calls are placed on the window's edges.
 */
// Tuesday 10 March 2026: 11:20 in New York (daylight saving time since the 8th), 20:50 in Kolkata.
const NOW = new Date("2026-03-10T15:20:00Z");

const cases = [
  {
    timeZone: "America/New_York",
    // Monday 9 February, 00:00 EST; the 30 days before start on Saturday 10 January, 00:00 EST.
    windowStart: "2026-02-09T05:00:00Z",
    previousStart: "2026-01-10T05:00:00Z",
  },
  {
    // A half-hour offset: the rollup's UTC hours do not fit, the edges come from the call logs.
    timeZone: "Asia/Kolkata",
    windowStart: "2026-02-08T18:30:00Z",
    previousStart: "2026-01-09T18:30:00Z",
  },
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
});
afterAll(() => t.close());

const shift = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms);

interface Call {
  at: Date;
  direction: "inbound" | "outbound";
  status: "completed" | "missed" | "voicemail_missed" | "no-answer";
  /** A leg of another call (a forward, a ring group member). */
  leg?: boolean;
}

async function insertCalls(accountId: string, calls: Call[]) {
  await t.db.db.insert(schema.callLogs).values(
    calls.map((call) => ({
      id: newId("call"),
      accountId,
      callSid: `CA${crypto.randomUUID().replaceAll("-", "")}`,
      parentCallSid: call.leg ? `CA${"f".repeat(32)}` : null,
      direction: call.direction,
      fromNumber: call.direction === "inbound" ? "+12125550100" : "+15555550100",
      toNumber: call.direction === "inbound" ? "+15555550100" : "+12125550100",
      callStartTime: call.at,
      durationSeconds: call.status === "completed" ? 60 : 0,
      callStatus: call.status,
    })),
  );
}

describe("the last 30 days on the dashboard and in the analytics", () => {
  it.each(cases)(
    "are the same days and the same calls in $timeZone",
    async ({ timeZone, windowStart, previousStart }) => {
      const user = await createUser(t);
      await insertNumberInTimeZone(t, user.accountId, timeZone, `+1555${String(Math.random()).slice(2, 9)}`);
      const session = await signIn(t, user);
      await insertCalls(user.accountId, [
        // The last second before the window: the 30 days before.
        { at: shift(windowStart, -1000), direction: "inbound", status: "completed" },
        // The window's first second.
        { at: new Date(windowStart), direction: "inbound", status: "missed" },
        { at: shift(windowStart, 10 * 86_400_000), direction: "inbound", status: "voicemail_missed" },
        // A minute ago.
        { at: shift(NOW.toISOString(), -60_000), direction: "outbound", status: "completed" },
        // Legs of calls: counted by neither.
        { at: shift(windowStart, 3_600_000), direction: "outbound", status: "completed", leg: true },
        { at: shift(windowStart, 7_200_000), direction: "outbound", status: "no-answer", leg: true },
        // The first second of the 30 days before, and the last second before them.
        { at: new Date(previousStart), direction: "outbound", status: "no-answer" },
        { at: shift(previousStart, -1000), direction: "inbound", status: "completed" },
      ]);

      const get = async <T>(url: string) => {
        const res = await t.app.inject({ method: "GET", url, headers: session.headers });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<T>();
      };
      const stats = await get<DashboardStats>("/api/dashboard/stats");
      const analytics = await get<AnalyticsResponse>("/api/analytics?range=last30days");

      expect(analytics.start).toBe(new Date(windowStart).toISOString());
      expect({
        total: stats.totalCalls.value,
        incoming: stats.incoming.value,
        outgoing: stats.outgoing.value,
        missed: stats.missed.value,
      }).toEqual({ total: 3, incoming: 2, outgoing: 1, missed: 2 });
      expect(analytics.totals).toMatchObject({
        total: stats.totalCalls.value,
        inbound: stats.incoming.value,
        outbound: stats.outgoing.value,
        missed: stats.missed.value,
        // The outbound call a minute ago; the legs' answers are their callers' calls.
        answered: 1,
        totalDurationSeconds: 60,
      });
      expect({
        total: stats.totalCalls.previous,
        incoming: stats.incoming.previous,
        outgoing: stats.outgoing.previous,
        missed: stats.missed.previous,
      }).toEqual({ total: 2, incoming: 1, outgoing: 1, missed: 1 });
    },
  );
});
