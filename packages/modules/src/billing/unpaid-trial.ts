import { type Database, schema } from "@poundline/db";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { currentPlan } from "./current-plan";

/**
 * Who is on an unpaid trial: an account that started the free trial at registration, has no
 * current subscription and never topped up its wallet. Such an account may try the console, but
 * the platform pays for whatever it dials: so it dials and texts only numbers it proved it
 * answers (verified numbers) and its own numbers. While the trial runs it claims the plan's one
 * included local number at no charge (the trial's plan limits refuse a second or a toll-free
 * one); once the trial has ended it buys no number until it pays something.
 * Accounts that never had a trial (made by an operator, or before trials) are not restricted.
 */

const { ledgerEntries, phoneNumbers, verifiedNumbers, wallets } = schema;

export interface PaymentStanding {
  /** The account started the free trial (registration sets its end); ended or not. */
  onTrial: boolean;
  /** A subscription is current (billing/current-plan.ts). */
  paidPlan: boolean;
  /** The wallet has received at least one paid top-up. */
  walletFunded: boolean;
}

/** The trial rule, pure: on the trial, and neither a paid plan nor a funded wallet. */
export function isUnpaidTrial(standing: PaymentStanding): boolean {
  return standing.onTrial && !standing.paidPlan && !standing.walletFunded;
}

export const unpaidTrialMessages = {
  buyNumber:
    "Buying a number needs a paid plan or a funded wallet. Subscribe to a plan or add funds on the Billing & Wallet page, then buy your number.",
} as const;

/** The account's standing now: its trial, its plan and whether it ever paid into its wallet. */
export async function paymentStanding(
  db: Pick<Database, "select">,
  accountId: string,
  now: Date,
): Promise<PaymentStanding> {
  const [plan, [topUp]] = await Promise.all([
    currentPlan(db, accountId, now),
    db
      .select({ one: sql<number>`1` })
      .from(wallets)
      .innerJoin(ledgerEntries, eq(ledgerEntries.walletId, wallets.id))
      .where(and(eq(wallets.accountId, accountId), eq(ledgerEntries.transactionType, "top_up")))
      .limit(1),
  ]);
  return {
    onTrial: plan.trialEndsAt !== null,
    paidPlan: plan.subscription !== null,
    walletFunded: topUp !== undefined,
  };
}

/**
 * Why the account may not buy a number now (an unpaid trial whose trial has ended), or null. A
 * running trial's included number is left to the plan's limits (billing/plan-limits.ts).
 */
export async function numberPurchaseRefusal(
  db: Pick<Database, "select">,
  accountId: string,
  now: Date,
): Promise<string | null> {
  const [standing, plan] = await Promise.all([
    paymentStanding(db, accountId, now),
    currentPlan(db, accountId, now),
  ]);
  return isUnpaidTrial(standing) && plan.trialEnded ? unpaidTrialMessages.buyNumber : null;
}

/**
 * What an unpaid trial account may dial and text: its verified numbers and its own numbers. Null
 * when the account is not on an unpaid trial (anything the destination policy allows).
 */
export async function trialDialableNumbers(
  db: Pick<Database, "select">,
  accountId: string,
  now: Date,
): Promise<ReadonlySet<string> | null> {
  if (!isUnpaidTrial(await paymentStanding(db, accountId, now))) return null;
  const [verified, own] = await Promise.all([
    db
      .select({ e164: verifiedNumbers.e164 })
      .from(verifiedNumbers)
      .where(and(eq(verifiedNumbers.accountId, accountId), isNotNull(verifiedNumbers.verifiedAt))),
    db.select({ e164: phoneNumbers.e164 }).from(phoneNumbers).where(eq(phoneNumbers.accountId, accountId)),
  ]);
  return new Set([...verified, ...own].map((row) => row.e164));
}

/**
 * The same sets for many accounts at once (the routing tables' forwards): `candidates` are the
 * accounts on the trial without a current plan; those that never topped up get their verified
 * numbers plus `ownNumbers`. Two queries, whatever the number of accounts.
 */
export async function trialDialableOfAccounts(
  db: Pick<Database, "select" | "selectDistinct">,
  candidates: readonly string[],
  ownNumbers: (accountId: string) => readonly string[],
): Promise<Map<string, ReadonlySet<string>>> {
  const sets = new Map<string, ReadonlySet<string>>();
  if (candidates.length === 0) return sets;
  const [funded, verified] = await Promise.all([
    db
      .selectDistinct({ accountId: wallets.accountId })
      .from(wallets)
      .innerJoin(ledgerEntries, eq(ledgerEntries.walletId, wallets.id))
      .where(and(inArray(wallets.accountId, [...candidates]), eq(ledgerEntries.transactionType, "top_up"))),
    db
      .select({ accountId: verifiedNumbers.accountId, e164: verifiedNumbers.e164 })
      .from(verifiedNumbers)
      .where(and(inArray(verifiedNumbers.accountId, [...candidates]), isNotNull(verifiedNumbers.verifiedAt))),
  ]);
  const paid = new Set(funded.map((row) => row.accountId));
  for (const accountId of candidates)
    if (!paid.has(accountId)) sets.set(accountId, new Set(ownNumbers(accountId)));
  for (const row of verified) (sets.get(row.accountId) as Set<string> | undefined)?.add(row.e164);
  return sets;
}
