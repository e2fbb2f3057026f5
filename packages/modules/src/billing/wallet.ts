import {
  type InvoiceList,
  type SubscriptionList,
  TRANSACTIONS_PAGE_SIZE,
  type TransactionPage,
  type WalletResponse,
} from "@poundline/contracts/billing/schemas";
import { type Database, lockWallet, schema } from "@poundline/db";
import { and, count, desc, eq } from "drizzle-orm";

const { invoices, ledgerEntries, subscriptions, wallets } = schema;

const walletColumns = {
  id: wallets.id,
  balanceCents: wallets.balanceCents,
  currency: wallets.currency,
  lowBalanceThresholdCents: wallets.lowBalanceThresholdCents,
};

type WalletRow = { id: string; balanceCents: number; currency: string; lowBalanceThresholdCents: number };

const walletView = (row: WalletRow) => ({ ...row, low: row.balanceCents < row.lowBalanceThresholdCents });

async function findWallet(db: Database, accountId: string): Promise<WalletRow | undefined> {
  const [row] = await db.select(walletColumns).from(wallets).where(eq(wallets.accountId, accountId));
  return row;
}

/** The account's wallet; the first visit creates it (zero balance, USD), the way the ledger does. */
export async function openWallet(db: Database, accountId: string, now: Date): Promise<WalletResponse> {
  const existing = await findWallet(db, accountId);
  if (existing) return { wallet: walletView(existing), created: false };
  await db.transaction((tx) => lockWallet(tx, accountId, now));
  const created = await findWallet(db, accountId);
  if (!created) throw new Error(`wallet of account ${accountId} not created`);
  return { wallet: walletView(created), created: true };
}

/** Sets the balance under which the screen warns "Your balance is low." */
export async function setLowBalanceThreshold(
  db: Database,
  accountId: string,
  thresholdCents: number,
  now: Date,
): Promise<WalletResponse> {
  const { created } = await openWallet(db, accountId, now);
  const [row] = await db
    .update(wallets)
    .set({ lowBalanceThresholdCents: thresholdCents, updatedAt: now })
    .where(eq(wallets.accountId, accountId))
    .returning(walletColumns);
  if (!row) throw new Error(`wallet of account ${accountId} vanished`);
  return { wallet: walletView(row), created };
}

/** One page of the wallet's movements, newest first, and how many there are. */
export async function listTransactions(
  db: Database,
  accountId: string,
  page: number,
): Promise<TransactionPage> {
  const where = eq(ledgerEntries.accountId, accountId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: ledgerEntries.id,
        createdAt: ledgerEntries.createdAt,
        transactionType: ledgerEntries.transactionType,
        description: ledgerEntries.description,
        amountCents: ledgerEntries.amountCents,
        balanceAfterCents: ledgerEntries.balanceAfterCents,
      })
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(TRANSACTIONS_PAGE_SIZE)
      .offset((page - 1) * TRANSACTIONS_PAGE_SIZE),
    db.select({ n: count() }).from(ledgerEntries).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    transactions: rows,
    page,
    pageSize: TRANSACTIONS_PAGE_SIZE,
    total: n,
    pageCount: Math.max(1, Math.ceil(n / TRANSACTIONS_PAGE_SIZE)),
  };
}

export async function listSubscriptions(db: Database, accountId: string): Promise<SubscriptionList> {
  const rows = await db
    .select({
      id: subscriptions.id,
      serviceName: subscriptions.serviceName,
      planName: subscriptions.planName,
      status: subscriptions.status,
      nextBillingDate: subscriptions.nextBillingDate,
      monthlyFeeCents: subscriptions.monthlyFeeCents,
      currency: subscriptions.currency,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      scheduledPlanName: subscriptions.scheduledPlanName,
      createdAt: subscriptions.createdAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId))
    .orderBy(desc(subscriptions.createdAt));
  return { subscriptions: rows };
}

/** Seed 001: only unpaid invoices are awaiting payment (Pay Now). */
export const isPayable = (status: string) => status === "unpaid";

/** Where an invoice's PDF downloads (apps/api/src/routes/billing/invoice-pdf.ts renders it). */
export const invoicePdfUrl = (invoiceId: string): string | null =>
  `/api/billing/invoices/${encodeURIComponent(invoiceId)}/pdf`;

/** The account's invoices, newest issue date first. */
export async function listInvoices(db: Database, accountId: string): Promise<InvoiceList> {
  const rows = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      status: invoices.status,
      totalAmountCents: invoices.totalAmountCents,
      currency: invoices.currency,
    })
    .from(invoices)
    .where(eq(invoices.accountId, accountId))
    .orderBy(desc(invoices.issueDate), desc(invoices.id));
  return {
    invoices: rows.map((row) => ({ ...row, payable: isPayable(row.status), pdfUrl: invoicePdfUrl(row.id) })),
  };
}

/** One of the account's invoices (another account's is not found). */
export async function findInvoice(db: Database, accountId: string, invoiceId: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.accountId, accountId)));
  return row;
}
