import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import type { TestApp } from "../../src/testing";
import type { SignedIn } from "../fixtures";

/** Claims (buys) a number for the signed-in account, as Phone Numbers does. */
export const claimNumber = (t: TestApp, headers: SignedIn["headers"], e164: string) =>
  t.app.inject({ method: "POST", url: "/api/numbers", headers, payload: { e164 } });

/** GET /api/billing/plan: the plan, the gate and the trial's allowance. */
export const planStatus = async (t: TestApp, headers: SignedIn["headers"]) =>
  t.app.inject({ method: "GET", url: "/api/billing/plan", headers });

export const numbersOf = (t: TestApp, accountId: string) =>
  t.db.db.select().from(schema.phoneNumbers).where(eq(schema.phoneNumbers.accountId, accountId));

/** Every ledger entry of the account's wallet (none: nothing was ever charged or credited). */
export const ledgerOf = (t: TestApp, accountId: string) =>
  t.db.db
    .select({ type: schema.ledgerEntries.transactionType, amountCents: schema.ledgerEntries.amountCents })
    .from(schema.ledgerEntries)
    .innerJoin(schema.wallets, eq(schema.wallets.id, schema.ledgerEntries.walletId))
    .where(eq(schema.wallets.accountId, accountId));

/** Sets how much of the account's trial allowance is used. */
export async function useAllowance(t: TestApp, accountId: string, minutesUsed: number, textsUsed = 0) {
  await t.db.db
    .insert(schema.trialAllowances)
    .values({ accountId, minutesUsed, textsUsed })
    .onConflictDoUpdate({ target: schema.trialAllowances.accountId, set: { minutesUsed, textsUsed } });
  await t.app.deps.routing.reload();
}
