import { isUpgrade, type PlanLimits, planLimits, TRIAL_PLAN } from "@poundline/contracts/billing/plan-limits";
import { type Database, schema } from "@poundline/db";
import { and, eq, inArray } from "drizzle-orm";

const { accounts, subscriptions } = schema;

/**
 * Which plan an account is on, derived from its subscription rows (written by the Stripe
 * webhook handlers) with seed 000's rules: upgrades at once, downgrades at the next billing
 * cycle, cancellation at the end of the billing period. Stripe's statuses active, trialing and
 * past_due keep a subscription current; any other (canceled, unpaid, incomplete…) does not.
 */

export const CURRENT_STATUSES = ["active", "trialing", "past_due"] as const;

export interface SubscriptionState {
  id: string;
  planName: string;
  status: string;
  /** The end of the current billing period (a calendar date, the period ends at its start in UTC). */
  nextBillingDate: string | null;
  cancelAtPeriodEnd: boolean;
  /** A downgrade waiting for `nextBillingDate`. */
  scheduledPlanName: string | null;
  createdAt: Date;
}

const periodEnded = (row: SubscriptionState, now: Date) =>
  row.nextBillingDate !== null && Date.parse(`${row.nextBillingDate}T00:00:00Z`) <= now.getTime();

/**
 * The subscription that gives the account its plan now, and that plan: the newest current row;
 * one cancelled at the end of a period that has ended is over even before Stripe says so; a
 * scheduled downgrade applies once its period has ended.
 */
export function effectiveSubscription(
  rows: readonly SubscriptionState[],
  now: Date,
): { subscription: SubscriptionState; planName: string } | null {
  const current = rows
    .filter((row) => (CURRENT_STATUSES as readonly string[]).includes(row.status))
    .filter((row) => !(row.cancelAtPeriodEnd && periodEnded(row, now)))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const subscription = current[0];
  if (!subscription) return null;
  const planName =
    subscription.scheduledPlanName && periodEnded(subscription, now)
      ? subscription.scheduledPlanName
      : subscription.planName;
  return { subscription, planName };
}

/**
 * The plan columns of a subscription row after Stripe says it is now on `newPlan`: an upgrade
 * (or a row with no billing date to wait for) applies at once and drops any scheduled downgrade;
 * a downgrade keeps the plan paid for until the next billing date and schedules the new one.
 * For the webhook handlers of `customer.subscription.updated`.
 */
export function planChange(
  row: Pick<SubscriptionState, "planName" | "nextBillingDate" | "scheduledPlanName">,
  newPlan: string,
  now: Date,
): { planName: string; scheduledPlanName: string | null } {
  const current =
    row.scheduledPlanName && row.nextBillingDate && periodEnded(row as SubscriptionState, now)
      ? row.scheduledPlanName
      : row.planName;
  if (newPlan === current || isUpgrade(current, newPlan) || row.nextBillingDate === null)
    return { planName: newPlan, scheduledPlanName: null };
  return { planName: current, scheduledPlanName: newPlan };
}

/**
 * The plan columns of the subscription row `stripeSubscriptionId` once Stripe says it is on
 * `newPlan` (`planChange` over the stored row, locked; a new row takes the plan as it is).
 */
export async function planColumnsAfterChange(
  tx: Database,
  stripeSubscriptionId: string,
  newPlan: string,
  now: Date,
): Promise<{ planName: string; scheduledPlanName: string | null }> {
  const [row] = await tx
    .select({
      planName: subscriptions.planName,
      nextBillingDate: subscriptions.nextBillingDate,
      scheduledPlanName: subscriptions.scheduledPlanName,
    })
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId))
    .for("update");
  return row ? planChange(row, newPlan, now) : { planName: newPlan, scheduledPlanName: null };
}

export interface AccountPlan {
  limits: PlanLimits;
  /** The subscription giving the plan; null on the trial (running or ended). */
  subscription: SubscriptionState | null;
  trialEndsAt: Date | null;
  /** The trial is over and no subscription is current: calls and texts are refused. */
  trialEnded: boolean;
}

/** The account's plan now. */
export async function currentPlan(
  db: Pick<Database, "select">,
  accountId: string,
  now: Date,
): Promise<AccountPlan> {
  const [rows, [account]] = await Promise.all([
    db
      .select({
        id: subscriptions.id,
        planName: subscriptions.planName,
        status: subscriptions.status,
        nextBillingDate: subscriptions.nextBillingDate,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        scheduledPlanName: subscriptions.scheduledPlanName,
        createdAt: subscriptions.createdAt,
      })
      .from(subscriptions)
      .where(
        and(eq(subscriptions.accountId, accountId), inArray(subscriptions.status, [...CURRENT_STATUSES])),
      ),
    db.select({ trialEndsAt: accounts.trialEndsAt }).from(accounts).where(eq(accounts.id, accountId)),
  ]);
  const effective = effectiveSubscription(rows, now);
  const trialEndsAt = account?.trialEndsAt ?? null;
  return {
    limits: planLimits(effective?.planName ?? TRIAL_PLAN),
    subscription: effective?.subscription ?? null,
    trialEndsAt,
    trialEnded: !effective && trialEndsAt !== null && trialEndsAt.getTime() <= now.getTime(),
  };
}
