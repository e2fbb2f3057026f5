import { newId, schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signIn } from "../fixtures";
import { type BillingTestApp, insertInvoice, signedInUser, useBillingApp } from "./helpers";
import { amountAfter, pdfLines, qpdfCheck } from "./pdf-text";

const SELLER = {
  SELLER_LEGAL_NAME: "Poundline Telecom Ltd.",
  SELLER_ADDRESS: "12 Harbour Street | Boston MA 02110 | United States",
  SELLER_TAX_ID: "US EIN 12-3456789",
};

const env = useBillingApp(SELLER);

async function pdfOf(t: BillingTestApp, headers: Record<string, string>, invoiceId: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/billing/invoices/${invoiceId}/pdf`, headers });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const LINES = [
  { kind: "subscription", description: "Professional plan", amountCents: 5999, taxCents: 1260 },
  { kind: "number_fee", description: "Phone number fees", amountCents: 330, taxCents: 69 },
  { kind: "proration", description: "Unused time on Starter", amountCents: -854, taxCents: 0 },
] as const;

describe("GET /api/billing/invoices/:id/pdf: an invoice fit to send", () => {
  it.each([
    ["Polish", "Piekarnia Łódź Sp. z o.o.", "ul. Piotrkowska 104", "Łódź"],
    ["Greek", "Αρτοποιείο Αθηνών Α.Ε.", "Οδός Ερμού 12", "Αθήνα"],
    ["Cyrillic", "Пекарня «Москва» ООО", "ул. Тверская 7", "Москва"],
    ["Chinese", "北京面包有限公司", "朝阳区建国路88号", "北京市"],
    ["Japanese", "東京ベーカリー株式会社", "千代田区丸の内1-1", "東京都"],
    ["Korean", "서울 베이커리 주식회사", "중구 세종대로 110", "서울특별시"],
  ])(
    "a %s buyer: every name, address line and amount reads back; qpdf finds it clean",
    async (_script, company, street, city) => {
      const { t } = env;
      const { user, headers } = await signedInUser(t);
      await t.db.db
        .update(schema.accounts)
        .set({ companyName: company, addressLine1: street, city, stateProvince: null, postalCode: "10-001" })
        .where(eq(schema.accounts.id, user.accountId));
      const total = LINES.reduce((sum, l) => sum + l.amountCents + l.taxCents, 0);
      const invoiceId = await insertInvoice(t, user.accountId, {
        status: "paid",
        totalAmountCents: total,
        invoiceNumber: "INV-000007",
        stripeInvoiceId: `in_test_${newId("invoice")}`,
      });
      await t.db.db.insert(schema.invoiceLines).values(
        LINES.map((line, position) => ({
          id: newId("invoice"),
          invoiceId,
          position,
          quantity: 1,
          periodStart: "2026-11-01",
          periodEnd: "2026-12-01",
          ...line,
        })),
      );

      const pdf = await pdfOf(t, headers, invoiceId);
      expect(qpdfCheck(pdf)).toContain("No syntax or stream encoding errors found");
      // The fonts travel in the file (no reliance on the reader's Helvetica).
      expect(pdf.toString("latin1")).toContain("/FontFile2");
      const lines = pdfLines(pdf);
      const text = lines.join("\n");
      for (const expected of [
        company,
        street,
        `${city} 10-001`,
        "Poundline Telecom Ltd.",
        "12 Harbour Street",
        "Boston MA 02110",
        "United States",
        "Tax ID: US EIN 12-3456789",
        "Invoice INV-000007",
        "Issue date: 2026-11-01",
        "Due date: 2026-11-15",
        "Period: 2026-11-01 to 2026-12-01",
        "Currency: USD",
      ])
        expect(text).toContain(expected);
      for (const line of LINES) {
        const row = lines.find((l) => l.startsWith(line.description)) ?? "";
        const amounts = (row.match(/-?\$[\d,]+\.\d{2}/g) ?? []).map((a) =>
          Math.round(Number(a.replace(/[$,]/g, "")) * 100),
        );
        expect(amounts, row).toEqual([line.amountCents, line.taxCents]);
      }
      expect(amountAfter(lines, "Subtotal")).toBe(5999 + 330 - 854);
      expect(amountAfter(lines, "Tax")).toBe(1260 + 69);
      expect(amountAfter(lines, "Total (USD)")).toBe(total);
    },
  );

  it("Stripe's invoice of a plan change prints its own lines (the prorations), not one line", async () => {
    const { t } = env;
    const { user, headers } = await signedInUser(t);
    const checkout = (plan: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/billing/checkout",
        headers,
        payload: { kind: "plan", plan, interval: "monthly" },
      });
    await t.standIn.completeCheckout((await checkout("starter")).json().url.split("/").at(-1));
    await checkout("professional");
    const invoices = await t.db.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.accountId, user.accountId));
    const proration = invoices.find((i) => i.totalAmountCents !== 2499);
    if (!proration) throw new Error("no proration invoice recorded");
    const stored = await t.db.db
      .select()
      .from(schema.invoiceLines)
      .where(eq(schema.invoiceLines.invoiceId, proration.id));
    expect(stored.map((l) => l.kind)).toEqual(["proration", "proration"]);
    expect(stored.reduce((sum, l) => sum + l.amountCents, 0)).toBe(proration.totalAmountCents);

    const lines = pdfLines(await pdfOf(t, await signIn(t, user).then((s) => s.headers), proration.id));
    const unused = stored.find((l) => l.amountCents < 0);
    const remaining = stored.find((l) => l.amountCents > 0);
    expect(lines.find((l) => l.startsWith("Unused time on Starter"))).toContain(
      `-$${(Math.abs(unused?.amountCents ?? 0) / 100).toFixed(2)}`,
    );
    expect(lines.find((l) => l.startsWith("Remaining time on Professional"))).toContain(
      `$${((remaining?.amountCents ?? 0) / 100).toFixed(2)}`,
    );
    expect(lines.some((l) => l.startsWith(`Invoice ${proration.invoiceNumber}`))).toBe(false);
    expect(amountAfter(lines, "Total (USD)")).toBe(proration.totalAmountCents);
  });
});
