import { schema } from "@poundline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../fixtures";
import {
  type BillingTestApp,
  createBillingApp,
  deliver,
  ledgerOf,
  paidTopUpSession,
  processedEvents,
  walletOf,
} from "./helpers";

let t: BillingTestApp;
beforeAll(async () => {
  t = await createBillingApp();
});
afterAll(async () => {
  await t.close();
});

describe("POST /stripe/webhook: wallet top-ups", () => {
  it("credits the wallet from the event's own amount and client reference, and records the event", async () => {
    const user = await createUser(t);
    const event = t.standIn.event("checkout.session.completed", paidTopUpSession(t, user.accountId, 2500));
    const response = await deliver(t, event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: "applied" });
    expect((await walletOf(t, user.accountId))?.balanceCents).toBe(2500);
    const [entry] = await ledgerOf(t, user.accountId);
    expect(entry).toMatchObject({ transactionType: "top_up", amountCents: 2500, balanceAfterCents: 2500 });
    expect((await processedEvents(t)).map((e) => e.eventId)).toContain(event.id);
    // Fulfilled from the event alone: nothing was asked of Stripe.
    expect(t.standIn.requests).toEqual([]);
  });

  it("the same event delivered twice credits once", async () => {
    const user = await createUser(t);
    const event = t.standIn.event("checkout.session.completed", paidTopUpSession(t, user.accountId, 1000));
    expect((await deliver(t, event)).json().outcome).toBe("applied");
    expect((await deliver(t, event)).json().outcome).toBe("duplicate");
    expect((await walletOf(t, user.accountId))?.balanceCents).toBe(1000);
    expect(await ledgerOf(t, user.accountId)).toHaveLength(1);
  });

  it("the same event delivered five times at once credits once", async () => {
    const user = await createUser(t);
    const event = t.standIn.event("checkout.session.completed", paidTopUpSession(t, user.accountId, 5000));
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(t, event)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.json().outcome === "applied")).toHaveLength(1);
    expect((await walletOf(t, user.accountId))?.balanceCents).toBe(5000);
    expect(await ledgerOf(t, user.accountId)).toHaveLength(1);
    expect((await processedEvents(t)).filter((e) => e.eventId === event.id)).toHaveLength(1);
  });

  it("an unpaid completion (delayed payment) waits; async_payment_succeeded then credits once", async () => {
    const user = await createUser(t);
    const pending = paidTopUpSession(t, user.accountId, 10000, { payment_status: "unpaid" });
    await deliver(t, t.standIn.event("checkout.session.completed", pending));
    expect((await walletOf(t, user.accountId))?.balanceCents ?? 0).toBe(0);

    const paid = { ...pending, payment_status: "paid" };
    await deliver(t, t.standIn.event("checkout.session.async_payment_succeeded", paid));
    // A second paid completion of the same session (any order) is the same top-up.
    await deliver(t, t.standIn.event("checkout.session.completed", paid));
    expect((await walletOf(t, user.accountId))?.balanceCents).toBe(10000);
    expect(await ledgerOf(t, user.accountId)).toHaveLength(1);
  });

  it("a failed delayed payment credits nothing", async () => {
    const user = await createUser(t);
    const session = paidTopUpSession(t, user.accountId, 2500, { payment_status: "unpaid" });
    const response = await deliver(t, t.standIn.event("checkout.session.async_payment_failed", session));
    expect(response.json().outcome).toBe("applied");
    expect(await ledgerOf(t, user.accountId)).toHaveLength(0);
  });

  it("a top-up that lifts an emptied wallet above zero reopens calls on the next one", async () => {
    const user = await createUser(t);
    await t.db.db
      .insert(schema.wallets)
      .values({ id: "wal_empty", accountId: user.accountId, balanceCents: 0 });
    await t.app.deps.routing.changed();
    expect(t.app.deps.routing.current().accounts.get(user.accountId)?.gate.walletBalanceCents).toBe(0);
    await deliver(
      t,
      t.standIn.event("checkout.session.completed", paidTopUpSession(t, user.accountId, 1000)),
    );
    expect(t.app.deps.routing.current().accounts.get(user.accountId)?.gate.walletBalanceCents).toBe(1000);
  });

  it("events it does not handle are acknowledged and not recorded", async () => {
    const event = t.standIn.event("plan.created", t.standIn.fixture("plan"));
    const response = await deliver(t, event);
    expect(response.statusCode).toBe(200);
    expect(response.json().outcome).toBe("ignored");
    expect((await processedEvents(t)).map((e) => e.eventId)).not.toContain(event.id);
  });
});
