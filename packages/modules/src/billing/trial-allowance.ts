import { type Database, schema } from "@poundline/db";
import { type AllowanceLeft, allowanceLeft, TRIAL_ALLOWANCE, trialRunning } from "@poundline/domain";
import { eq } from "drizzle-orm";

/**
 * The free trial's included minutes and texts left (telephony's trial-allowance.ts), read from
 * the database: for the console and the checks before a call or a text is placed. Null when no
 * trial is running. Billing draws them (workers' biller); the routing tables hold a copy.
 */
export async function trialAllowance(
  db: Pick<Database, "select">,
  accountId: string,
  now: Date,
): Promise<AllowanceLeft | null> {
  const [[account], [used]] = await Promise.all([
    db
      .select({ trialEndsAt: schema.accounts.trialEndsAt })
      .from(schema.accounts)
      .where(eq(schema.accounts.id, accountId)),
    db
      .select({
        minutesUsed: schema.trialAllowances.minutesUsed,
        textsUsed: schema.trialAllowances.textsUsed,
      })
      .from(schema.trialAllowances)
      .where(eq(schema.trialAllowances.accountId, accountId)),
  ]);
  if (!account || !trialRunning(account.trialEndsAt, now)) return null;
  return allowanceLeft(used ?? { minutesUsed: 0, textsUsed: 0 });
}

/** The allowance as GET /api/billing/plan shows it: what is included and what is left. */
export const allowanceView = (left: AllowanceLeft | null) =>
  left
    ? {
        minutesIncluded: TRIAL_ALLOWANCE.minutes,
        minutesLeft: left.minutesLeft,
        textsIncluded: TRIAL_ALLOWANCE.texts,
        textsLeft: left.textsLeft,
      }
    : null;
