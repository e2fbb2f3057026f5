import { isUpgrade } from "@poundline/contracts/billing/plan-limits";
import { type Database, schema } from "@poundline/db";
import type { Config } from "@poundline/platform/api-config";
import type { BillingInterval, StripePlan } from "@poundline/platform/config";
import type { Stripe } from "@poundline/platform/stripe";
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { atStripe } from "./checkout";
import { CURRENT_STATUSES } from "./current-plan";
import { planNames, planOfPrice } from "./plans";
import { recordSubscription } from "./subscription-rows";

const { subscriptions } = schema;

/**
 * One subscription per account: choosing another plan while one runs changes that subscription
 * at Stripe rather than opening a second Checkout. An upgrade (or a change of billing period)
 * takes effect at once, Stripe invoicing the prorated difference for the rest of the period
 * (`always_invoice`); a downgrade changes the price from the next period without proration, and
 * the plan paid for stays until then (billing/current-plan.ts `planChange`).
 */

export interface PlanChangePorts {
  db: Database;
  config: Config;
  now: Date;
  routing: { changed(): Promise<void> };
}

/** The account's subscription that still runs at Stripe (the newest, should there be more). */
export async function runningSubscriptionId(db: Database, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.accountId, accountId),
        inArray(subscriptions.status, [...CURRENT_STATUSES]),
        isNotNull(subscriptions.stripeSubscriptionId),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** How a move between two prices is billed: at once with proration, or from the next period. */
export function changeTiming(
  config: Config,
  fromPriceId: string | null,
  to: { plan: StripePlan; interval: BillingInterval },
): "now" | "next_period" {
  const from = planOfPrice(config, fromPriceId);
  if (!from) return "now";
  if (from.plan === to.plan) return "now"; // a change of billing period restarts the cycle at Stripe
  return isUpgrade(planNames[from.plan], planNames[to.plan]) ? "now" : "next_period";
}

/** Changes the running subscription to `priceId`; answers where the screen goes next. */
export async function changePlan(
  ports: PlanChangePorts,
  stripe: Stripe,
  accountId: string,
  stripeSubscriptionId: string,
  choice: { plan: StripePlan; interval: BillingInterval; priceId: string },
): Promise<{ url: string }> {
  const plan = planNames[choice.plan];
  const current = await atStripe(() => stripe.subscriptions.retrieve(stripeSubscriptionId));
  const item = current.items.data[0];
  if (!item) throw new Error(`subscription ${stripeSubscriptionId} has no item`);
  let updated = current;
  if (item.price.id !== choice.priceId || current.cancel_at_period_end) {
    const timing = changeTiming(ports.config, item.price.id, choice);
    updated = await atStripe(() =>
      stripe.subscriptions.update(stripeSubscriptionId, {
        items: [{ id: item.id, price: choice.priceId }],
        proration_behavior: timing === "now" ? "always_invoice" : "none",
        // Choosing a plan again undoes a cancellation that was waiting for the period's end.
        cancel_at_period_end: false,
        metadata: { account_id: accountId, plan },
      }),
    );
  }
  // Recorded now from Stripe's answer, so the screen shows it before the webhook arrives (the
  // webhook then writes the same state).
  const effects: (() => Promise<void>)[] = [];
  await ports.db.transaction((tx) =>
    recordSubscription(tx, accountId, updated, {
      config: ports.config,
      now: ports.now,
      routing: ports.routing,
      afterCommit: (effect) => effects.push(effect),
    }),
  );
  for (const effect of effects) await effect();
  return {
    url: `${ports.config.PUBLIC_BASE_URL}/dashboard/billing?status=plan_changed&plan=${encodeURIComponent(plan)}`,
  };
}
