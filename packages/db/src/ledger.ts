import { decideCredit, decideDebit, decideReversal, describeCharge } from "@poundline/domain/ledger";
import { eq, sql } from "drizzle-orm";
import type { Database } from "./client";
import { newId } from "./ids";
import { inJsonList, jsonRecords, queryRows } from "./query";
import { ledgerEntries, wallets } from "./schema/index";

/**
 * Money movements of a wallet. Each call is one transaction: the wallet row is locked
 * (`SELECT … FOR UPDATE`), the ledger entry goes in under its idempotency key, and the balance
 * moves by the same amount; either all of it is written or none of it. The arithmetic (a charge
 * in full, what an overdrawn wallet owes, low-balance crossing) is decided by
 * `decideDebit`/`decideCredit` in @poundline/telephony.
 *
 * A wallet that does not exist yet is created with a zero balance in USD, as the console does.
 * An amount of 0 writes nothing (a ledger entry is never 0).
 */

export type DebitType = "call_charge" | "sms_charge" | "number_fee" | "registration_fee";
export type CreditType = "top_up" | "refund" | "adjustment" | "dispute_release";
/** Money Stripe took back from a top-up: taken in full, even below zero (see `applyReversal`). */
export type ReversalType = "top_up_refund" | "dispute_hold" | "dispute_loss";

interface Movement {
  accountId: string;
  /** Positive cents: what the usage costs, or what is added. */
  amountCents: number;
  /** One per event (e.g. `charge-call:CA…`): applying the same event twice is a no-op. */
  idempotencyKey: string;
  /** The carrier or Stripe id the movement came from. */
  reference: string | null;
  description: string;
  now: Date;
}

export interface DebitWallet extends Movement {
  type: DebitType;
}

export interface CreditWallet extends Movement {
  type: CreditType;
}

export interface ReverseWallet extends Movement {
  type: ReversalType;
}

/** The event was applied before: nothing changed. */
export interface Duplicate {
  status: "duplicate";
}

/** The amount was 0: nothing to write. */
export interface NothingToApply {
  status: "nothing";
}

export interface DebitApplied {
  status: "applied";
  walletId: string;
  /** The ledger entry: a charge is always written in full, even past an empty wallet. */
  entryId: string | null;
  chargedCents: number;
  /** The part the balance could not cover: owed (the balance below zero), in the entry's description. */
  shortfallCents: number;
  balanceAfterCents: number;
  lowBalanceThresholdCents: number;
  /** This debit took the balance below the threshold: the one time to send the warning. */
  crossedLowBalance: boolean;
}

export interface CreditApplied {
  status: "applied";
  walletId: string;
  entryId: string;
  balanceAfterCents: number;
  /** The credit ended a low-balance dip: the next crossing warns again. */
  clearedLowBalance: boolean;
}

export interface ReversalApplied {
  status: "applied";
  walletId: string;
  entryId: string;
  balanceAfterCents: number;
  /** How far below zero the wallet now is: what the account owes. */
  owedCents: number;
}

export type DebitResult = Duplicate | NothingToApply | DebitApplied;
export type ReversalResult = Duplicate | NothingToApply | ReversalApplied;
export type CreditResult = Duplicate | NothingToApply | CreditApplied;

function assertAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`amountCents must be a non-negative integer, got ${amountCents}`);
  }
}

/** Charges usage to the account's wallet in full, overdrawing it when it cannot cover it (see `decideDebit`). */
export async function debitWallet(db: Database, input: DebitWallet): Promise<DebitResult> {
  assertAmount(input.amountCents);
  if (input.amountCents === 0) return { status: "nothing" };
  return db.transaction(async (tx) => {
    const [result] = await applyDebits(tx, input.accountId, [input], input.now);
    return result as DebitResult;
  });
}

/** One debit of a batch: the account and time are the batch's. */
export type Debit = Omit<DebitWallet, "accountId" | "now">;

/**
 * Many debits of one account, inside the caller's transaction: one wallet lock, one look-up of
 * the idempotency keys, one multi-row ledger insert and one balance update, whatever the number
 * of debits. Each result is what `debitWallet` would have answered had the debits run one after
 * another in this order (a key seen earlier in the batch is a duplicate too). `locked`: the
 * wallet as the caller's `lockWallet` in this transaction returned it (not locked again).
 */
