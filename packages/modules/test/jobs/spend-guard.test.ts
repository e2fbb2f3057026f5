import { type DatabaseHandle, newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { gateState } from "@poundline/domain";
import { createMailer } from "@poundline/platform/mailer";
import { stripeClient } from "@poundline/platform/stripe";
import { type StripeStandIn, startStripeStandIn } from "@poundline/testing/stripe-stand-in";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AUTO_RECHARGE_FAILED_SUBJECT,
  AUTO_RECHARGE_INTERVAL_MS,
  autoRecharge,
  type BillingPorts,
  type CardCharger,
  checkSpendCap,
  createBiller,
  stripeCardCharger,
} from "../../src/billing/jobs/index";

const {
  accounts,
  accountMemberships,
  billingCustomers,
  emailOutbox,
  ledgerEntries,
  spendGuards,
  users,
  wallets,
} = schema;

let handle: DatabaseHandle;
let standIn: StripeStandIn;
let now = new Date("2026-11-20T15:00:00Z");
let charger: CardCharger;
const gateChanges: string[] = [];

function ports(): BillingPorts & { cardCharger: CardCharger } {
  const log = pino({ level: "silent" });
  return {
    db: handle.db,
    log,
    clock: () => now,
    mailer: createMailer({ db: handle.db, log, from: "Poundline <no-reply@poundline.test>" }),
    publicBaseUrl: "https://app.poundline.test",
    walletEmptied: async (accountId) => {
      gateChanges.push(accountId);
    },
    cardCharger: charger,
  };
}

/** An account with an owner, a wallet of `balance` cents, a Stripe customer with a default card. */
async function account(balance: number, guard: Partial<typeof spendGuards.$inferInsert> = {}) {
  const accountId = newId("account");
  const ownerId = newId("user");
  const { db } = handle;
  await db.insert(accounts).values({ id: accountId, companyName: "Guarded LLC" });
  await db.insert(users).values({ id: ownerId, email: `${ownerId}@example.com`, firstName: "Olivia" });
  await db.insert(accountMemberships).values({ accountId, userId: ownerId, role: "owner" });
  await db.insert(wallets).values({ id: newId("wallet"), accountId, balanceCents: balance });
  const stripe = stripeClient({ STRIPE_SECRET_KEY: "sk_test_stand_in", STRIPE_API_URL: standIn.url });
  const customer = await stripe?.customers.create({ email: `${ownerId}@example.com` });
  if (!customer) throw new Error("no customer");
  const card = standIn.addPaymentMethod(customer.id);
  await stripe?.customers.update(customer.id, { invoice_settings: { default_payment_method: card.id } });
  await db.insert(billingCustomers).values({ accountId, stripeCustomerId: customer.id });
  await db.insert(spendGuards).values({
    accountId,
    autoRechargeEnabled: true,
    autoRechargeThresholdCents: 500,
    autoRechargeAmountCents: 2500,
    ...guard,
  });
  return accountId;
}

const paymentIntents = () =>
  standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");
const ledgerOf = (accountId: string) =>
  handle.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId));
const walletOf = async (accountId: string) =>
  (await handle.db.select().from(wallets).where(eq(wallets.accountId, accountId)))[0];
const guardOf = async (accountId: string) =>
  (await handle.db.select().from(spendGuards).where(eq(spendGuards.accountId, accountId)))[0];

beforeAll(async () => {
  handle = await createTestDatabase();
  standIn = await startStripeStandIn();
  const stripe = stripeClient({ STRIPE_SECRET_KEY: "sk_test_stand_in", STRIPE_API_URL: standIn.url });
  if (!stripe) throw new Error("no Stripe client");
  charger = stripeCardCharger(handle.db, stripe);
});
afterAll(async () => {
  await standIn.close();
  await handle.close();
});

