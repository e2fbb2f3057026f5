import { LOW_BALANCE_MESSAGE } from "@poundline/contracts/messages/schemas";
import { type Database, schema } from "@poundline/db";
import {
  allowanceSeconds,
  countSegments,
  MAX_CALL_SECONDS,
  outboundRate,
  prepaidSeconds,
  type RateTable,
} from "@poundline/domain";
import { eq } from "drizzle-orm";
import { loadRateTable } from "../jobs";
import { trialAllowance } from "./trial-allowance";

/**
 * The prepaid check before a call or a text reaches the carrier: the wallet must pay at least
 * the first minute (every leg we dial) or the text's segments, priced by destination. A call
 * placed is then held to the minutes the wallet pays for (the carrier's time limit), so usage
 * can overdraw the wallet by at most the minute the carrier rounds up. A running trial's included
 * minutes and texts (trial-allowance.ts) pay before the wallet: billing draws them first.
 */

export const PREPAID_MESSAGES = {
  call: "Your wallet balance is too low to place this call. Please add funds.",
  text: LOW_BALANCE_MESSAGE,
  noRate: "Calls and texts to this number cannot be priced, so they are not placed.",
} as const;

export type PrepaidCall =
  | { ok: true; perMinuteCents: number; timeLimitSeconds: number }
  | { ok: false; reason: "no_credit" | "no_rate"; message: string };

export type PrepaidText =
  | { ok: true; priceCents: number }
  | { ok: false; reason: "no_credit" | "no_rate"; message: string };

/** The wallet's balance (0 without a wallet: nothing prepaid yet; below 0 when overdrawn). */
async function walletBalance(db: Pick<Database, "select">, accountId: string): Promise<number> {
  const [wallet] = await db
    .select({ balanceCents: schema.wallets.balanceCents })
    .from(schema.wallets)
    .where(eq(schema.wallets.accountId, accountId))
    .limit(1);
  return wallet?.balanceCents ?? 0;
}

/** What a started minute of a call dialling these legs costs, or null when a leg has no price. */
export function callPerMinuteCents(legs: readonly string[], rates: RateTable): number | null {
  let total = 0;
  for (const leg of legs) {
    const rate = outboundRate(leg, rates);
    if (!rate) return null;
    total += rate.perMinuteCents;
  }
  return total;
}

/**
 * Whether the wallet pays a call to these legs (the numbers we dial: both of a click-to-call),
 * and for how long: whole minutes the balance covers, at most the carrier's ceiling.
 */
export async function prepaidCall(
  db: Database,
  accountId: string,
  legs: readonly string[],
): Promise<PrepaidCall> {
  const [balance, rates, allowance] = await Promise.all([
    walletBalance(db, accountId),
    loadRateTable(db),
    trialAllowance(db, accountId, new Date()),
  ]);
  const perMinuteCents = callPerMinuteCents(legs, rates);
  if (perMinuteCents === null) return { ok: false, reason: "no_rate", message: PREPAID_MESSAGES.noRate };
  const timeLimitSeconds = Math.min(
    allowanceSeconds(allowance?.minutesLeft ?? 0, legs.length) +
      prepaidSeconds(Math.max(0, balance), perMinuteCents),
    MAX_CALL_SECONDS,
  );
  if (timeLimitSeconds < 60) return { ok: false, reason: "no_credit", message: PREPAID_MESSAGES.call };
  return { ok: true, perMinuteCents, timeLimitSeconds };
}

/** Whether the trial's texts or the wallet pay a text to this number: at least its first segment. */
export async function prepaidText(
  db: Database,
  accountId: string,
  to: string,
  body: string,
): Promise<PrepaidText> {
  const [balance, rates, allowance] = await Promise.all([
    walletBalance(db, accountId),
    loadRateTable(db),
    trialAllowance(db, accountId, new Date()),
  ]);
  const rate = outboundRate(to, rates);
  if (!rate) return { ok: false, reason: "no_rate", message: PREPAID_MESSAGES.noRate };
  if ((allowance?.textsLeft ?? 0) > 0) return { ok: true, priceCents: 0 };
  if (balance < rate.perSegmentCents)
    return { ok: false, reason: "no_credit", message: PREPAID_MESSAGES.text };
  return { ok: true, priceCents: Math.max(1, countSegments(body)) * rate.perSegmentCents };
}
