import { type DatabaseHandle, newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allocateInvoiceNumber,
  formatInvoiceNumber,
  issueMonthlyInvoice,
  issueMonthlyInvoices,
} from "../../src/billing/jobs/index";

const { accounts, invoiceLines, invoices, ledgerEntries, subscriptions, wallets } = schema;

let handle: DatabaseHandle;

async function account() {
  const accountId = newId("account");
  const walletId = newId("wallet");
  await handle.db.insert(accounts).values({ id: accountId, companyName: "Invoiced Inc" });
  await handle.db.insert(wallets).values({ id: walletId, accountId, balanceCents: 10_000 });
  return { accountId, walletId };
}

async function entry(
  target: { accountId: string; walletId: string },
  type: "call_charge" | "sms_charge" | "number_fee" | "top_up",
  cents: number,
  at: string,
  reference: string,
) {
  await handle.db.insert(ledgerEntries).values({
    id: newId("transaction"),
    ...target,
    transactionType: type,
    description: type,
    amountCents: type === "top_up" ? cents : -cents,
    balanceAfterCents: 5_000,
    idempotencyKey: `${type}:${reference}:${newId("transaction")}`,
    reference,
    createdAt: new Date(at),
  });
}

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe("invoice numbers", () => {
  it("are consecutive per account under concurrency, a rolled-back invoice leaving no gap", async () => {
    const { accountId } = await account();
    const other = await account();
    const attempts = Array.from({ length: 20 }, (_, i) =>
      handle.db
        .transaction(async (tx) => {
          const number = await allocateInvoiceNumber(tx, i % 2 ? accountId : other.accountId);
          if (i % 5 === 0) throw new Error("rolled back");
          await tx.insert(invoices).values({
            id: newId("invoice"),
            accountId: i % 2 ? accountId : other.accountId,
            invoiceNumber: number,
            issueDate: "2026-11-01",
            dueDate: "2026-11-01",
            totalAmountCents: 0,
          });
          return number;
        })
        .catch(() => null),
    );
    await Promise.all(attempts);
    for (const id of [accountId, other.accountId]) {
      const numbers = (await handle.db.select().from(invoices).where(eq(invoices.accountId, id)))
        .map((row) => row.invoiceNumber)
        .sort();
      expect(numbers).toEqual(numbers.map((_, i) => formatInvoiceNumber(i + 1)));
    }
    // 10 attempts each, 2 of them rolled back (i = 0, 10 for one; 5, 15 for the other).
    expect((await handle.db.select().from(invoices).where(eq(invoices.accountId, accountId))).length).toBe(8);
  });
});

describe("monthly invoices", () => {
  it("last month's subscription, number fees, calls and texts from the ledger; once, however often it runs", async () => {
    const target = await account();
    await handle.db.insert(subscriptions).values({
      id: newId("subscription"),
      accountId: target.accountId,
      serviceName: "Poundline Phone System",
      planName: "Professional",
      status: "active",
      monthlyFeeCents: 5999,
      createdAt: new Date("2026-09-01T00:00:00Z"),
    });
    await entry(target, "number_fee", 115, "2026-10-01T00:05:00Z", "num_a");
    await entry(target, "call_charge", 123, "2026-10-03T10:00:00Z", "CA1");
    await entry(target, "call_charge", 77, "2026-10-31T23:59:59Z", "CA2");
    await entry(target, "sms_charge", 3, "2026-10-12T10:00:00Z", "SM1");
    await entry(target, "top_up", 5000, "2026-10-02T10:00:00Z", "pi_1"); // a credit: not on the invoice
    await entry(target, "call_charge", 999, "2026-11-01T00:00:00Z", "CA3"); // November's
    const now = new Date("2026-11-01T03:00:00Z");

    await Promise.all([issueMonthlyInvoices(handle.db, now), issueMonthlyInvoices(handle.db, now)]);
    expect(await issueMonthlyInvoice(handle.db, target.accountId, "2026-10", now)).toBeNull();
    const rows = await handle.db.select().from(invoices).where(eq(invoices.accountId, target.accountId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      invoiceNumber: "INV-000001",
      period: "2026-10",
      issueDate: "2026-11-01",
      status: "paid",
      totalAmountCents: 5999 + 115 + 200 + 3,
    });
    const lines = await handle.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, rows[0]?.id ?? ""))
      .orderBy(invoiceLines.position);
    expect(lines.map(({ kind, quantity, amountCents }) => ({ kind, quantity, amountCents }))).toEqual([
      { kind: "subscription", quantity: 1, amountCents: 5999 },
      { kind: "number_fee", quantity: 1, amountCents: 115 },
      { kind: "calls", quantity: 2, amountCents: 200 },
      { kind: "texts", quantity: 1, amountCents: 3 },
    ]);
    expect(lines[0]?.description).toBe("Professional plan (Poundline Phone System), October 2026");
  });

  it("a month with nothing to invoice writes nothing and takes no number", async () => {
    const { accountId } = await account();
    expect(
      await issueMonthlyInvoice(handle.db, accountId, "2026-10", new Date("2026-11-01T03:00:00Z")),
    ).toBeNull();
    const counters = await handle.db
      .select()
      .from(schema.invoiceCounters)
      .where(eq(schema.invoiceCounters.accountId, accountId));
    expect(counters).toEqual([]);
  });
});
