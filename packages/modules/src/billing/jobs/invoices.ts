import { type Database, newId, queryRows, schema, usageFromLedger } from "@poundline/db";
import { and, eq, inArray, lt, sql } from "drizzle-orm";

const { invoiceCounters, invoiceLines, invoices, ledgerEntries, subscriptions, wallets } = schema;

/**
 * Monthly invoices: per account and UTC month, the subscription's fee and what the prepaid wallet
 * paid for numbers, calls and texts, summed from the ledger (so the invoice matches it to the
 * cent). Numbered per account without gaps: the number is taken in the transaction that writes
 * the invoice, so a rolled-back invoice gives its number back.
 */

/** `INV-000042`: the account's 42nd invoice. */
export const formatInvoiceNumber = (n: number) => `INV-${String(n).padStart(6, "0")}`;

/**
 * The account's next invoice number, inside the caller's transaction: the counter's row stays
 * locked until it ends, so concurrent invoices of one account take consecutive numbers, and a
 * rollback returns the number.
 */
export async function allocateInvoiceNumber(tx: Database, accountId: string): Promise<string> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ accountId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.accountId,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ n: invoiceCounters.lastNumber });
  if (!row) throw new Error(`invoice counter of ${accountId} not written`);
  return formatInvoiceNumber(row.n);
}

export interface InvoiceLine {
  kind: (typeof schema.invoiceLineKinds)[number];
  description: string;
  quantity: number;
  amountCents: number;
}

/** The UTC month `YYYY-MM` as its first instant and the next month's. */
export function periodBounds(period: string): { from: Date; to: Date } {
  const [year, month] = period.split("-").map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, month - 1, 1)), to: new Date(Date.UTC(year, month, 1)) };
}

/** The month before the one of `now`, `YYYY-MM`. */
export function previousPeriod(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

const monthLabel = (from: Date) =>
  from.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** The lines of an account's invoice for a month. */
export async function invoiceLinesFor(
  db: Database,
  accountId: string,
  period: string,
): Promise<InvoiceLine[]> {
  const { from, to } = periodBounds(period);
  const label = monthLabel(from);
  const [subs, usage, [numberFees]] = await Promise.all([
    // Subscriptions in force during the month: started before its end, not ended before its start.
    db
      .select({
        planName: subscriptions.planName,
        serviceName: subscriptions.serviceName,
        monthlyFeeCents: subscriptions.monthlyFeeCents,
      })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.accountId, accountId),
          lt(subscriptions.createdAt, to),
          sql`(${subscriptions.status} in ('active', 'trialing', 'past_due') or ${subscriptions.updatedAt} >= ${from.toISOString()}::timestamptz)`,
        ),
      )
      .orderBy(subscriptions.createdAt),
    usageFromLedger(db, accountId, from, to),
    queryRows<{ n: number | string; cents: number | string | null }>(
      db,
      sql`select count(*) as n, -sum(${ledgerEntries.amountCents}) as cents from ${ledgerEntries}
        where ${ledgerEntries.walletId} = (select ${wallets.id} from ${wallets} where ${wallets.accountId} = ${accountId})
          and ${ledgerEntries.transactionType} = 'number_fee'
          and ${ledgerEntries.createdAt} >= ${from.toISOString()}::timestamptz
          and ${ledgerEntries.createdAt} < ${to.toISOString()}::timestamptz`,
    ),
  ]);
  const lines: InvoiceLine[] = subs.map((s) => ({
    kind: "subscription",
    description: `${s.planName} plan (${s.serviceName}), ${label}`,
    quantity: 1,
    amountCents: s.monthlyFeeCents,
  }));
  const usageLines: [InvoiceLine["kind"], string, { count: number; cents: number }][] = [
    [
      "number_fee",
      "Phone number fees",
      { count: Number(numberFees?.n ?? 0), cents: Number(numberFees?.cents ?? 0) },
    ],
    ["calls", "Calls", usage.calls],
    ["texts", "Texts", usage.texts],
  ];
  for (const [kind, what, sum] of usageLines)
    if (sum.cents > 0)
      lines.push({ kind, description: `${what}, ${label}`, quantity: sum.count, amountCents: sum.cents });
  return lines;
}

class AlreadyInvoiced extends Error {}

/**
 * Writes the account's invoice for the month with its lines and number, in one transaction;
 * null when the month has nothing to invoice or was invoiced already. The invoice is paid: the
 * wallet paid the usage as it happened, the card the subscription.
 */
export async function issueMonthlyInvoice(
  db: Database,
  accountId: string,
  period: string,
  now: Date,
): Promise<{ id: string; invoiceNumber: string } | null> {
  const lines = await invoiceLinesFor(db, accountId, period);
  if (lines.length === 0) return null;
  const issueDate = periodBounds(period).to.toISOString().slice(0, 10);
  try {
    return await db.transaction(async (tx) => {
      const invoiceNumber = await allocateInvoiceNumber(tx, accountId);
      // Under the counter's lock: a concurrent run for this account waits, then finds the month done.
      const [done] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.accountId, accountId), eq(invoices.period, period)));
      if (done) throw new AlreadyInvoiced();
      const id = newId("invoice");
      await tx.insert(invoices).values({
        id,
        accountId,
        invoiceNumber,
        issueDate,
        dueDate: issueDate,
        status: "paid",
        totalAmountCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
        currency: "USD",
        period,
        paidAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(invoiceLines).values(
        lines.map((line, position) => ({
          id: newId("invoice"),
          invoiceId: id,
          position,
          ...line,
          createdAt: now,
        })),
      );
      return { id, invoiceNumber };
    });
  } catch (err) {
    if (err instanceof AlreadyInvoiced) return null;
    throw err;
  }
}

/** Issues last month's invoices of every account that had a subscription or usage then. */
export async function issueMonthlyInvoices(db: Database, now: Date): Promise<number> {
  const period = previousPeriod(now);
  const { from, to } = periodBounds(period);
  const candidates = await queryRows<{ account_id: string }>(
    db,
    sql`select distinct ${ledgerEntries.accountId} as account_id from ${ledgerEntries}
        where ${ledgerEntries.transactionType} in ('number_fee', 'call_charge', 'sms_charge')
          and ${ledgerEntries.createdAt} >= ${from.toISOString()}::timestamptz
          and ${ledgerEntries.createdAt} < ${to.toISOString()}::timestamptz
      union
      select ${subscriptions.accountId} from ${subscriptions} where ${subscriptions.createdAt} < ${to.toISOString()}::timestamptz
        and ${subscriptions.status} in ('active', 'trialing', 'past_due')
      except
      select ${invoices.accountId} from ${invoices} where ${invoices.period} = ${period}`,
  );
  let issued = 0;
  for (const { account_id } of candidates)
    if (await issueMonthlyInvoice(db, account_id, period, now)) issued += 1;
  return issued;
}

/** The invoice lines in order (for the PDF and the API). */
export function linesOf(db: Database, invoiceIds: string[]) {
  return db
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, invoiceIds))
    .orderBy(invoiceLines.invoiceId, invoiceLines.position);
}