describe("auto-recharge", () => {
  it("five concurrent triggers charge the card once, off-session, and credit the wallet once", async () => {
    const accountId = await account(300);
    standIn.requests.length = 0;
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => autoRecharge(ports(), accountId)));
    expect(outcomes.filter((o) => o === "charged")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "not_due")).toHaveLength(4);

    const [intent] = paymentIntents();
    expect(paymentIntents()).toHaveLength(1);
    expect(intent?.params).toMatchObject({
      amount: "2500",
      currency: "usd",
      off_session: "true",
      confirm: "true",
      metadata: { account_id: accountId, purpose: "auto_recharge" },
    });
    expect(intent?.idempotencyKey).toBe(`auto-recharge:${accountId}:${now.toISOString()}`);
    expect((await walletOf(accountId))?.balanceCents).toBe(2800);
    const entries = await ledgerOf(accountId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      transactionType: "top_up",
      amountCents: 2500,
      description: "Auto-recharge",
    });
    expect(entries[0]?.idempotencyKey).toBe(`stripe:${entries[0]?.reference}`);
  });

  it("at most once an hour: still under the threshold 59 minutes later, nothing; 60 minutes later, again", async () => {
    const accountId = await account(100, { autoRechargeAmountCents: 500, autoRechargeThresholdCents: 1000 });
    const start = now;
    try {
      expect(await autoRecharge(ports(), accountId)).toBe("charged");
      now = new Date(start.getTime() + AUTO_RECHARGE_INTERVAL_MS - 60_000);
      expect(await autoRecharge(ports(), accountId)).toBe("not_due");
      now = new Date(start.getTime() + AUTO_RECHARGE_INTERVAL_MS);
      expect(await autoRecharge(ports(), accountId)).toBe("charged");
      expect((await walletOf(accountId))?.balanceCents).toBe(1100);
      // Above the threshold now: nothing to do, even when due.
      now = new Date(start.getTime() + 3 * AUTO_RECHARGE_INTERVAL_MS);
      expect(await autoRecharge(ports(), accountId)).toBe("not_due");
    } finally {
      now = start;
    }
  });

  it("a declined card is kept for the console, e-mailed to the owner, and credits nothing", async () => {
    const accountId = await account(0);
    standIn.declineNextPayments(1, "insufficient_funds");
    expect(await autoRecharge(ports(), accountId)).toBe("failed");
    expect(await guardOf(accountId)).toMatchObject({
      lastRechargeError: "Your card was declined.",
      lastRechargeFailedAt: now,
    });
    expect(await ledgerOf(accountId)).toHaveLength(0);
    const mails = await handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, AUTO_RECHARGE_FAILED_SUBJECT));
    expect(mails.map((m) => m.toAddress)).toContainEqual(expect.stringMatching(/@example\.com$/));
  });

  it("a charge that takes the balance under the threshold triggers it from the biller", async () => {
    const accountId = await account(600);
    const numberId = newId("number");
    await handle.db.insert(schema.phoneNumbers).values({ id: numberId, accountId, e164: "+13055550123" });
    await handle.db
      .insert(schema.rates)
      .values({ id: newId("rate"), kind: "call_inbound", centsPerUnit: 200, unit: "minute" })
      .onConflictDoNothing();
    const callSid = `CA${crypto.randomUUID().replaceAll("-", "")}`;
    await handle.db.insert(schema.callLogs).values({
      id: newId("call"),
      accountId,
      phoneNumberId: numberId,
      callSid,
      direction: "inbound",
      fromNumber: "+13055551234",
      toNumber: "+13055550123",
      callStatus: "completed",
      durationSeconds: 60,
      callStartTime: now,
    });
    const biller = createBiller(ports());
    expect(await biller.chargeCall({ callSid })).toBe("done");
    const types = (await ledgerOf(accountId)).map((e) => e.transactionType).sort();
    expect(types).toEqual(["call_charge", "top_up"]);
    expect((await walletOf(accountId))?.balanceCents).toBe(600 - 200 + 2500);
  });
});

describe("monthly spend cap", () => {
  it("usage reaching the cap closes the gate for the month, once; the next month it is open again", async () => {
    const accountId = await account(10_000, { autoRechargeEnabled: false, monthlySpendCapCents: 1000 });
    const wallet = await walletOf(accountId);
    const debit = (cents: number, type: "call_charge" | "sms_charge") =>
      handle.db.insert(ledgerEntries).values({
        id: newId("transaction"),
        walletId: wallet?.id ?? "",
        accountId,
        transactionType: type,
        description: "usage",
        amountCents: -cents,
        balanceAfterCents: 5000,
        idempotencyKey: newId("transaction"),
        createdAt: now,
      });
    await debit(600, "call_charge");
    gateChanges.length = 0;
    expect(await checkSpendCap(ports(), accountId)).toBe(false);
    await debit(400, "sms_charge");
    expect(await checkSpendCap(ports(), accountId)).toBe(true);
    expect(await checkSpendCap(ports(), accountId)).toBe(true);
    expect((await guardOf(accountId))?.capReachedMonth).toBe("2026-11");
    expect(gateChanges).toEqual([accountId]);

    // The gate compares the month with the clock at call time: December opens it again.
    const gate = {
      status: "active" as const,
      trialEndsAt: null,
      hasActiveSubscription: true,
      walletBalanceCents: 5000,
      spendCapReachedMonth: "2026-11",
    };
    expect(gateState(gate, new Date("2026-11-30T23:59:59Z"))).toBe("spend_cap");
    expect(gateState(gate, new Date("2026-12-01T00:00:00Z"))).toBe("open");
  });
});
