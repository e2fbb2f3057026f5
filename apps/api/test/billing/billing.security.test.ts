import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ORIGIN } from "../../src/testing";
import { type BillingTestApp, createBillingApp, insertInvoice, signedInUser } from "./helpers";

let t: BillingTestApp;
beforeAll(async () => {
  t = await createBillingApp();
});
afterAll(async () => {
  await t.close();
});

describe("billing is the account's own", () => {
  it.each([
    ["GET", "/api/billing/wallet"],
    ["PATCH", "/api/billing/wallet"],
    ["GET", "/api/billing/transactions"],
    ["GET", "/api/billing/subscriptions"],
    ["GET", "/api/billing/invoices"],
    ["POST", "/api/billing/invoices/inv_x/pay"],
    ["POST", "/api/billing/checkout"],
    ["GET", "/api/billing/payment-methods"],
    ["POST", "/api/billing/payment-methods/pm_x/default"],
    ["DELETE", "/api/billing/payment-methods/pm_x"],
  ] as const)("%s %s needs a session (401)", async (method, url) => {
    const response = await t.app.inject({ method, url, headers: { origin: TEST_ORIGIN } });
    expect(response.statusCode).toBe(401);
  });

  it("a cookie-authenticated write from another origin is refused", async () => {
    const { cookie } = await signedInUser(t);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/billing/checkout",
      headers: { cookie, origin: "https://evil.example" },
      payload: { kind: "top_up", amountCents: 2500 },
    });
    expect(response.statusCode).toBe(403);
  });

  it("another account's invoice is not found, and lists hold none of another account's rows", async () => {
    const [owner, stranger] = [await signedInUser(t), await signedInUser(t)];
    const id = await insertInvoice(t, owner.user.accountId, {
      status: "unpaid",
      totalAmountCents: 100,
      hostedInvoiceUrl: "https://invoice.stripe.test/secret",
    });
    const pay = await t.app.inject({
      method: "POST",
      url: `/api/billing/invoices/${id}/pay`,
      headers: stranger.headers,
    });
    expect(pay.statusCode).toBe(404);
    expect(pay.body).not.toContain("invoice.stripe.test");
    const list = await t.app.inject({
      method: "GET",
      url: "/api/billing/invoices",
      headers: stranger.headers,
    });
    expect(list.json().invoices).toEqual([]);
  });

  it("another account's card can be neither made default nor removed", async () => {
    const [owner, stranger] = [await signedInUser(t), await signedInUser(t)];
    for (const who of [owner, stranger]) {
      const { url } = (
        await t.app.inject({
          method: "POST",
          url: "/api/billing/checkout",
          headers: who.headers,
          payload: { kind: "top_up", amountCents: 1000 },
        })
      ).json();
      await t.standIn.completeCheckout(url.split("/").at(-1));
    }
    const [ownerCard] = (
      await t.app.inject({ method: "GET", url: "/api/billing/payment-methods", headers: owner.headers })
    ).json().paymentMethods;
    for (const [method, url] of [
      ["POST", `/api/billing/payment-methods/${ownerCard.id}/default`],
      ["DELETE", `/api/billing/payment-methods/${ownerCard.id}`],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: stranger.headers });
      expect(response.statusCode).toBe(404);
    }
    expect(t.standIn.objects.get(ownerCard.id)?.customer).not.toBeNull();
    const detaches = t.standIn.requests.filter((r) => r.path.endsWith("/detach"));
    expect(detaches).toEqual([]);
  });

  it("the client reference is always the signed-in account, whatever the body says", async () => {
    const [payer, other] = [await signedInUser(t), await signedInUser(t)];
    const response = await t.app.inject({
      method: "POST",
      url: "/api/billing/checkout",
      headers: payer.headers,
      payload: {
        kind: "top_up",
        amountCents: 1000,
        client_reference_id: other.user.accountId,
        accountId: other.user.accountId,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(t.standIn.requests.at(-1)?.params.client_reference_id).toBe(payer.user.accountId);
  });
});
