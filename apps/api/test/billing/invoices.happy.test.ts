import { newId, schema } from "@poundline/db";
import { issueMonthlyInvoices } from "@poundline/modules/jobs";
import { and, eq, gte, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { amountAfter, pdfLines, qpdfCheck } from "./pdf-text";

let t: TestApp;
let user: TestUser;
let session: SignedIn;
let walletId: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  session = await signIn(t, user);
  walletId = newId("wallet");
  await t.db.db
    .insert(schema.wallets)
    .values({ id: walletId, accountId: user.accountId, balanceCents: 100_000 });
  await t.db.db.insert(schema.subscriptions).values({
    id: newId("subscription"),
    accountId: user.accountId,
    serviceName: "Poundline Phone System",
    planName: "Starter",
    status: "active",
    monthlyFeeCents: 2499,
    createdAt: new Date("2026-09-15T00:00:00Z"),
  });
  // A month of varied usage: amounts that would drift if summed as floats.
  const entries: [string, number, string][] = [];
  for (let i = 0; i < 137; i++) entries.push(["call_charge", 7 + ((i * 13) % 97), `CA${i}`]);
  for (let i = 0; i < 211; i++) entries.push(["sms_charge", 1 + (i % 3), `SM${i}`]);
  entries.push(["number_fee", 115, "num_local"], ["number_fee", 215, "num_tollfree"]);
  await t.db.db.insert(schema.ledgerEntries).values(
    entries.map(([type, cents, reference], i) => ({
      id: newId("transaction"),
      walletId,
      accountId: user.accountId,
      transactionType: type as "call_charge",
      description: type,
      amountCents: -cents,
      balanceAfterCents: 50_000,
      idempotencyKey: `${type}:${reference}`,
      reference,
      createdAt: new Date(Date.UTC(2026, 9, 1 + (i % 31), 12, i % 60)),
    })),
  );
  await issueMonthlyInvoices(t.db.db, new Date("2026-11-01T02:00:00Z"));
});
afterAll(() => t.close());

async function ledgerCents(types: string[]) {
  const rows = await t.db.db
    .select({ type: schema.ledgerEntries.transactionType, amount: schema.ledgerEntries.amountCents })
    .from(schema.ledgerEntries)
    .where(
      and(
        eq(schema.ledgerEntries.accountId, user.accountId),
        gte(schema.ledgerEntries.createdAt, new Date("2026-10-01T00:00:00Z")),
        lt(schema.ledgerEntries.createdAt, new Date("2026-11-01T00:00:00Z")),
      ),
    );
  return -rows.filter((r) => types.includes(r.type)).reduce((sum, r) => sum + r.amount, 0);
}

describe("GET /api/billing/invoices/:id/pdf", () => {
  it("serves a PDF whose lines and total equal the ledger, to the cent", async () => {
    const [invoice] = await t.db.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.accountId, user.accountId));
    expect(invoice?.invoiceNumber).toBe("INV-000001");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/billing/invoices/${invoice?.id}/pdf`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="INV-000001.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    expect(qpdfCheck(res.rawPayload)).toContain("No syntax or stream encoding errors found");
    const lines = pdfLines(res.rawPayload);
    expect(lines.join("\n")).toContain("Invoice INV-000001");
    expect(lines.join("\n")).toContain("Period: 2026-10");
    // A line reads "<description> <qty> <amount> <tax>": the amount is the one before the tax.
    const lineAmount = (label: string) => {
      const line = lines.find((l) => l.startsWith(label)) ?? "";
      const amounts = line.match(/-?\$[\d,]+\.\d{2}/g) ?? [];
      expect(amounts, `"${label}" in ${lines.join("\n")}`).toHaveLength(2);
      return Math.round(Number((amounts[0] ?? "").replace(/[$,]/g, "")) * 100);
    };
    const calls = await ledgerCents(["call_charge"]);
    const texts = await ledgerCents(["sms_charge"]);
    const fees = await ledgerCents(["number_fee"]);
    expect(lineAmount("Calls, October 2026")).toBe(calls);
    expect(lineAmount("Texts, October 2026")).toBe(texts);
    expect(lineAmount("Phone number fees, October 2026")).toBe(fees);
    expect(lineAmount("Starter plan (Poundline Phone System),")).toBe(2499);
    expect(amountAfter(lines, "Subtotal")).toBe(calls + texts + fees + 2499);
    expect(amountAfter(lines, "Tax")).toBe(0);
    expect(amountAfter(lines, "Total (USD)")).toBe(calls + texts + fees + 2499);
    expect(amountAfter(lines, "Total (USD)")).toBe(invoice?.totalAmountCents);
  });
});
