import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type BillingTestApp, deliver, ledgerOf, signedInUser, useBillingApp, walletOf } from "./helpers";

const env = useBillingApp();

/** A new account whose wallet was topped up through Checkout; answers the payment's PaymentIntent. */
async function toppedUp(t: BillingTestApp, amountCents: number) {
  const signedIn = await signedInUser(t);
  const { url } = (
    await t.app.inject({
      method: "POST",
      url: "/api/billing/checkout",
      headers: signedIn.headers,
      payload: { kind: "top_up", amountCents },
    })
  ).json();
  const sessionId = url.split("/").at(-1);
  await t.standIn.completeCheckout(sessionId);
  const paymentIntentId: string = t.standIn.objects.get(sessionId)?.payment_intent;
  return { ...signedIn, accountId: signedIn.user.accountId, paymentIntentId };
}

const movements = async (t: BillingTestApp, accountId: string) =>
  (await ledgerOf(t, accountId))
    .sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.balanceAfterCents - b.balanceAfterCents,
    )
    .map((e) => [e.transactionType, e.amountCents, e.balanceAfterCents]);

const noticesOf = async (t: BillingTestApp) =>
  (await t.db.db.select().from(schema.jobOutbox).where(eq(schema.jobOutbox.jobName, "wallet-reversal"))).map(
    (row) => (row.payload as { ledgerEntryId: string }).ledgerEntryId,
  );

describe("charge.refunded: a refunded top-up leaves the wallet", () => {
  it("debits the refunded part, partial refunds one after another, each once", async () => {
    const { t } = env;
    const { accountId, paymentIntentId } = await toppedUp(t, 5000);
    const first = await t.standIn.refund(paymentIntentId, 1500);
    await t.standIn.refund(paymentIntentId, 1000);
    // Stripe delivers again: nothing changes.
    expect((await deliver(t, first)).json().outcome).toBe("duplicate");
    expect((await walletOf(t, accountId))?.balanceCents).toBe(2500);
    expect(await movements(t, accountId)).toEqual([
      ["top_up", 5000, 5000],
      ["top_up_refund", -1500, 3500],
      ["top_up_refund", -1000, 2500],
    ]);
    // The owners are told of each, through the outbox in the same transaction.
    const refundRows = (await ledgerOf(t, accountId)).filter((e) => e.transactionType === "top_up_refund");
    expect(await noticesOf(t)).toEqual(expect.arrayContaining(refundRows.map((e) => e.id)));
  });

  it("an earlier event arriving after a later one takes nothing more (the running total is taken once)", async () => {
    const { t } = env;
    const { accountId, paymentIntentId } = await toppedUp(t, 4000);
    const charge = t.standIn.objects.get(t.standIn.objects.get(paymentIntentId)?.latest_charge);
    const at = (refunded: number) =>
      t.standIn.event("charge.refunded", { ...charge, amount_refunded: refunded });
    const early = at(1000);
    const late = at(3000);
    await deliver(t, late);
    await deliver(t, early);
    expect((await walletOf(t, accountId))?.balanceCents).toBe(1000);
  });

  it("a refund larger than what is left still debits in full: the wallet owes the rest and calls stop", async () => {
    const { t } = env;
    const { accountId, paymentIntentId, headers } = await toppedUp(t, 3000);
    // Usage spent most of it.
    await t.db.db
      .update(schema.wallets)
      .set({ balanceCents: 500 })
      .where(eq(schema.wallets.accountId, accountId));
    await t.standIn.refund(paymentIntentId);
    expect((await walletOf(t, accountId))?.balanceCents).toBe(-2500);
    const wallet = (await t.app.inject({ method: "GET", url: "/api/billing/wallet", headers })).json().wallet;
    expect(wallet).toMatchObject({ balanceCents: -2500, low: true });
    expect(t.app.deps.routing.current().accounts.get(accountId)?.gate.walletBalanceCents).toBe(-2500);
  });

  it("a refund of a payment that topped up no wallet moves nothing", async () => {
    const { t } = env;
    const { accountId } = await toppedUp(t, 1000);
    const stranger = t.standIn.fixture("charge", {
      id: "ch_test_not_a_top_up",
      payment_intent: "pi_test_subscription_payment",
      amount: 2499,
      amount_refunded: 2499,
    });
    expect((await deliver(t, t.standIn.event("charge.refunded", stranger))).json().outcome).toBe("applied");
    expect((await walletOf(t, accountId))?.balanceCents).toBe(1000);
  });
});

describe("disputes: the disputed amount is held, then released or lost", () => {
  it("won: held, then released; the balance is back", async () => {
    const { t } = env;
    const { accountId, paymentIntentId } = await toppedUp(t, 2000);
    const dispute = await t.standIn.dispute(paymentIntentId);
    expect((await walletOf(t, accountId))?.balanceCents).toBe(0);
    await t.standIn.closeDispute(dispute.id, "won");
    expect(await movements(t, accountId)).toEqual([
      ["top_up", 2000, 2000],
      ["dispute_hold", -2000, 0],
      ["dispute_release", 2000, 2000],
    ]);
    expect((await walletOf(t, accountId))?.balanceCents).toBe(2000);
  });

  it("lost: the hold is released and the loss taken, each its own row; redelivery changes nothing", async () => {
    const { t } = env;
    const { accountId, paymentIntentId } = await toppedUp(t, 2000);
    await t.db.db
      .update(schema.wallets)
      .set({ balanceCents: 1200 })
      .where(eq(schema.wallets.accountId, accountId));
    const dispute = await t.standIn.dispute(paymentIntentId, 1500);
    expect((await walletOf(t, accountId))?.balanceCents).toBe(-300);
    const closed = t.standIn.event("charge.dispute.closed", { ...dispute, status: "lost" });
    expect((await deliver(t, closed)).json().outcome).toBe("applied");
    expect((await deliver(t, closed)).json().outcome).toBe("duplicate");
    const types = (await movements(t, accountId)).map(([type, amount]) => [type, amount]);
    // The release and the loss share one transaction (and one timestamp): compared as a set.
    expect(types).toHaveLength(4);
    expect(types).toEqual(
      expect.arrayContaining([
        ["top_up", 2000],
        ["dispute_hold", -1500],
        ["dispute_release", 1500],
        ["dispute_loss", -1500],
      ]),
    );
    expect((await walletOf(t, accountId))?.balanceCents).toBe(-300);
    const rows = await ledgerOf(t, accountId);
    const notified = await noticesOf(t);
    for (const row of rows.filter((r) => r.transactionType.startsWith("dispute_")))
      expect(notified).toContain(row.id);
  });
});
