import { creditWallet, debitWallet, newId, schema } from "@poundline/db";
import { invoicePdfUrl } from "@poundline/modules/billing/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../src/testing";
import { type BillingTestApp, createBillingApp, insertInvoice, signedInUser, walletOf } from "./helpers";

let t: BillingTestApp;
beforeAll(async () => {
  t = await createBillingApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: "GET", url, headers });

describe("the wallet", () => {
  it("is created with a zero balance in USD on the first visit ('Wallet Created' once)", async () => {
    const { user, headers } = await signedInUser(t);
    expect(await walletOf(t, user.accountId)).toBeUndefined();
    const first = await get("/api/billing/wallet", headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      created: true,
      wallet: { balanceCents: 0, currency: "USD", lowBalanceThresholdCents: 500, low: true },
    });
    expect(await walletOf(t, user.accountId)).toMatchObject({ balanceCents: 0, currency: "USD" });
    const again = await get("/api/billing/wallet", headers);
    expect(again.json().created).toBe(false);
  });

  it("the low-balance threshold is editable and decides 'low'", async () => {
    const { user, headers } = await signedInUser(t);
    await creditWallet(t.db.db, {
      accountId: user.accountId,
      type: "top_up",
      amountCents: 1500,
      idempotencyKey: `test:${newId("transaction")}`,
      reference: null,
      description: "Top-up",
      now: new Date(),
    });
    expect((await get("/api/billing/wallet", headers)).json().wallet.low).toBe(false);
    const patched = await t.app.inject({
      method: "PATCH",
      url: "/api/billing/wallet",
      headers,
      payload: { lowBalanceThresholdCents: 2000 },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().wallet).toMatchObject({
      lowBalanceThresholdCents: 2000,
      low: true,
      balanceCents: 1500,
    });
    expect((await walletOf(t, user.accountId))?.lowBalanceThresholdCents).toBe(2000);
  });
});

describe("transactions", () => {
  it("are paged on the server, 10 a page, newest first, signed amounts", async () => {
    const { user, headers } = await signedInUser(t);
    const start = Date.parse("2026-11-01T00:00:00Z");
    for (let i = 0; i < 23; i++) {
      const now = new Date(start + i * 60_000);
      const key = `test:${user.accountId}:${i}`;
      if (i % 3 === 2)
        await debitWallet(t.db.db, {
          accountId: user.accountId,
          type: "call_charge",
          amountCents: 7,
          idempotencyKey: key,
          reference: null,
          description: `Call ${i}`,
          now,
        });
      else
        await creditWallet(t.db.db, {
          accountId: user.accountId,
          type: "top_up",
          amountCents: 100,
          idempotencyKey: key,
          reference: null,
          description: `Top-up ${i}`,
          now,
        });
    }
    const page1 = (await get("/api/billing/transactions", headers)).json();
    expect(page1).toMatchObject({ page: 1, pageSize: 10, total: 23, pageCount: 3 });
    expect(page1.transactions).toHaveLength(10);
    expect(page1.transactions[0]).toMatchObject({
      description: "Top-up 22",
      amountCents: 100,
      transactionType: "top_up",
    });
    expect(page1.transactions[2]).toMatchObject({
      description: "Call 20",
      amountCents: -7,
      transactionType: "call_charge",
    });
    const page3 = (await get("/api/billing/transactions?page=3", headers)).json();
    expect(page3.transactions.map((tx: { description: string }) => tx.description)).toEqual([
      "Call 2",
      "Top-up 1",
      "Top-up 0",
    ]);
    const beyond = (await get("/api/billing/transactions?page=9", headers)).json();
    expect(beyond.transactions).toEqual([]);
  });
});

