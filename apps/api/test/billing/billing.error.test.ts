import { billingMessages } from "@poundline/contracts/billing/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { type BillingTestApp, createBillingApp, insertInvoice, signedInUser, walletOf } from "./helpers";

let t: BillingTestApp;
beforeAll(async () => {
  // Enterprise has no nonprofit price, and Professional's nonprofit monthly is not a price id.
  t = await createBillingApp({ STRIPE_PRICE_NONPROFIT_PROFESSIONAL_MONTHLY: "prod_not_a_price" });
});
afterAll(async () => {
  await t.close();
});

function checkout(app: TestApp, headers: Record<string, string>, payload: unknown, host?: string) {
  return app.app.inject({
    method: "POST",
    url: "/api/billing/checkout",
    headers: host ? { ...headers, host } : headers,
    payload: payload as object,
  });
}

describe("checkout refuses bad input with the seed's words, and asks Stripe nothing", () => {
  it.each([
    [{ kind: "top_up", amountCents: 499 }, "body.amountCents", billingMessages.topUpAmount],
    [{ kind: "top_up", amountCents: 100_001 }, "body.amountCents", billingMessages.topUpAmount],
    [{ kind: "top_up", amountCents: 1250.5 }, "body.amountCents", billingMessages.topUpAmount],
    [{ kind: "top_up", amountCents: "2500" }, "body.amountCents", billingMessages.topUpAmount],
    [{ kind: "top_up" }, "body.amountCents", billingMessages.topUpAmount],
    [{ kind: "plan", plan: "gold", interval: "monthly" }, "body.plan", billingMessages.plan],
    [{ kind: "plan", plan: "starter", interval: "weekly" }, "body.interval", billingMessages.interval],
  ])("%j → 400", async (payload, field, message) => {
    const { headers } = await signedInUser(t);
    const before = t.standIn.requests.length;
    const response = await checkout(t, headers, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toEqual([message]);
    expect(t.standIn.requests.length).toBe(before);
  });

  it("without a valid price id for the plan: 'API Key or a valid Price ID is missing for this plan.'", async () => {
    const { headers } = await signedInUser(t);
    for (const plan of ["enterprise", "professional"]) {
      const response = await checkout(
        t,
        headers,
        { kind: "plan", plan, interval: "monthly" },
        "nonprofit.localhost",
      );
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe("API Key or a valid Price ID is missing for this plan.");
    }
  });

  it("without STRIPE_SECRET_KEY: the same message, for plans and top-ups", async () => {
    const plain = await createTestApp();
    try {
      const { headers } = await signedInUser(plain);
      for (const payload of [
        { kind: "top_up", amountCents: 2500 },
        { kind: "plan", plan: "starter", interval: "annual" },
      ]) {
        const response = await checkout(plain, headers, payload);
        expect(response.statusCode).toBe(503);
        expect(response.json().error).toMatchObject({
          code: "NOT_CONFIGURED",
          message: billingMessages.notConfigured,
        });
      }
    } finally {
      await plain.close();
    }
  });

  it("a user without an e-mail: 'Email Missing' (400 on the email field)", async () => {
    const { user, headers } = await signedInUser(t);
    await t.db.db.update(schema.users).set({ email: "" }).where(eq(schema.users.id, user.id));
    const response = await checkout(t, headers, { kind: "top_up", amountCents: 2500 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ email: [billingMessages.emailMissing] });
  });

  it("a price Stripe does not know: 400 with Stripe's message (Checkout Error)", async () => {
    const odd = await createBillingApp({ STRIPE_PRICE_STARTER_MONTHLY: "price_deleted_at_stripe" });
    try {
      const { headers } = await signedInUser(odd);
      const response = await checkout(odd, headers, { kind: "plan", plan: "starter", interval: "monthly" });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe("No such price: 'price_deleted_at_stripe'");
    } finally {
      await odd.close();
    }
  });
});

describe("wallet and lists refuse bad input", () => {
  it.each([[-1], [1_000_001], [1.5], ["500"], [null]])("threshold %j → 400, unchanged", async (value) => {
    const { user, headers } = await signedInUser(t);
    const response = await t.app.inject({
      method: "PATCH",
      url: "/api/billing/wallet",
      headers,
      payload: { lowBalanceThresholdCents: value },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields["body.lowBalanceThresholdCents"]).toEqual([
      billingMessages.threshold,
    ]);
    expect(await walletOf(t, user.accountId)).toBeUndefined();
  });

  it.each(["0", "-1", "1.5", "abc"])("page=%s → 400", async (page) => {
    const { headers } = await signedInUser(t);
    const response = await t.app.inject({
      method: "GET",
      url: `/api/billing/transactions?page=${page}`,
      headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields["querystring.page"]).toEqual([billingMessages.page]);
  });

  it("Pay Now on a paid invoice is refused (409)", async () => {
    const { user, headers } = await signedInUser(t);
    const id = await insertInvoice(t, user.accountId, { status: "paid", totalAmountCents: 100 });
    const response = await t.app.inject({ method: "POST", url: `/api/billing/invoices/${id}/pay`, headers });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(billingMessages.invoiceNotPayable);
  });
});
