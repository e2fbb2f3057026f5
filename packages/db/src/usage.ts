import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { queryRows } from "./query";
import { ledgerEntries, wallets } from "./schema/index";

/** The first instant of the UTC calendar month of `now`: monthly limits and the spend cap count from it. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The first instant of the UTC month after the one of `now`. */
export function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export interface UsageTotals {
  calls: { count: number; cents: number };
  texts: { count: number; cents: number };
  totalCents: number;
}

/**
 * What calls and texts cost from `from` to `to`, summed from the ledger (the charges the wallet
 * paid): the month-to-date card, the spend cap and the invoices' usage lines read the same sums.
 * A re-rated call is one more entry of the same call: counted once, by its reference.
 */
export async function usageFromLedger(
  db: Database,
  accountId: string,
  from: Date,
  to: Date,
): Promise<UsageTotals> {
  const rows = await queryRows<{ type: string; n: number | string; cents: number | string }>(
    db,
    sql`select ${ledgerEntries.transactionType} as type,
        count(distinct coalesce(${ledgerEntries.reference}, ${ledgerEntries.id})) as n,
        -sum(${ledgerEntries.amountCents}) as cents
      from ${ledgerEntries}
      where ${ledgerEntries.walletId} = (select ${wallets.id} from ${wallets} where ${wallets.accountId} = ${accountId})
        and ${ledgerEntries.transactionType} in ('call_charge', 'sms_charge')
        and ${ledgerEntries.createdAt} >= ${from.toISOString()}::timestamptz
        and ${ledgerEntries.createdAt} < ${to.toISOString()}::timestamptz
      group by 1`,
  );
  const of = (type: string) => {
    const row = rows.find((r) => r.type === type);
    return { count: Number(row?.n ?? 0), cents: Number(row?.cents ?? 0) };
  };
  const calls = of("call_charge");
  const texts = of("sms_charge");
  return { calls, texts, totalCents: calls.cents + texts.cents };
}