export async function applyDebits(
  tx: Database,
  accountId: string,
  debits: Debit[],
  now: Date,
  locked?: LockedWallet,
): Promise<DebitResult[]> {
  for (const debit of debits) assertAmount(debit.amountCents);
  if (debits.every((d) => d.amountCents === 0)) return debits.map(() => ({ status: "nothing" }));
  const wallet = locked ?? (await lockWallet(tx, accountId, now));
  const seen = await existingKeys(
    tx,
    debits.filter((d) => d.amountCents > 0).map((d) => d.idempotencyKey),
  );

  let balance = wallet.balanceCents;
  let notified = wallet.lowBalanceNotifiedAt !== null;
  let crossedAny = false;
  const entries: {
    id: string;
    transaction_type: DebitType;
    description: string;
    amount_cents: number;
    balance_after_cents: number;
    idempotency_key: string;
    reference: string | null;
  }[] = [];
  const results = debits.map((debit): DebitResult => {
    if (debit.amountCents === 0) return { status: "nothing" };
    if (seen.has(debit.idempotencyKey)) return { status: "duplicate" };
    seen.add(debit.idempotencyKey);
    const decision = decideDebit({
      balanceCents: balance,
      amountCents: debit.amountCents,
      lowBalanceThresholdCents: wallet.lowBalanceThresholdCents,
      lowBalanceNotified: notified,
    });
    balance = decision.balanceAfter;
    notified ||= decision.crossedLowBalance;
    crossedAny ||= decision.crossedLowBalance;
    let entryId: string | null = null;
    if (decision.charged > 0) {
      entryId = newId("transaction");
      entries.push({
        id: entryId,
        transaction_type: debit.type,
        description: describeCharge(debit.description, decision),
        amount_cents: -decision.charged,
        balance_after_cents: decision.balanceAfter,
        idempotency_key: debit.idempotencyKey,
        reference: debit.reference,
      });
    }
    return {
      status: "applied",
      walletId: wallet.id,
      entryId,
      chargedCents: decision.charged,
      shortfallCents: decision.shortfall,
      balanceAfterCents: decision.balanceAfter,
      lowBalanceThresholdCents: wallet.lowBalanceThresholdCents,
      crossedLowBalance: decision.crossedLowBalance,
    };
  });

  if (entries.length > 0) {
    // The wallet lock keeps every movement of this account out meanwhile, so each key is new;
    // a conflict here means something bypassed the lock, and rolls the batch back. One JSON
    // parameter carries the rows: one prepared statement whatever their number.
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`insert into ${ledgerEntries} (id, wallet_id, account_id, transaction_type, description,
          amount_cents, balance_after_cents, idempotency_key, reference, created_at)
        select e.id, ${wallet.id}, ${accountId}, e.transaction_type, e.description, e.amount_cents,
          e.balance_after_cents, e.idempotency_key, e.reference, ${now.toISOString()}::timestamptz
        from ${jsonRecords(entries)} as e(id text, transaction_type text, description text,
          amount_cents bigint, balance_after_cents bigint, idempotency_key text, reference text)
        on conflict (idempotency_key) do nothing
        returning id`,
    );
    if (inserted.length !== entries.length) throw new Error(`wallet ${wallet.id}: idempotency key race`);
  }
  if (entries.length > 0 || crossedAny) {
    await moveBalance(tx, wallet.id, balance - wallet.balanceCents, balance, {
      updatedAt: now,
      ...(crossedAny ? { lowBalanceNotifiedAt: now } : {}),
    });
  }
  return results;
}

/** Adds a top-up, refund or positive adjustment; one that ends a low-balance dip clears the warning. */
export async function creditWallet(db: Database, input: CreditWallet): Promise<CreditResult> {
  assertAmount(input.amountCents);
  if (input.amountCents === 0) return { status: "nothing" };
  return db.transaction((tx) => applyCredit(tx, input));
}

/**
 * `creditWallet` inside the caller's transaction (e.g. a webhook's, which records the event id
 * in the same transaction): the wallet is locked until that transaction ends.
 */
export async function applyCredit(tx: Database, input: CreditWallet): Promise<CreditResult> {
  assertAmount(input.amountCents);
  if (input.amountCents === 0) return { status: "nothing" };
  const wallet = await lockWallet(tx, input.accountId, input.now);
  const decision = decideCredit({
    balanceCents: wallet.balanceCents,
    amountCents: input.amountCents,
    lowBalanceThresholdCents: wallet.lowBalanceThresholdCents,
  });
  const entryId = await insertEntry(tx, wallet.id, input, {
    type: input.type,
    amountCents: input.amountCents,
    balanceAfterCents: decision.balanceAfter,
    description: input.description,
  });
  if (!entryId) return { status: "duplicate" } satisfies Duplicate;
  const clearedLowBalance = decision.clearsLowBalance && wallet.lowBalanceNotifiedAt !== null;
  await moveBalance(tx, wallet.id, input.amountCents, decision.balanceAfter, {
    updatedAt: input.now,
    ...(clearedLowBalance ? { lowBalanceNotifiedAt: null } : {}),
  });
  return {
    status: "applied",
    walletId: wallet.id,
    entryId,
    balanceAfterCents: decision.balanceAfter,
    clearedLowBalance,
  } satisfies CreditApplied;
}

