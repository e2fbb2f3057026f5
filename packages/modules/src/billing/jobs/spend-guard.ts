import { creditWallet, monthStart, nextMonthStart, schema, usageFromLedger } from "@poundline/db";
import { formatUsd, utcMonthOf } from "@poundline/domain";
import type { OutgoingEmail } from "@poundline/platform/mailer";
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { billingRecipients } from "./low-balance";
import type { BillingPorts } from "./ports";

const { spendGuards, wallets } = schema;

/** At most one auto-recharge an hour per account, whatever triggers it. */
export const AUTO_RECHARGE_INTERVAL_MS = 3600_000;

export const AUTO_RECHARGE_FAILED_SUBJECT = "Your Poundline auto-recharge failed";

/** What an off-session charge of the saved card came to. */
export type CardChargeResult =
  | { status: "succeeded"; paymentIntentId: string; amountCents: number }
  | { status: "failed"; message: string; paymentIntentId: string | null };

/** Charges an account's saved card without the customer present (Stripe: an off-session PaymentIntent). */
export interface CardCharger {
  chargeSavedCard(input: {
    accountId: string;
    amountCents: number;
    /** The same key for a retry of the same attempt: the card is charged once. */
    idempotencyKey: string;
  }): Promise<CardChargeResult>;
}

/** The ledger key of a card payment's credit, the same whichever of the PaymentIntent's answer or its webhook lands first. */
export const paymentIdempotencyKey = (paymentIntentId: string) => `stripe:${paymentIntentId}`;

export type AutoRechargeOutcome = "charged" | "failed" | "not_due";

export function autoRechargeFailedEmail(
  to: { email: string; firstName: string },
  amountCents: number,
  reason: string,
  publicBaseUrl: string,
): OutgoingEmail {
  return {
    to: to.email,
    subject: AUTO_RECHARGE_FAILED_SUBJECT,
    template: "auto_recharge_failed",
    text:
      `Hello${to.firstName ? ` ${to.firstName}` : ""},\n\n` +
      `We could not add ${formatUsd(amountCents)} to your Poundline wallet from your saved card: ${reason}\n\n` +
      "We will try again in an hour if your balance is still low. Update your card or add funds: " +
      `${publicBaseUrl}/dashboard/billing\n`,
  };
}

/**
 * Recharges the wallet from the saved card when auto-recharge is on and the balance is under its
 * threshold, at most once an hour: the attempt is claimed by one conditional update of
 * `last_recharge_at` (concurrent triggers: one wins, the others find it claimed), then the card
 * is charged with an idempotency key of that claim. A success credits the wallet under the
 * PaymentIntent's own key, as its webhook does: whichever lands second changes nothing. A
 * failure is kept for the console and e-mailed to the owners.
 */
export async function autoRecharge(
  ports: BillingPorts & { cardCharger: CardCharger },
  accountId: string,
): Promise<AutoRechargeOutcome> {
  const { db, log } = ports;
  const now = ports.clock();
  const [claimed] = await db
    .update(spendGuards)
    .set({ lastRechargeAt: now, updatedAt: now })
    .where(
      and(
        eq(spendGuards.accountId, accountId),
        eq(spendGuards.autoRechargeEnabled, true),
        or(
          isNull(spendGuards.lastRechargeAt),
          lte(spendGuards.lastRechargeAt, new Date(now.getTime() - AUTO_RECHARGE_INTERVAL_MS)),
        ),
        sql`coalesce((select ${wallets.balanceCents} from ${wallets} where ${wallets.accountId} = ${accountId}), 0) < ${spendGuards.autoRechargeThresholdCents}`,
      ),
    )
    .returning({ amountCents: spendGuards.autoRechargeAmountCents });
  if (!claimed) return "not_due";

  let result: CardChargeResult;
  try {
    result = await ports.cardCharger.chargeSavedCard({
      accountId,
      amountCents: claimed.amountCents,
      idempotencyKey: `auto-recharge:${accountId}:${now.toISOString()}`,
    });
  } catch (err) {
    log.error({ err, accountId }, "auto-recharge: the card could not be charged");
    result = { status: "failed", message: "The payment service did not answer.", paymentIntentId: null };
  }

  if (result.status === "succeeded") {
    const credit = await creditWallet(db, {
      accountId,
      type: "top_up",
      amountCents: result.amountCents,
      idempotencyKey: paymentIdempotencyKey(result.paymentIntentId),
      reference: result.paymentIntentId,
      description: "Auto-recharge",
      now,
    });
    await db
      .update(spendGuards)
      .set({ lastRechargeError: null, lastRechargeFailedAt: null })
      .where(eq(spendGuards.accountId, accountId));
    // A wallet lifted from zero takes calls again: the gate holds balances.
    if (credit.status === "applied" && credit.balanceAfterCents === result.amountCents)
      await ports.walletEmptied?.(accountId);
    log.info({ accountId, paymentIntentId: result.paymentIntentId }, "auto-recharge charged");
    return "charged";
  }

  await db
    .update(spendGuards)
    .set({ lastRechargeError: result.message, lastRechargeFailedAt: now })
    .where(eq(spendGuards.accountId, accountId));
  for (const to of await billingRecipients(db, accountId)) {
    try {
      await ports.mailer.send(
        autoRechargeFailedEmail(to, claimed.amountCents, result.message, ports.publicBaseUrl),
      );
    } catch (err) {
      log.error({ err, accountId, to: to.email }, "auto-recharge: failure e-mail not delivered");
    }
  }
  return "failed";
}

/**
 * Whether this month's usage reached the account's cap; the first time it does this month, the
 * month is recorded (the gate closes calls and texts until the next one) and routing recompiles.
 */
export async function checkSpendCap(ports: BillingPorts, accountId: string): Promise<boolean> {
  const { db } = ports;
  const now = ports.clock();
  const month = utcMonthOf(now);
  const [guard] = await db
    .select({ cap: spendGuards.monthlySpendCapCents, reached: spendGuards.capReachedMonth })
    .from(spendGuards)
    .where(eq(spendGuards.accountId, accountId));
  if (!guard || guard.cap === null) return false;
  if (guard.reached === month) return true;
  const usage = await usageFromLedger(db, accountId, monthStart(now), nextMonthStart(now));
  if (usage.totalCents < guard.cap) return false;
  const [marked] = await db
    .update(spendGuards)
    .set({ capReachedMonth: month, updatedAt: now })
    .where(
      and(
        eq(spendGuards.accountId, accountId),
        or(isNull(spendGuards.capReachedMonth), sql`${spendGuards.capReachedMonth} <> ${month}`),
      ),
    )
    .returning({ accountId: spendGuards.accountId });
  if (marked) await ports.walletEmptied?.(accountId);
  return true;
}

/**
 * After a batch of charges of one account: the spend cap, then auto-recharge when the balance
 * fell under its threshold. One look-up of the settings when the account has none.
 */
export async function guardSpending(ports: BillingPorts, accountId: string, balanceAfterCents: number) {
  const [guard] = await ports.db
    .select({
      cap: spendGuards.monthlySpendCapCents,
      recharge: spendGuards.autoRechargeEnabled,
      threshold: spendGuards.autoRechargeThresholdCents,
    })
    .from(spendGuards)
    .where(eq(spendGuards.accountId, accountId));
  if (!guard) return;
  if (guard.cap !== null) await checkSpendCap(ports, accountId);
  if (guard.recharge && balanceAfterCents < guard.threshold && ports.cardCharger)
    await autoRecharge({ ...ports, cardCharger: ports.cardCharger }, accountId);
}
