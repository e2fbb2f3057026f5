import { describe, expect, it } from "vitest";
import { signedInUser, useBillingApp } from "./helpers";

/**
 * GET /api/billing/checkout/:sessionId: what the billing screen may say on its return from
 * Checkout, from Stripe's session of this account, never from the return URL's own words.
 */
const env = useBillingApp();

async function openCheckout(headers: Record<string, string>, body: object): Promise<string> {
  const res = await env.t.app.inject({
    method: "POST",
    url: "/api/billing/checkout",
    headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ url: string }>().url.split("/").at(-1) ?? "";
}

const checkoutReturn = (headers: Record<string, string>, sessionId: string) =>
  env.t.app.inject({
    method: "GET",
    url: `/api/billing/checkout/${encodeURIComponent(sessionId)}`,
    headers,
  });

describe("the return from Checkout, as Stripe has it", () => {
  it.each([
    [
      "a paid plan names the plan",
      { kind: "plan", plan: "starter", interval: "monthly" },
      true,
      {
        paid: true,
        kind: "plan",
        plan: "Starter",
      },
    ],
    [
      "a paid top-up names no plan",
      { kind: "top_up", amountCents: 2500 },
      true,
      {
        paid: true,
        kind: "top_up",
        plan: null,
      },
    ],
    [
      "a plan not paid yet is not claimed as paid",
      { kind: "plan", plan: "professional", interval: "monthly" },
      false,
      {
        paid: false,
        kind: "plan",
        plan: "Professional",
      },
    ],
  ])("%s", async (_name, body, pay, expected) => {
    const { headers } = await signedInUser(env.t);
    const sessionId = await openCheckout(headers, body);
    if (pay) await env.t.standIn.completeCheckout(sessionId);
    const res = await checkoutReturn(headers, sessionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(expected);
  });
});

describe("a crafted return claims nothing", () => {
  it("another account's session is 404, as is one Stripe does not know", async () => {
    const alice = await signedInUser(env.t);
    const bob = await signedInUser(env.t);
    const alices = await openCheckout(alice.headers, { kind: "plan", plan: "starter", interval: "monthly" });
    await env.t.standIn.completeCheckout(alices);
    for (const sessionId of [alices, "cs_test_000000000000000000000000"]) {
      const res = await checkoutReturn(bob.headers, sessionId);
      expect(res.statusCode, sessionId).toBe(404);
      expect(res.body).not.toContain("Starter");
    }
  });

  it.each([["not-a-session"], ["cs_test_x'; drop table"]])(
    "a session id of the wrong shape (%s) is 400",
    async (sessionId) => {
      const { headers } = await signedInUser(env.t);
      const res = await checkoutReturn(headers, sessionId);
      expect(res.statusCode).toBe(400);
    },
  );

  it("without a session: 401", async () => {
    const res = await checkoutReturn({}, "cs_test_000000000000000000000000");
    expect(res.statusCode).toBe(401);
  });
});
