import { type Database, monthStart, queryRows, schema } from "@poundline/db";
import { enqueue, type OutboxWriter } from "@poundline/platform/outbox";
import { sql } from "drizzle-orm";

const { accounts, subscriptions, trialReminders } = schema;

const DAY_MS = 86_400_000;

/** A subscription Stripe still counts: the account is not on the trial any more. */
const currentSubscription = sql`exists (select 1 from ${subscriptions} s
  where s.account_id = ${accounts.id} and s.status in ('active', 'trialing', 'past_due'))`;

/**
 * Queues the trial-ending reminders due now, each once per account (a `trial_reminders` row
 * written in the transaction of its job): 7 days before the end, then 1 day before. An account
 * that subscribed gets none; one that comes within a day of its end without the 7-day reminder
 * gets only the 1-day one.
 */
export async function queueTrialReminders(db: Database, outbox: OutboxWriter, now: Date): Promise<number> {
  const due = await queryRows<{ id: string; within_a_day: boolean }>(
    db,
    sql`select ${accounts.id} as id, ${accounts.trialEndsAt} <= ${new Date(now.getTime() + DAY_MS).toISOString()}::timestamptz as within_a_day
      from ${accounts}
      where ${accounts.trialEndsAt} > ${now.toISOString()}::timestamptz
        and ${accounts.trialEndsAt} <= ${new Date(now.getTime() + 7 * DAY_MS).toISOString()}::timestamptz
        and ${accounts.status} in ('trialing', 'active')
        and not ${currentSubscription}
        and not exists (select 1 from ${trialReminders} r where r.account_id = ${accounts.id}
          and r.kind = case when ${accounts.trialEndsAt} <= ${new Date(now.getTime() + DAY_MS).toISOString()}::timestamptz then '1_day' else '7_days' end)`,
  );
  let queued = 0;
  for (const account of due) {
    const kind = account.within_a_day ? "1_day" : "7_days";
    await outbox.transaction(async (tx) => {
      // Both rows once a day is left: the 7-day reminder is moot from then on.
      const kinds = kind === "1_day" ? (["7_days", "1_day"] as const) : (["7_days"] as const);
      const inserted = await tx
        .insert(trialReminders)
        .values(kinds.map((k) => ({ accountId: account.id, kind: k, createdAt: now })))
        .onConflictDoNothing()
        .returning({ kind: trialReminders.kind });
      if (!inserted.some((row) => row.kind === kind)) return;
      await enqueue(
        tx,
        { queue: "notifications", name: "trial-reminder", jobId: `trial-reminder:${account.id}:${kind}` },
        { accountId: account.id, kind },
      );
      queued += 1;
    });
  }
  return queued;
}

/**
 * Whether a date the telephony gate depends on passed in (since, now]: a trial's end, the end
 * of a period at which a subscription is cancelled or downgraded, or the start of a month (the
 * plan's recording hours start again). The routing tables judge subscriptions and recording hours
 * when they compile, so such a date means recompiling them.
 */
export async function gateDatesPassed(db: Database, since: Date, now: Date): Promise<boolean> {
  if (monthStart(now) > since) return true;
  const [row] = await queryRows<{ passed: boolean }>(
    db,
    sql`select exists (
        select 1 from ${accounts} where ${accounts.trialEndsAt} > ${since.toISOString()}::timestamptz
          and ${accounts.trialEndsAt} <= ${now.toISOString()}::timestamptz
      ) or exists (
        select 1 from ${subscriptions}
        where (${subscriptions.cancelAtPeriodEnd} or ${subscriptions.scheduledPlanName} is not null)
          and ${subscriptions.nextBillingDate}::timestamptz > ${since.toISOString()}::timestamptz
          and ${subscriptions.nextBillingDate}::timestamptz <= ${now.toISOString()}::timestamptz
      ) as passed`,
  );
  return row?.passed ?? false;
}
