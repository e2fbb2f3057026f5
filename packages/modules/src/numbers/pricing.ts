import type { NumberPrice } from "@poundline/contracts/numbers/schemas";
import { type Database, schema } from "@poundline/db";
import type { phoneNumberTypes } from "@poundline/db/enums";
import { count, eq } from "drizzle-orm";
import { currentPlan } from "../billing/current-plan";
import { monthlyPriceOf } from "./abroad";

type NumberType = (typeof phoneNumberTypes)[number];

/**
 * The price of one more number of this country and type for the account, under its plan. Home
 * numbers come with the plan, up to its limit (billing/plan-limits.ts, seed 000's pricing), and
 * cost nothing on their own; numbers abroad cost their monthly price (`number_prices` rows, else
 * @poundline/domain's defaults), charged to the wallet when bought.
 */
export async function numberPrice(
  db: Database,
  accountId: string,
  type: NumberType,
  now: Date,
  isoCountry = "US",
): Promise<NumberPrice> {
  const [plan, [held], monthlyCents] = await Promise.all([
    currentPlan(db, accountId, now),
    db.select({ n: count() }).from(schema.phoneNumbers).where(eq(schema.phoneNumbers.accountId, accountId)),
    monthlyPriceOf(db, isoCountry, type),
  ]);
  return {
    monthlyCents: monthlyCents ?? 0,
    plan: plan.limits.plan,
    includedNumbers: plan.limits.maxNumbers,
    held: held?.n ?? 0,
  };
}
