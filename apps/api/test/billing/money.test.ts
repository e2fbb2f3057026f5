import { creditWallet, debitWallet, schema } from "@poundline/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../fixtures";
import { type BillingTestApp, createBillingApp, deliver, paidTopUpSession, walletOf } from "./helpers";

let t: BillingTestApp;
beforeAll(async () => {
  t = await createBillingApp();
});
afterAll(async () => {
  await t.close();
});

/** A small deterministic generator: the same amounts every run. */
function amounts(seed: number) {
  let state = seed;
  return (min: number, max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return min + (state % (max - min + 1));
  };
}

describe("money stays exact (issue 13, point 8)", () => {
  it("1,000 concurrent top-ups and debits on one wallet leave the balance equal to the sum of the ledger", async () => {
    const user = await createUser(t);
    const next = amounts(13);
    const now = new Date();
    const operations: Promise<unknown>[] = [];
    let credited = 0;
    let debited = 0;
    for (let i = 0; i < 1000; i++) {
      const kind = i % 4;
      if (kind === 0) {
        // A quarter arrive as Stripe would send them: signed events through the webhook route.
        const amount = next(500, 5000);
        credited += amount;
        operations.push(
          deliver(
            t,
            t.standIn.event("checkout.session.completed", paidTopUpSession(t, user.accountId, amount)),
          ).then((r) => {
            if (r.statusCode !== 200) throw new Error(`webhook answered ${r.statusCode}: ${r.body}`);
          }),
        );
      } else if (kind === 1) {
        const amount = next(100, 1000);
        credited += amount;
        operations.push(
          creditWallet(t.db.db, {
            accountId: user.accountId,
            type: "top_up",
            amountCents: amount,
            idempotencyKey: `money-test:credit:${i}`,
            reference: null,
            description: "Top-up",
            now,
          }),
        );
      } else {
        const amount = next(1, 900);
        debited += amount;
        operations.push(
          debitWallet(t.db.db, {
            accountId: user.accountId,
            type: kind === 2 ? "call_charge" : "sms_charge",
            amountCents: amount,
            idempotencyKey: `money-test:debit:${i}`,
            reference: null,
            description: "Usage",
            now,
          }),
        );
      }
    }
    await Promise.all(operations);

    const wallet = await walletOf(t, user.accountId);
    const [ledger] = await t.db.db
      .select({
        sum: sql<string>`coalesce(sum(${schema.ledgerEntries.amountCents}), 0)`,
        credits: sql<string>`count(*) filter (where ${schema.ledgerEntries.amountCents} > 0)`,
        creditSum: sql<string>`coalesce(sum(${schema.ledgerEntries.amountCents}) filter (where ${schema.ledgerEntries.amountCents} > 0), 0)`,
        debits: sql<string>`count(*) filter (where ${schema.ledgerEntries.amountCents} < 0)`,
        maxAfter: sql<string>`max(${schema.ledgerEntries.balanceAfterCents})`,
      })
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.accountId, user.accountId));
    expect(Number(ledger?.credits)).toBe(500);
    expect(Number(ledger?.creditSum)).toBe(credited);
    // Every charge is written in full, even one that overdraws the wallet (it is owed).
    expect(Number(ledger?.debits)).toBe(500);
    expect(wallet?.balanceCents).toBe(Number(ledger?.sum));
    expect(wallet?.balanceCents).toBe(credited - debited);
  }, 300_000);
});
