import type { AdminDashboard } from "@poundline/contracts/admin/schemas";
import { newId, schema } from "@poundline/db";
import { utcDayAndMonthStart } from "@poundline/modules/admin/dashboard";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";

/** The dashboard's clock: mid-afternoon on the 25th, so "today" and "this month" have a before. */
const NOW = new Date("2026-11-25T15:00:00Z");
const HOUR_MS = 3_600_000;

let t: TestApp;
let adminSession: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  adminSession = await signIn(t, await createUser(t, { admin: true }));
});
afterAll(() => t.close());

async function dashboard(): Promise<AdminDashboard> {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/admin/dashboard",
    headers: adminSession.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("utcDayAndMonthStart", () => {
  it.each([
    ["2026-11-25T15:00:00Z", "2026-11-25T00:00:00.000Z", "2026-11-01T00:00:00.000Z"],
    ["2026-01-01T00:00:00Z", "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z"],
    ["2026-12-31T23:59:59.999Z", "2026-12-31T00:00:00.000Z", "2026-12-01T00:00:00.000Z"],
  ])("%s → day %s, month %s", (now, day, month) => {
    const { dayStart, monthStart } = utcDayAndMonthStart(new Date(now));
    expect(dayStart.toISOString()).toBe(day);
    expect(monthStart.toISOString()).toBe(month);
  });
});

describe("GET /api/admin/dashboard", () => {
  it("counts what the database holds: accounts, trials, today's calls and texts, the month's money, failed jobs", async () => {
    const start = await dashboard();

    const trialing = await createUser(t);
    const ended = await createUser(t);
    await t.db.db
      .update(schema.accounts)
      .set({ status: "trialing", trialEndsAt: new Date(NOW.getTime() + 10 * 24 * HOUR_MS) })
      .where(eq(schema.accounts.id, trialing.accountId));
    await t.db.db
      .update(schema.accounts)
      .set({ status: "trialing", trialEndsAt: new Date(NOW.getTime() - HOUR_MS) })
      .where(eq(schema.accounts.id, ended.accountId));

    const call = (at: Date) => ({
      id: newId("call"),
      accountId: trialing.accountId,
      callSid: `CA${crypto.randomUUID().replaceAll("-", "")}`,
      direction: "inbound" as const,
      fromNumber: "+15555550101",
      toNumber: "+15555550102",
      callStartTime: at,
      callStatus: "completed" as const,
    });
    // Two today (one at midnight exactly), one yesterday.
    await t.db.db
      .insert(schema.callLogs)
      .values([
        call(new Date(NOW.getTime() - HOUR_MS)),
        call(utcDayAndMonthStart(NOW).dayStart),
        call(new Date(utcDayAndMonthStart(NOW).dayStart.getTime() - 1)),
      ]);
    const text = (at: Date) => ({
      id: newId("message"),
      accountId: ended.accountId,
      messageSid: `SM${crypto.randomUUID().replaceAll("-", "")}`,
      direction: "outbound" as const,
      fromNumber: "+15555550102",
      toNumber: "+15555550103",
      body: "hello",
      status: "sent" as const,
      sentAt: at,
    });
    await t.db.db
      .insert(schema.messages)
      .values([text(new Date(NOW.getTime() - 2 * HOUR_MS)), text(new Date(NOW.getTime() - 20 * HOUR_MS))]);

    const walletId = newId("wallet");
    await t.db.db
      .insert(schema.wallets)
      .values({ id: walletId, accountId: trialing.accountId, balanceCents: 2500 });
    const entry = (
      type: "top_up" | "refund" | "subscription_fee" | "call_charge",
      cents: number,
      at: Date,
    ) => ({
      id: newId("transaction"),
      walletId,
      accountId: trialing.accountId,
      transactionType: type,
      description: type,
      amountCents: cents,
      balanceAfterCents: 2500,
      idempotencyKey: crypto.randomUUID(),
      createdAt: at,
    });
    await t.db.db.insert(schema.ledgerEntries).values([
      entry("top_up", 5000, new Date(NOW.getTime() - 24 * HOUR_MS)),
      entry("top_up", 2000, new Date("2026-10-31T23:59:59Z")), // last month
      entry("refund", 700, new Date(NOW.getTime() - HOUR_MS)),
      entry("subscription_fee", -2999, new Date(NOW.getTime() - HOUR_MS)),
      entry("call_charge", -15, new Date(NOW.getTime() - HOUR_MS)),
    ]);

    await t.db.db.insert(schema.failedJobs).values([
      {
        id: newId("job"),
        queue: "billing",
        jobName: "charge",
        jobId: "a",
        payload: {},
        error: "boom",
        attempts: 3,
      },
      {
        id: newId("job"),
        queue: "billing",
        jobName: "charge",
        jobId: "b",
        payload: {},
        error: "boom",
        attempts: 3,
        retriedAt: NOW,
      },
    ]);

    const end = await dashboard();
    expect(end.accounts - start.accounts).toBe(2);
    expect(end.users - start.users).toBe(2);
    // createUser's accounts start trialing without an end (the fixture): one ended trial fewer.
    expect(end.activeTrials - start.activeTrials).toBe(1);
    expect(end.callsToday - start.callsToday).toBe(2);
    expect(end.textsToday - start.textsToday).toBe(1);
    expect(end.revenueThisMonth.topUpsCents - start.revenueThisMonth.topUpsCents).toBe(5000);
    expect(end.revenueThisMonth.refundsCents - start.revenueThisMonth.refundsCents).toBe(700);
    expect(end.revenueThisMonth.netCents - start.revenueThisMonth.netCents).toBe(4300);
    expect(end.revenueThisMonth.subscriptionFeesCents - start.revenueThisMonth.subscriptionFeesCents).toBe(
      2999,
    );
    expect(end.failedJobs - start.failedJobs).toBe(1);
  });

  it("rates webhook errors over the last 24 hours: 5xx answers and refused signatures", async () => {
    const stats = t.app.deps.webhookStats;
    await stats.flush();
    const start = await dashboard();
    // A webhook without a valid signature, through the real route: refused (403) and counted.
    const refused = await t.app.inject({
      method: "POST",
      url: "/twilio/sms",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "forged" },
      payload: "From=%2B15555550101",
    });
    expect(refused.statusCode).toBe(403);
    stats.record("twilio", 200);
    stats.record("twilio", 200);
    stats.record("twilio", 502);
    const end = await dashboard();
    expect(end.webhooks.received - start.webhooks.received).toBe(4);
    expect(end.webhooks.failed - start.webhooks.failed).toBe(2);
    expect(end.webhooks.windowHours).toBe(24);
    expect(end.webhooks.errorRate).toBeCloseTo(end.webhooks.failed / end.webhooks.received);

    const [row] = await t.db.db
      .select()
      .from(schema.webhookStats)
      .where(eq(schema.webhookStats.source, "twilio"));
    expect(row?.minute.toISOString()).toBe("2026-11-25T15:00:00.000Z");
  });

  it("shows the latest admin actions", async () => {
    const target = await createUser(t);
    await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${target.id}/admin`,
      headers: adminSession.headers,
    });
    const { recentActions } = await dashboard();
    expect(recentActions[0]).toMatchObject({
      action: "admin.grant",
      targetType: "user",
      targetId: target.id,
    });
  });
});
