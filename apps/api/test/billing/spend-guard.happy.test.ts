import { newId, schema } from "@poundline/db";
import { CALL_MESSAGES } from "@poundline/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addNumber } from "../call-routing/helpers";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { carrierPost } from "../twilio/carrier";

const LINE = "+13055550150";
const now = new Date("2026-11-20T15:00:00Z");
let t: TestApp;
let user: TestUser;
let session: SignedIn;
let walletId: string;

/** A usage charge already in the ledger, at `at`. */
async function charge(type: "call_charge" | "sms_charge", cents: number, at: Date, reference: string) {
  await t.db.db.insert(schema.ledgerEntries).values({
    id: newId("transaction"),
    walletId,
    accountId: user.accountId,
    transactionType: type,
    description: type,
    amountCents: -cents,
    balanceAfterCents: 1000,
    idempotencyKey: `${type}:${reference}`,
    reference,
    createdAt: at,
  });
}

const get = (url: string) => t.app.inject({ method: "GET", url, headers: session.headers });
const putGuard = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: "/api/billing/spend-guard", headers: session.headers, payload });

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  user = await createUser(t);
  session = await signIn(t, user);
  walletId = newId("wallet");
  await t.db.db
    .insert(schema.wallets)
    .values({ id: walletId, accountId: user.accountId, balanceCents: 1000 });
  await addNumber(t, user.accountId, LINE);
  // This month: two calls (one re-rated: two entries, one call) and three texts; last month, more.
  await charge("call_charge", 120, new Date("2026-11-02T10:00:00Z"), "CA1");
  await charge("call_charge", 40, new Date("2026-11-02T10:05:00Z"), "CA1-rerated");
  await charge("call_charge", 75, new Date("2026-11-19T09:00:00Z"), "CA2");
  for (const [i, day] of [3, 4, 5].entries())
    await charge("sms_charge", 2, new Date(Date.UTC(2026, 10, day)), `SM${i}`);
  await charge("call_charge", 999, new Date("2026-10-31T23:59:59Z"), "CA-october");
  await t.app.deps.routing.reload();
});
afterAll(() => t.close());

describe("month-to-date usage", () => {
  it("sums this month's calls and texts from the ledger", async () => {
    const res = await get("/api/billing/usage");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      from: "2026-11-01T00:00:00.000Z",
      to: now.toISOString(),
      calls: { count: 3, cents: 235 },
      texts: { count: 3, cents: 6 },
      totalCents: 241,
      monthlySpendCapCents: null,
    });
  });
});

describe("the spend guard's settings", () => {
  it("saves auto-recharge and reads it back", async () => {
    const res = await putGuard({
      autoRechargeEnabled: true,
      autoRechargeThresholdCents: 1000,
      autoRechargeAmountCents: 5000,
      monthlySpendCapCents: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get("/api/billing/spend-guard")).json()).toMatchObject({
      autoRechargeEnabled: true,
      autoRechargeThresholdCents: 1000,
      autoRechargeAmountCents: 5000,
      monthlySpendCapCents: null,
      capReached: false,
      lastRechargeError: null,
    });
  });

  it("a cap at or below this month's usage stops calls at once; raising it reopens them", async () => {
    const call = () =>
      carrierPost(t, "/twilio/voice", {
        CallSid: `CA${crypto.randomUUID().replaceAll("-", "")}`,
        From: "+13055551234",
        To: LINE,
      });
    const capped = await putGuard({
      autoRechargeEnabled: false,
      autoRechargeThresholdCents: 500,
      autoRechargeAmountCents: 2500,
      monthlySpendCapCents: 200,
    });
    expect(capped.json()).toMatchObject({ capReached: true, monthlySpendCapCents: 200 });
    const [row] = await t.db.db
      .select()
      .from(schema.spendGuards)
      .where(eq(schema.spendGuards.accountId, user.accountId));
    expect(row?.capReachedMonth).toBe("2026-11");
    expect((await call()).body).toContain("monthly spending limit");
    expect((await get("/api/billing/plan")).json().gate).toBe("spend_cap");

    const sent = await t.app.inject({
      method: "POST",
      url: "/api/messages",
      headers: session.headers,
      payload: { from: LINE, to: "+13055550199", body: "Hello" },
    });
    expect(sent.statusCode).toBe(403);
    expect(sent.json().error.message).toMatch(/monthly spending limit/);

    const raised = await putGuard({
      autoRechargeEnabled: false,
      autoRechargeThresholdCents: 500,
      autoRechargeAmountCents: 2500,
      monthlySpendCapCents: 5000,
    });
    expect(raised.json().capReached).toBe(false);
    expect((await call()).body).not.toContain(CALL_MESSAGES.spendCap.slice(0, 40));
  });
});