describe("subscriptions and invoices", () => {
  it("lists the account's rows; unpaid invoices are payable, each with its PDF link (when there is one)", async () => {
    const { user, headers } = await signedInUser(t);
    await t.db.db.insert(schema.subscriptions).values({
      id: newId("subscription"),
      accountId: user.accountId,
      serviceName: "Poundline Phone System",
      planName: "Starter",
      status: "active",
      nextBillingDate: "2026-12-25",
      monthlyFeeCents: 2499,
    });
    const paid = await insertInvoice(t, user.accountId, {
      status: "paid",
      totalAmountCents: 2499,
      issueDate: "2026-10-01",
      dueDate: "2026-10-15",
    });
    const unpaid = await insertInvoice(t, user.accountId, {
      status: "unpaid",
      totalAmountCents: 2499,
      hostedInvoiceUrl: "https://invoice.stripe.test/u",
    });
    const subscriptions = (await get("/api/billing/subscriptions", headers)).json().subscriptions;
    expect(subscriptions).toEqual([
      expect.objectContaining({
        planName: "Starter",
        status: "active",
        nextBillingDate: "2026-12-25",
        monthlyFeeCents: 2499,
        currency: "USD",
      }),
    ]);
    const invoices = (await get("/api/billing/invoices", headers)).json().invoices;
    expect(
      invoices.map((i: { id: string; payable: boolean; pdfUrl: string }) => [i.id, i.payable, i.pdfUrl]),
    ).toEqual([
      [unpaid, true, invoicePdfUrl(unpaid)],
      [paid, false, invoicePdfUrl(paid)],
    ]);
  });

  it("Pay Now goes to Stripe's page for its invoices, and to a payment Checkout for ours", async () => {
    const { user, headers } = await signedInUser(t);
    const stripeIssued = await insertInvoice(t, user.accountId, {
      status: "unpaid",
      totalAmountCents: 5999,
      hostedInvoiceUrl: "https://invoice.stripe.test/s",
    });
    const ours = await insertInvoice(t, user.accountId, { status: "unpaid", totalAmountCents: 1234 });
    const pay = (id: string) =>
      t.app.inject({ method: "POST", url: `/api/billing/invoices/${id}/pay`, headers });
    expect((await pay(stripeIssued)).json()).toEqual({ url: "https://invoice.stripe.test/s" });

    const { url } = (await pay(ours)).json();
    const sessionId = url.split("/").at(-1);
    expect(t.standIn.requests.at(-1)?.params).toMatchObject({
      mode: "payment",
      client_reference_id: user.accountId,
      line_items: [{ price_data: { unit_amount: "1234", currency: "usd" }, quantity: "1" }],
      metadata: { purpose: "invoice", invoice_id: ours },
    });
    await t.standIn.completeCheckout(sessionId);
    const invoices = (await get("/api/billing/invoices", headers)).json().invoices;
    expect(invoices.find((i: { id: string }) => i.id === ours)).toMatchObject({
      status: "paid",
      payable: false,
    });
    // Paying an invoice is not a top-up.
    expect((await walletOf(t, user.accountId))?.balanceCents ?? 0).toBe(0);
  });
});

describe("payment methods", () => {
  it("lists the customer's saved cards through Stripe, sets the default, removes one", async () => {
    const { headers } = await signedInUser(t);
    const none = (await get("/api/billing/payment-methods", headers)).json();
    expect(none).toEqual({ configured: true, paymentMethods: [] });

    const { url } = (
      await t.app.inject({
        method: "POST",
        url: "/api/billing/checkout",
        headers,
        payload: { kind: "top_up", amountCents: 1000 },
      })
    ).json();
    await t.standIn.completeCheckout(url.split("/").at(-1));
    const listed = (await get("/api/billing/payment-methods", headers)).json().paymentMethods;
    expect(listed).toEqual([
      expect.objectContaining({ brand: "visa", last4: "4242", expMonth: 8, expYear: 2030, isDefault: false }),
    ]);

    const setDefault = await t.app.inject({
      method: "POST",
      url: `/api/billing/payment-methods/${listed[0].id}/default`,
      headers,
    });
    expect(setDefault.statusCode).toBe(200);
    expect(setDefault.json().paymentMethods[0].isDefault).toBe(true);

    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/billing/payment-methods/${listed[0].id}`,
      headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().paymentMethods).toEqual([]);
  });

  it("without Stripe configured the list says so", async () => {
    const plain = await createTestApp();
    try {
      const { headers } = await signedInUser(plain);
      const response = await plain.app.inject({
        method: "GET",
        url: "/api/billing/payment-methods",
        headers,
      });
      expect(response.json()).toEqual({ configured: false, paymentMethods: [] });
    } finally {
      await plain.close();
    }
  });
});
