import { newId, schema } from "@poundline/db";
import type { Config } from "@poundline/platform/api-config";
import {
  type StripeObject,
  type StripeStandIn,
  startStripeStandIn,
} from "@poundline/testing/stripe-stand-in";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";

/** The webhook signing secret the test apps verify with (a test value, not a credential). */
export const WEBHOOK_SECRET = "whsec_test_poundline_billing";

/** Price ids the stand-in knows (amount, period) and the app is configured with. */
export const PRICES = {
  STRIPE_PRICE_STARTER_MONTHLY: { id: "price_starter_monthly", unitAmount: 2499, interval: "month" },
  STRIPE_PRICE_STARTER_ANNUAL: { id: "price_starter_annual", unitAmount: 23988, interval: "year" },
  STRIPE_PRICE_PROFESSIONAL_MONTHLY: {
    id: "price_professional_monthly",
    unitAmount: 5999,
    interval: "month",
  },
  STRIPE_PRICE_PROFESSIONAL_ANNUAL: { id: "price_professional_annual", unitAmount: 59988, interval: "year" },
  STRIPE_PRICE_ENTERPRISE_MONTHLY: { id: "price_enterprise_monthly", unitAmount: 12999, interval: "month" },
  STRIPE_PRICE_ENTERPRISE_ANNUAL: { id: "price_enterprise_annual", unitAmount: 119988, interval: "year" },
  STRIPE_PRICE_NONPROFIT_STARTER_MONTHLY: {
    id: "price_np_starter_monthly",
    unitAmount: 1999,
    interval: "month",
  },
  STRIPE_PRICE_NONPROFIT_STARTER_ANNUAL: {
    id: "price_np_starter_annual",
    unitAmount: 19188,
    interval: "year",
  },
} as const;

export interface BillingTestApp extends TestApp {
  standIn: StripeStandIn;
}

/**
 * An app whose Stripe is the local stand-in (its host, port and protocol through
 * STRIPE_API_URL), with the webhook secret and the price ids above; the stand-in's deliveries
 * go to the app's `/stripe/webhook` through `inject`.
 */
export async function createBillingApp(
  config: Partial<Record<keyof Config, string>> = {},
): Promise<BillingTestApp> {
  let app: TestApp | undefined;
  const standIn = await startStripeStandIn({
    webhookSecret: WEBHOOK_SECRET,
    prices: Object.fromEntries(
      Object.values(PRICES).map((p) => [p.id, { unitAmount: p.unitAmount, interval: p.interval }]),
    ),
    sendWebhook: async (payload, signature) => {
      if (!app) throw new Error("app not started");
      const response = await postWebhook(app, payload, signature);
      return response.statusCode;
    },
  });
  app = await createTestApp({
    config: {
      STRIPE_SECRET_KEY: "sk_test_stand_in",
      STRIPE_API_URL: standIn.url,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ...Object.fromEntries(Object.entries(PRICES).map(([setting, p]) => [setting, p.id])),
      ...config,
    },
  });
  const testApp = app;
  return {
    ...testApp,
    standIn,
    async close() {
      await testApp.close();
      await standIn.close();
    },
  };
}

/**
 * The file's billing app (see createBillingApp): started before its tests, closed after them.
 * `env.t` is filled once `beforeAll` has run, so read it inside tests and hooks.
 */
export function useBillingApp(config: Partial<Record<keyof Config, string>> = {}): { t: BillingTestApp } {
  const env = {} as { t: BillingTestApp };
  beforeAll(async () => {
    env.t = await createBillingApp(config);
  });
  afterAll(() => env.t.close());
  return env;
}

export function postWebhook(t: TestApp, payload: string, signature: string | undefined) {
  return t.app.inject({
    method: "POST",
    url: "/stripe/webhook",
    headers: {
      "content-type": "application/json",
      ...(signature === undefined ? {} : { "stripe-signature": signature }),
    },
    payload,
  });
}

/** Signs the event with the endpoint's secret and posts it, as Stripe delivers. */
export function deliver(t: BillingTestApp, event: StripeObject) {
  const { payload, signature } = t.standIn.sign(event);
  return postWebhook(t, payload, signature);
}

/** A paid top-up Checkout session of the account, as Stripe's completion event carries it. */
export function paidTopUpSession(
  t: BillingTestApp,
  accountId: string,
  amountCents: number,
  overrides: StripeObject = {},
) {
  return t.standIn.fixture("checkout.session", {
    id: `cs_test_${crypto.randomUUID().replaceAll("-", "")}`,
    mode: "payment",
    status: "complete",
    payment_status: "paid",
    amount_total: amountCents,
    amount_subtotal: amountCents,
    currency: "usd",
    client_reference_id: accountId,
    metadata: { purpose: "wallet_top_up" },
    ...overrides,
  });
}

export async function walletOf(t: TestApp, accountId: string) {
  const [wallet] = await t.db.db.select().from(schema.wallets).where(eq(schema.wallets.accountId, accountId));
  return wallet;
}

export async function ledgerOf(t: TestApp, accountId: string) {
  return t.db.db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.accountId, accountId));
}

export async function processedEvents(t: TestApp) {
  return t.db.db.select().from(schema.processedWebhookEvents);
}

/** A new user with an account of their own, signed in (`headers` for `inject`). */
export async function signedInUser(t: TestApp) {
  const user = await createUser(t);
  return { user, ...(await signIn(t, user)) };
}

/** An invoice of the account (issued 2026-11-01, due two weeks later unless told); answers its id. */
export async function insertInvoice(
  t: TestApp,
  accountId: string,
  invoice: Pick<typeof schema.invoices.$inferInsert, "status" | "totalAmountCents"> &
    Partial<typeof schema.invoices.$inferInsert>,
): Promise<string> {
  const id = newId("invoice");
  await t.db.db.insert(schema.invoices).values({
    id,
    accountId,
    invoiceNumber: `T-${id}`,
    issueDate: "2026-11-01",
    dueDate: "2026-11-15",
    ...invoice,
  });
  return id;
}
