import type { SpendGuard, SpendGuardBody } from "@poundline/contracts/billing/plan-schemas";
import { type Database, monthStart, nextMonthStart, schema, usageFromLedger } from "@poundline/db";
import { utcMonthOf } from "@poundline/domain";
import { eq } from "drizzle-orm";

const { spendGuards } = schema;

/** The settings an account that never saved any has: nothing on. */
const DEFAULTS: SpendGuardBody = {
  autoRechargeEnabled: false,
  autoRechargeThresholdCents: 500,
  autoRechargeAmountCents: 2500,
  monthlySpendCapCents: null,
};

function view(row: typeof spendGuards.$inferSelect | undefined, now: Date): SpendGuard {
  return {
    autoRechargeEnabled: row?.autoRechargeEnabled ?? DEFAULTS.autoRechargeEnabled,
    autoRechargeThresholdCents: row?.autoRechargeThresholdCents ?? DEFAULTS.autoRechargeThresholdCents,
    autoRechargeAmountCents: row?.autoRechargeAmountCents ?? DEFAULTS.autoRechargeAmountCents,
    monthlySpendCapCents: row?.monthlySpendCapCents ?? null,
    lastRechargeAt: row?.lastRechargeAt ?? null,
    lastRechargeError: row?.lastRechargeError ?? null,
    lastRechargeFailedAt: row?.lastRechargeFailedAt ?? null,
    capReached: row?.capReachedMonth === utcMonthOf(now),
  };
}

export async function getSpendGuard(db: Database, accountId: string, now: Date): Promise<SpendGuard> {
  const [row] = await db.select().from(spendGuards).where(eq(spendGuards.accountId, accountId));
  return view(row, now);
}

/**
 * Saves the settings. The cap is judged again against this month's usage at once: raised above
 * it, calls and texts reopen; lowered to it or below, they stop. The caller recompiles routing.
 */
export async function saveSpendGuard(
  db: Database,
  accountId: string,
  body: SpendGuardBody,
  now: Date,
): Promise<SpendGuard> {
  const usage = await usageFromLedger(db, accountId, monthStart(now), nextMonthStart(now));
  const capReachedMonth =
    body.monthlySpendCapCents !== null && usage.totalCents >= body.monthlySpendCapCents
      ? utcMonthOf(now)
      : null;
  const values = { ...body, capReachedMonth, updatedAt: now };
  const [row] = await db
    .insert(spendGuards)
    .values({ accountId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: spendGuards.accountId, set: values })
    .returning();
  return view(row, now);
}
