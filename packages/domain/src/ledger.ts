/**
 * Wallet arithmetic, in integer cents: what a usage charge or a credit does to a prepaid balance.
 *
 * Rules:
 * - A usage charge is always charged in full: the carrier billed us for it. When the balance
 *   cannot cover it, the wallet is overdrawn: the balance goes below zero, the part not covered
 *   is owed (written into the entry's description), and the telephony gate refuses calls and
 *   outbound texts until a top-up pays it back. Calls and texts are refused beforehand when the
 *   wallet cannot pay their first minute or segment, and calls end when their prepaid minutes
 *   run out, so an overdraw is at most the started minute the carrier rounds up.
 * - A reversal (Stripe taking a top-up back: refund, dispute) is taken in full too, and may leave
 *   the balance below zero: the account owes that much; a credit pays the debt first.
 * - The balance is low when it is strictly below the threshold (the console's warning). The
 *   low-balance e-mail goes out once per dip: the first charge that leaves the balance low while
 *   no warning is outstanding "crosses" the threshold; later charges in the same dip do not.
 * - A credit that lifts the balance back to the threshold or above ends the dip: the next
 *   crossing warns again. A credit that leaves it still low keeps the warning outstanding.
 */

export interface DebitInput {
  /** Negative when the wallet is overdrawn already. */
  balanceCents: number;
  /** What the usage costs, >= 0. */
  amountCents: number;
  lowBalanceThresholdCents: number;
  /** A low-balance warning went out for the current dip and no credit has ended it since. */
  lowBalanceNotified: boolean;
}

export interface DebitDecision {
  /** Taken from the balance: always the whole amount. */
  charged: number;
  /** The part of the amount the balance could not cover: owed, the balance below zero by it. */
  shortfall: number;
  balanceAfter: number;
  /** This charge is the one that crossed below the threshold: send the warning now. */
  crossedLowBalance: boolean;
}

export interface CreditInput {
  /** Negative when the wallet is overdrawn: the credit pays what is owed first. */
  balanceCents: number;
  /** What is added, >= 0. */
  amountCents: number;
  lowBalanceThresholdCents: number;
}

export interface CreditDecision {
  balanceAfter: number;
  /** The balance is no longer low: clear the warning so the next dip warns again. */
  clearsLowBalance: boolean;
}

function assertCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer number of cents, got ${value}`);
  }
}

/** A balance may be below zero (a wallet that owes, see the top of the file). */
function assertBalance(value: number): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`balanceCents must be an integer number of cents, got ${value}`);
  }
}

export function isLowBalance(balanceCents: number, lowBalanceThresholdCents: number): boolean {
  return balanceCents < lowBalanceThresholdCents;
}

/** A charge against the balance, in full; what it does not cover is owed. An amount of 0 changes nothing. */
export function decideDebit(input: DebitInput): DebitDecision {
  const { balanceCents, amountCents, lowBalanceThresholdCents, lowBalanceNotified } = input;
  assertBalance(balanceCents);
  assertCents("amountCents", amountCents);
  assertCents("lowBalanceThresholdCents", lowBalanceThresholdCents);
  const balanceAfter = balanceCents - amountCents;
  return {
    charged: amountCents,
    shortfall: Math.min(amountCents, Math.max(0, -balanceAfter)),
    balanceAfter,
    crossedLowBalance:
      amountCents > 0 && !lowBalanceNotified && isLowBalance(balanceAfter, lowBalanceThresholdCents),
  };
}

export function decideCredit(input: CreditInput): CreditDecision {
  const { balanceCents, amountCents, lowBalanceThresholdCents } = input;
  assertBalance(balanceCents);
  assertCents("amountCents", amountCents);
  assertCents("lowBalanceThresholdCents", lowBalanceThresholdCents);
  const balanceAfter = balanceCents + amountCents;
  return { balanceAfter, clearsLowBalance: !isLowBalance(balanceAfter, lowBalanceThresholdCents) };
}

export interface ReversalDecision {
  balanceAfter: number;
  /** How far below zero the reversal left the wallet: what the account owes. */
  owedCents: number;
}

/**
 * Money Stripe took back from a top-up (a refund, a dispute): taken in full, whatever is left,
 * so the ledger says what Stripe did; a wallet that cannot cover it goes below zero and owes it.
 */
export function decideReversal(input: { balanceCents: number; amountCents: number }): ReversalDecision {
  assertBalance(input.balanceCents);
  assertCents("amountCents", input.amountCents);
  const balanceAfter = input.balanceCents - input.amountCents;
  return { balanceAfter, owedCents: Math.max(0, -balanceAfter) };
}

/** Cents as US dollars: 1234 → "$12.34". */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString("en-US")}.${String(abs % 100).padStart(2, "0")}`;
}

/** The entry's description with the part of the charge the balance did not cover, when there is one. */
export function describeCharge(description: string, decision: Pick<DebitDecision, "shortfall">): string {
  if (decision.shortfall === 0) return description;
  return `${description} (${formatUsd(decision.shortfall)} owed: wallet overdrawn)`;
}