/**
 * Takes back, inside the caller's transaction, money Stripe took back from a top-up (a refund, a
 * dispute's hold or loss): the whole amount, even when the wallet holds less, so the ledger says
 * what Stripe did. A wallet left below zero owes the rest: usage charges nothing against it and
 * the telephony gate stays shut until a top-up covers it (the routing tables must recompile).
 */
export async function applyReversal(tx: Database, input: ReverseWallet): Promise<ReversalResult> {
  assertAmount(input.amountCents);
  if (input.amountCents === 0) return { status: "nothing" };
  const wallet = await lockWallet(tx, input.accountId, input.now);
  const decision = decideReversal({ balanceCents: wallet.balanceCents, amountCents: input.amountCents });
  const entryId = await insertEntry(tx, wallet.id, input, {
    type: input.type,
    amountCents: -input.amountCents,
    balanceAfterCents: decision.balanceAfter,
    description: input.description,
  });
  if (!entryId) return { status: "duplicate" } satisfies Duplicate;
  await moveBalance(tx, wallet.id, -input.amountCents, decision.balanceAfter, { updatedAt: input.now });
  return {
    status: "applied",
    walletId: wallet.id,
    entryId,
    balanceAfterCents: decision.balanceAfter,
    owedCents: decision.owedCents,
  } satisfies ReversalApplied;
}

const lockedColumns = {
  id: wallets.id,
  balanceCents: wallets.balanceCents,
  lowBalanceThresholdCents: wallets.lowBalanceThresholdCents,
  lowBalanceNotifiedAt: wallets.lowBalanceNotifiedAt,
};

/** A wallet as `lockWallet` read it. */
export interface LockedWallet {
  id: string;
  balanceCents: number;
  lowBalanceThresholdCents: number;
  lowBalanceNotifiedAt: Date | null;
}

/** The account's wallet, locked until the transaction ends; created (zero, USD) when missing. */
export async function lockWallet(tx: Database, accountId: string, now: Date): Promise<LockedWallet> {
  const select = () =>
    tx.select(lockedColumns).from(wallets).where(eq(wallets.accountId, accountId)).for("update");
  const [existing] = await select();
  if (existing) return existing;
  // A concurrent creator wins on the unique account_id; either way the row exists afterwards.
  await tx
    .insert(wallets)
    .values({
      id: newId("wallet"),
      accountId,
      balanceCents: 0,
      currency: "USD",
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: wallets.accountId });
  const [created] = await select();
  if (!created) throw new Error(`wallet of account ${accountId} could not be created`);
  return created;
}

/** Inserts the entry under its idempotency key; null when the key was used before. */
async function insertEntry(
  tx: Database,
  walletId: string,
  input: Movement,
  entry: {
    type: DebitType | CreditType | ReversalType;
    amountCents: number;
    balanceAfterCents: number;
    description: string;
  },
): Promise<string | null> {
  const [row] = await tx
    .insert(ledgerEntries)
    .values({
      id: newId("transaction"),
      walletId,
      accountId: input.accountId,
      transactionType: entry.type,
      description: entry.description,
      amountCents: entry.amountCents,
      balanceAfterCents: entry.balanceAfterCents,
      idempotencyKey: input.idempotencyKey,
      reference: input.reference,
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning({ id: ledgerEntries.id });
  return row?.id ?? null;
}

/** The keys among these that the ledger already holds. */
async function existingKeys(tx: Database, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await queryRows<{ key: string }>(
    tx,
    sql`select idempotency_key as key from ${ledgerEntries} where idempotency_key = ${inJsonList(keys)}`,
  );
  return new Set(rows.map((r) => r.key));
}

/**
 * Moves the locked balance by `delta` in SQL and checks it lands on the decided running total
 * (the ledger's CHECK keeps usage from taking it below zero); a mismatch throws and rolls the
 * whole movement back.
 */
async function moveBalance(
  tx: Database,
  walletId: string,
  delta: number,
  expected: number,
  set: { updatedAt: Date; lowBalanceNotifiedAt?: Date | null },
): Promise<void> {
  const [row] = await tx
    .update(wallets)
    .set({ ...set, balanceCents: sql`${wallets.balanceCents} + ${delta}` })
    .where(eq(wallets.id, walletId))
    .returning({ balanceCents: wallets.balanceCents });
  if (row?.balanceCents !== expected) {
    throw new Error(
      `wallet ${walletId}: balance ${row?.balanceCents} after the movement, expected ${expected}`,
    );
  }
}
