import type { AdminDashboard } from "@poundline/contracts/admin/schemas";
import { type Database, queryRows, schema } from "@poundline/db";
import { desc, sql } from "drizzle-orm";
import { WEBHOOK_ERROR_WINDOW_MS, type WebhookStats, webhookErrorCounts } from "./webhook-stats";

const { adminAuditLog } = schema;

/** Midnight UTC of `now`'s day, and the first instant of its month. */
export function utcDayAndMonthStart(now: Date): { dayStart: Date; monthStart: Date } {
  return {
    dayStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
    monthStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
  };
}

interface FigureRow extends Record<string, unknown> {
  users: number;
  accounts: number;
  active_trials: number;
  calls_today: number;
  texts_today: number;
  top_ups_cents: number;
  refunds_cents: number;
  subscription_fees_cents: number;
  failed_jobs: number;
}

/**
 * The admin dashboard's figures, all from the database at the moment asked (UTC day and month).
 * Per-account figures go through each account's own index (lateral joins) rather than scanning
 * the whole of call and message history.
 */
export async function adminDashboard(
  db: Database,
  webhookStats: WebhookStats,
  now: Date,
): Promise<AdminDashboard> {
  const { dayStart, monthStart } = utcDayAndMonthStart(now);
  // This instance's latest counts first; other instances add theirs within seconds.
  await webhookStats.flush();
  const [figures] = await queryRows<FigureRow>(
    db,
    sql`select
      (select count(*)::int from users) as users,
      (select count(*)::int from accounts) as accounts,
      (select count(*)::int from accounts
        where status = 'trialing' and (trial_ends_at is null or trial_ends_at > ${now.toISOString()}::timestamptz)) as active_trials,
      (select coalesce(sum(s.calls), 0)::int from accounts a cross join lateral (
        select sum(h.calls) as calls from call_stats_hourly h
        where h.account_id = a.id and h.hour >= ${dayStart.toISOString()}::timestamptz) s) as calls_today,
      (select coalesce(sum(m.texts), 0)::int from accounts a cross join lateral (
        select count(*) as texts from messages t
        where t.account_id = a.id and t.sent_at >= ${dayStart.toISOString()}::timestamptz) m) as texts_today,
      (select coalesce(sum(amount_cents) filter (where transaction_type = 'top_up'), 0)::bigint
        from ledger_entries where created_at >= ${monthStart.toISOString()}::timestamptz) as top_ups_cents,
      (select coalesce(sum(amount_cents) filter (where transaction_type = 'refund'), 0)::bigint
        from ledger_entries where created_at >= ${monthStart.toISOString()}::timestamptz) as refunds_cents,
      (select coalesce(-sum(amount_cents) filter (where transaction_type = 'subscription_fee'), 0)::bigint
        from ledger_entries where created_at >= ${monthStart.toISOString()}::timestamptz) as subscription_fees_cents,
      (select count(*)::int from failed_jobs where retried_at is null) as failed_jobs`,
  );
  if (!figures) throw new Error("the dashboard query returned no row");
  const webhooks = await webhookErrorCounts(db, new Date(now.getTime() - WEBHOOK_ERROR_WINDOW_MS));
  const recentActions = await db
    .select({
      id: adminAuditLog.id,
      actorEmail: adminAuditLog.actorEmail,
      action: adminAuditLog.action,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(5);
  const topUps = Number(figures.top_ups_cents);
  const refunds = Number(figures.refunds_cents);
  return {
    users: figures.users,
    accounts: figures.accounts,
    activeTrials: figures.active_trials,
    callsToday: figures.calls_today,
    textsToday: figures.texts_today,
    revenueThisMonth: {
      // Money in: wallet top-ups less the refunds credited back. Subscription fees are drawn from
      // those wallets, so they are shown beside it, not added to it.
      netCents: topUps - refunds,
      topUpsCents: topUps,
      refundsCents: refunds,
      subscriptionFeesCents: Number(figures.subscription_fees_cents),
    },
    failedJobs: figures.failed_jobs,
    webhooks: {
      windowHours: WEBHOOK_ERROR_WINDOW_MS / 3_600_000,
      received: webhooks.received,
      failed: webhooks.failed,
      errorRate: webhooks.received === 0 ? 0 : webhooks.failed / webhooks.received,
    },
    recentActions,
  };
}
