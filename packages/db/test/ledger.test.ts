import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../src/client";
import { newId } from "../src/ids";
import { applyDebits, creditWallet, type Debit, type DebitApplied, debitWallet } from "../src/ledger";
import * as schema from "../src/schema/index";
import { createTestDatabase, type WalletAndLedger, walletAndLedger } from "../src/testing";

const { accounts, ledgerEntries, wallets } = schema;

describe("wallet ledger", () => {
  let handle: DatabaseHandle;
  const t0 = new Date("2026-11-01T12:00:00Z");

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  async function newAccount(): Promise<string> {
    const id = newId("account");
    await handle.db.insert(accounts).values({ id, companyName: `Ledger Test ${id}` });
    return id;
  }
  const walletOf = async (accountId: string) => {
    const [row] = await handle.db.select().from(wallets).where(eq(wallets.accountId, accountId));
    return row;
  };
  const entriesOf = (accountId: string) =>
    handle.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId));
  const topUp = (accountId: string, amountCents: number, key = `stripe:pi_${newId("job")}`) =>
    creditWallet(handle.db, {
      accountId,
      amountCents,
      type: "top_up",
      idempotencyKey: key,
      reference: key,
      description: "Wallet top-up",
      now: t0,
    });
  const debit = (key: string, amountCents: number): Debit => ({
    amountCents,
    type: "call_charge",
    idempotencyKey: key,
    reference: key,
    description: `Call ${key}`,
  });
  const charge = (accountId: string, amountCents: number, key: string, now = t0) =>
    debitWallet(handle.db, {
      accountId,
      amountCents,
      type: "call_charge",
      idempotencyKey: key,
      reference: key,
      description: `Call ${key}`,
      now,
    });

  it("creates a missing wallet with zero balance in USD on the first movement", async () => {
    const accountId = await newAccount();
    const result = await topUp(accountId, 2500);
    expect(result).toMatchObject({ status: "applied", balanceAfterCents: 2500 });
    expect(await walletOf(accountId)).toMatchObject({ balanceCents: 2500, currency: "USD" });
    const entries = await entriesOf(accountId);
    expect(entries).toMatchObject([
      { transactionType: "top_up", amountCents: 2500, balanceAfterCents: 2500 },
    ]);
  });

  it("1,000 concurrent debits: exact balance, each charged in full, an overdraw owed, entries sum to the balance", async () => {
    const accountId = await newAccount();
    const start = 40_000;
    await topUp(accountId, start);
    const amounts = Array.from({ length: 1000 }, (_, i) => (i % 97) + 1);
    const asked = amounts.reduce((a, b) => a + b, 0);
    expect(asked).toBeGreaterThan(start); // the tail overdraws the wallet

    const results = await Promise.all(
      amounts.map((amount, i) => charge(accountId, amount, `charge-call:CA${i}`, new Date(t0.getTime() + i))),
    );

    const applied = results.filter((r): r is DebitApplied => r.status === "applied");
    expect(applied).toHaveLength(1000);
    expect(applied.reduce((a, r) => a + r.chargedCents, 0)).toBe(asked);
    // What the balance did not cover is owed: exactly the overdraw.
    expect(applied.reduce((a, r) => a + r.shortfallCents, 0)).toBe(asked - start);
    expect(applied.filter((r) => r.crossedLowBalance)).toHaveLength(1);

    const wallet = await walletOf(accountId);
    expect(wallet?.balanceCents).toBe(start - asked);
    expect(wallet?.lowBalanceNotifiedAt).not.toBeNull();

    const entries = await entriesOf(accountId);
    expect(entries.reduce((a, e) => a + e.amountCents, 0)).toBe(wallet?.balanceCents);
    // A single running total: ordered by balance after, each entry continues from the previous one.
    const debits = entries
      .filter((e) => e.transactionType === "call_charge")
      .sort((a, b) => b.balanceAfterCents - a.balanceAfterCents);
    expect(debits).toHaveLength(1000);
    let running = start;
    for (const e of debits) {
      running += e.amountCents;
      expect(e.balanceAfterCents).toBe(running);
    }
    expect(running).toBe(start - asked);
    // Each debit that overdrew says what is owed in its description.
    for (const r of applied.filter((x) => x.shortfallCents > 0)) {
      const entry = entries.find((e) => e.id === r.entryId);
      expect(entry?.description).toMatch(/owed: wallet overdrawn\)$/);
    }
  });

  // The reliability test once read the ledger, then the wallet, while charges landed, and saw the
  // wallet 30 cents below its ledger: a charge committed between the two reads. Read as one
  // snapshot, the wallet and its ledger agree at every instant, batches (the biller's) included.
  it("a wallet moves only with its ledger entries: every reading taken while debits land agrees", async () => {
    const accountId = await newAccount();
    const start = 1_000_000;
    await topUp(accountId, start);
    const batchOf = (b: number) =>
      Array.from(
        { length: 5 },
        (_, k): Debit => debit(`charge-sms:SM${accountId}-${b}-${k}`, 1 + ((b + k) % 30)),
      );
    const batches = Array.from({ length: 60 }, (_, b) => batchOf(b));
    const singles = Array.from({ length: 60 }, (_, i) => ({
      key: `charge-call:CA${accountId}-${i}`,
      amount: 30,
    }));
    const total =
      batches.flat().reduce((a, d) => a + d.amountCents, 0) + singles.reduce((a, d) => a + d.amount, 0);
    const movements = 1 + batches.flat().length + singles.length;

    let landing = true;
    const readings: WalletAndLedger[] = [];
    const reader = (async () => {
      while (landing) readings.push(await walletAndLedger(handle.db, accountId));
    })();
    // Four lanes of movements one after another: the reads queue between them, not after them all.
    const work = [
      ...batches.map((batch) => () => handle.db.transaction((tx) => applyDebits(tx, accountId, batch, t0))),
      ...singles.map((d) => () => charge(accountId, d.amount, d.key)),
    ];
    await Promise.all(
      [0, 1, 2, 3].map(async (lane) => {
        for (const move of work.filter((_, k) => k % 4 === lane)) await move();
      }),
    );
    landing = false;
    await reader;

    // The readings caught the debits half way, not only before and after them.
    expect(readings.some((r) => r.entries > 1 && r.entries < movements)).toBe(true);
    expect(readings.filter((r) => r.balanceCents !== r.ledgerCents)).toEqual([]);
    expect(await walletAndLedger(handle.db, accountId)).toEqual({
      balanceCents: start - total,
      ledgerCents: start - total,
      entries: movements,
    });
  });

  it("the same idempotency key five times concurrently charges once", async () => {
    const accountId = await newAccount();
    await topUp(accountId, 1000);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => charge(accountId, 120, "charge-call:CAdup")),
    );
    expect(results.filter((r) => r.status === "applied")).toHaveLength(1);
    expect(results.filter((r) => r.status === "duplicate")).toHaveLength(4);
    expect((await walletOf(accountId))?.balanceCents).toBe(880);
    const charges = (await entriesOf(accountId)).filter((e) => e.transactionType === "call_charge");
    expect(charges).toMatchObject([
      { amountCents: -120, balanceAfterCents: 880, idempotencyKey: "charge-call:CAdup" },
    ]);
  });

  it("concurrent first movements of an account create one wallet", async () => {
    const accountId = await newAccount();
    const credits = Array.from({ length: 10 }, (_, i) => topUp(accountId, 100, `stripe:pi_first${i}`));
    const debits = Array.from({ length: 5 }, () => charge(accountId, 30, "charge-call:CAfirst"));
    const results = await Promise.all([...credits, ...debits]);
    expect(results.filter((r) => r.status === "duplicate")).toHaveLength(4);
    const rows = await handle.db.select().from(wallets).where(eq(wallets.accountId, accountId));
    expect(rows).toHaveLength(1);
    const entries = await entriesOf(accountId);
    expect(rows[0]?.balanceCents).toBe(entries.reduce((a, e) => a + e.amountCents, 0));
  });

  it("a duplicate of a charge that overdrew the wallet is still a duplicate", async () => {
    const accountId = await newAccount();
    await topUp(accountId, 50);
    expect(await charge(accountId, 80, "charge-call:CAdry")).toMatchObject({
      status: "applied",
      chargedCents: 80,
      shortfallCents: 30,
      balanceAfterCents: -30,
    });
    expect(await charge(accountId, 80, "charge-call:CAdry")).toEqual({ status: "duplicate" });
    expect((await entriesOf(accountId)).filter((e) => e.transactionType === "call_charge")).toHaveLength(1);
  });

  it("a duplicate credit changes nothing", async () => {
    const accountId = await newAccount();
    await topUp(accountId, 700, "stripe:pi_same");
    expect(await topUp(accountId, 700, "stripe:pi_same")).toEqual({ status: "duplicate" });
    expect((await walletOf(accountId))?.balanceCents).toBe(700);
    expect(await entriesOf(accountId)).toHaveLength(1);
  });

  it("reports crossing the threshold once; a credit above the threshold clears the flag", async () => {
    const accountId = await newAccount();
    await topUp(accountId, 600); // threshold 500 by default
    expect(await charge(accountId, 50, "k1")).toMatchObject({
      balanceAfterCents: 550,
      crossedLowBalance: false,
    });
    expect(await charge(accountId, 100, "k2")).toMatchObject({
      balanceAfterCents: 450,
      crossedLowBalance: true,
    });
    const notifiedAt = (await walletOf(accountId))?.lowBalanceNotifiedAt;
    expect(notifiedAt).toEqual(t0);
    expect(await charge(accountId, 100, "k3")).toMatchObject({
      balanceAfterCents: 350,
      crossedLowBalance: false,
    });

    // Still below the threshold after this credit: the dip goes on, no new warning.
    expect(await topUp(accountId, 100)).toMatchObject({ balanceAfterCents: 450, clearedLowBalance: false });
    expect((await walletOf(accountId))?.lowBalanceNotifiedAt).toEqual(t0);
    expect(await charge(accountId, 10, "k4")).toMatchObject({ crossedLowBalance: false });

    expect(await topUp(accountId, 1000)).toMatchObject({ balanceAfterCents: 1440, clearedLowBalance: true });
    expect((await walletOf(accountId))?.lowBalanceNotifiedAt).toBeNull();
    expect(await charge(accountId, 1000, "k5")).toMatchObject({
      balanceAfterCents: 440,
      crossedLowBalance: true,
    });
  });

  it("an empty wallet is charged in full, never silently not: the charge is owed, warned once", async () => {
    const accountId = await newAccount();
    const first = await charge(accountId, 30, "charge-call:CAempty1");
    expect(first).toMatchObject({
      status: "applied",
      chargedCents: 30,
      shortfallCents: 30,
      balanceAfterCents: -30,
    });
    expect(first).toMatchObject({ crossedLowBalance: true, entryId: expect.any(String) });
    expect(await charge(accountId, 30, "charge-call:CAempty2")).toMatchObject({ crossedLowBalance: false });
    expect(await walletOf(accountId)).toMatchObject({ balanceCents: -60, currency: "USD" });
    expect((await entriesOf(accountId)).map((e) => e.amountCents)).toEqual([-30, -30]);
    // A top-up pays what is owed first.
    expect(await topUp(accountId, 100)).toMatchObject({ balanceAfterCents: 40 });
  });

  it("an amount of 0 writes nothing; a negative amount is refused", async () => {
    const accountId = await newAccount();
    expect(await charge(accountId, 0, "zero")).toEqual({ status: "nothing" });
    expect(await topUp(accountId, 0)).toEqual({ status: "nothing" });
    expect(await walletOf(accountId)).toBeUndefined();
    await expect(charge(accountId, -5, "negative")).rejects.toThrow(RangeError);
  });

  it("a failure after the entry rolls the whole movement back", async () => {
    const accountId = await newAccount();
    await topUp(accountId, 100);
    await expect(
      handle.db.transaction(async (tx) => {
        await debitWallet(tx, {
          accountId,
          amountCents: 40,
          type: "sms_charge",
          idempotencyKey: "charge-sms:SMrollback",
          reference: "SMrollback",
          description: "SMS",
          now: t0,
        });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect((await walletOf(accountId))?.balanceCents).toBe(100);
    expect(await entriesOf(accountId)).toHaveLength(1);
  });

  describe("applyDebits: a batch answers what one debit at a time would have", () => {
    const withoutIds = (results: unknown[]) =>
      results.map((r) => {
        const { walletId: _w, entryId, ...rest } = r as DebitApplied;
        return { ...rest, ...(entryId === undefined ? {} : { hasEntry: entryId !== null }) };
      });

    it.each([
      {
        name: "crossing the threshold once, then the floor",
        balance: 1200,
        debits: [debit("a", 300), debit("b", 500), debit("c", 100), debit("d", 900), debit("e", 50)],
      },
      {
        name: "a key twice in the batch",
        balance: 1000,
        debits: [debit("x", 10), debit("x", 10), debit("y", 5)],
      },
      { name: "zero amounts among others", balance: 100, debits: [debit("z0", 0), debit("z1", 40)] },
      { name: "an empty wallet", balance: 0, debits: [debit("e1", 10), debit("e2", 20)] },
    ])("$name", async ({ balance, debits }) => {
      const one = await newAccount();
      const batch = await newAccount();
      for (const id of [one, batch]) if (balance > 0) await topUp(id, balance);
      // A key the ledger already holds is a duplicate in both.
      await charge(one, 1, `${one}:seen`);
      await charge(batch, 1, `${batch}:seen`);
      const keyed = (account: string) => [
        ...debits.map((d) => ({ ...d, idempotencyKey: `${account}:${d.idempotencyKey}` })),
        debit(`${account}:seen`, 7),
      ];

      const sequential = [];
      for (const d of keyed(one))
        sequential.push(await debitWallet(handle.db, { ...d, accountId: one, now: t0 }));
      const batched = await handle.db.transaction((tx) => applyDebits(tx, batch, keyed(batch), t0));

      expect(withoutIds(batched)).toEqual(withoutIds(sequential));
      const [a, b] = [await walletOf(one), await walletOf(batch)];
      expect(b?.balanceCents).toBe(a?.balanceCents);
      expect(b?.lowBalanceNotifiedAt === null).toBe(a?.lowBalanceNotifiedAt === null);
      const amounts = async (id: string) =>
        (await entriesOf(id))
          .map((e) => [e.amountCents, e.balanceAfterCents, e.description.replace(id, "")])
          .sort();
      expect(await amounts(batch)).toEqual(await amounts(one));
    });
  });
});
