import { Stripe } from "@poundline/platform/stripe";
import { describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser } from "../fixtures";
import {
  ledgerOf,
  paidTopUpSession,
  postWebhook,
  processedEvents,
  useBillingApp,
  WEBHOOK_SECRET,
  walletOf,
} from "./helpers";

const env = useBillingApp();

/** Nothing was written: no wallet, no ledger entry, no recorded event. */
async function expectNothingWritten(accountId: string) {
  expect(await walletOf(env.t, accountId)).toBeUndefined();
  expect(await ledgerOf(env.t, accountId)).toHaveLength(0);
  expect(await processedEvents(env.t)).toHaveLength(0);
}

describe("POST /stripe/webhook refuses what Stripe did not sign", () => {
  it("a tampered amount is refused (400) and writes nothing", async () => {
    const user = await createUser(env.t);
    const { payload, signature } = env.t.standIn.sign(
      env.t.standIn.event("checkout.session.completed", paidTopUpSession(env.t, user.accountId, 500)),
    );
    const tampered = payload.replace('"amount_total": 500', '"amount_total": 500000');
    expect(tampered).not.toBe(payload);
    const response = await postWebhook(env.t, tampered, signature);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("The Stripe signature does not match.");
    await expectNothingWritten(user.accountId);
  });

  it("another account's id swapped in is refused", async () => {
    const [payer, other] = [await createUser(env.t), await createUser(env.t)];
    const { payload, signature } = env.t.standIn.sign(
      env.t.standIn.event("checkout.session.completed", paidTopUpSession(env.t, payer.accountId, 500)),
    );
    const response = await postWebhook(env.t, payload.replace(payer.accountId, other.accountId), signature);
    expect(response.statusCode).toBe(400);
    await expectNothingWritten(other.accountId);
    await expectNothingWritten(payer.accountId);
  });

  it("a signature made with another secret, an old timestamp, or none at all is refused", async () => {
    const user = await createUser(env.t);
    const event = env.t.standIn.event(
      "checkout.session.completed",
      paidTopUpSession(env.t, user.accountId, 500),
    );
    const { payload, signature: wrongSecret } = env.t.standIn.sign(event, "whsec_someone_else");
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    for (const signature of [wrongSecret, stale, "t=1,v1=deadbeef", "", undefined]) {
      const response = await postWebhook(env.t, payload, signature);
      expect(response.statusCode).toBe(400);
    }
    await expectNothingWritten(user.accountId);
  });

  it("without STRIPE_WEBHOOK_SECRET no event is read (503)", async () => {
    let plain: TestApp | undefined;
    try {
      plain = await createTestApp();
      const user = await createUser(plain);
      const { payload, signature } = env.t.standIn.sign(
        env.t.standIn.event("checkout.session.completed", paidTopUpSession(env.t, user.accountId, 500)),
      );
      const response = await postWebhook(plain, payload, signature);
      expect(response.statusCode).toBe(503);
      expect(await ledgerOf(plain, user.accountId)).toHaveLength(0);
    } finally {
      await plain?.close();
    }
  });
});
