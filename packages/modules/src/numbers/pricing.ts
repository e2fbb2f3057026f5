import type { NumberPrice } from "@poundline/contracts/numbers/schemas";
import { type Database, schema } from "@poundline/db";
import type { numberTypes } from "@poundline/db/enums";
import { count, eq } from "drizzle-orm";
import { currentPlan } from "../billing/current-plan";

type NumberType = (typeof numberTypes)[number];

/**
 * What one number adds to the monthly bill, in cents: nothing. Numbers come with the plan, up
 * to its limit (billing/plan-limits.ts, seed 000's pricing: the trial's one local number,
 * Starter's two…), and no number fee is charged on its own; a number beyond the limit is not sold.
 */
export const NUMBER_MONTHLY_CENTS: Readonly<Record<NumberType, number>> = { local: 0, "toll-free": 0 };

/** The price of one more number of this type for the account: the constant above, under its plan. */
export async function numberPrice(
  db: Database,
  accountId: string,
  type: NumberType,
  now: Date,
): Promise<NumberPrice> {
  const [plan, [held]] = await Promise.all([
    currentPlan(db, accountId, now),
    db.select({ n: count() }).from(schema.phoneNumbers).where(eq(schema.phoneNumbers.accountId, accountId)),
  ]);
  return {
    monthlyCents: NUMBER_MONTHLY_CENTS[type],
    plan: plan.limits.plan,
    includedNumbers: plan.limits.maxNumbers,
    held: held?.n ?? 0,
  };
}
