import { schema } from "@poundline/db";
import { describe, expect, it } from "vitest";
import { createUser } from "../fixtures";
import { deliver, ledgerOf, paidTopUpSession, processedEvents, useBillingApp, walletOf } from "./helpers";

const env = useBillingApp();

describe("POST /stripe/webhook: wallet top-ups", () => {
  it("credits the wallet from the event's own amount and client reference, and records the event", async () => {
    const user = await createUser(env.t);
    const event = env.t.standIn.event(
      "checkout.session.completed",
      paidTopUpSession(env.t, user.accountId, 2500),
    );
    const response = await deliver(env.t, event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: "applied" });
    expect((await walletOf(env.t, user.accountId))?.balanceCents).toBe(2500);
    const [entry] = await ledgerOf(env.t, user.accountId);
    expect(entry).toMatchObject({ transactionType: "top_up", amountCents: 2500, balanceAfterCents: 2500 });
    expect((await processedEvents(env.t)).map((e) => e.eventId)).toContain(event.id);
    // Fulfilled from the event alone: nothing was asked of Stripe.
    expect(env.t.standIn.requests).toEqual([]);
  });

  it("the same event delivered twice credits once", async () => {
    const user = await createUser(env.t);
    const event = env.t.standIn.event(
      "checkout.session.completed",
      paidTopUpSession(env.t, user.accountId, 1000),
    );
    expect((await deliver(env.t, event)).json().outcome).toBe("applied");
    expect((await deliver(env.t, event)).json().outcome).toBe("duplicate");
    expect((await walletOf(env.t, user.accountId))?.balanceCents).toBe(1000);
    expect(await ledgerOf(env.t, user.accountId)).toHaveLength(1);
  });

  it("the same event delivered five times at once credits once", async () => {
    const user = await createUser(env.t);
    const event = env.t.standIn.event(
      "checkout.session.completed",
      paidTopUpSession(env.t, user.accountId, 5000),
    );
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(env.t, event)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.json().outcome === "applied")).toHaveLength(1);
    expect((await walletOf(env.t, user.accountId))?.balanceCents).toBe(5000);
    expect(await ledgerOf(env.t, user.accountId)).toHaveLength(1);
    expect((await processedEvents(env.t)).filter((e) => e.eventId === event.id)).toHaveLength(1);
  });

  it("an unpaid completion (delayed payment) waits; async_payment_succeeded then credits once", async () => {
    const user = await createUser(env.t);
    const pending = paidTopUpSession(env.t, user.accountId, 10000, { payment_status: "unpaid" });
    await deliver(env.t, env.t.standIn.event("checkout.session.completed", pending));
    expect((await walletOf(env.t, user.accountId))?.balanceCents ?? 0).toBe(0);

    const paid = { ...pending, payment_status: "paid" };
    await deliver(env.t, env.t.standIn.event("checkout.session.async_payment_succeeded", paid));
    // A second paid completion of the same session (any order) is the same top-up.
    await deliver(env.t, env.t.standIn.event("checkout.session.completed", paid));
    expect((await walletOf(env.t, user.accountId))?.balanceCents).toBe(10000);
    expect(await ledgerOf(env.t, user.accountId)).toHaveLength(1);
  });

  it("a failed delayed payment credits nothing", async () => {
    const user = await createUser(env.t);
    const session = paidTopUpSession(env.t, user.accountId, 2500, { payment_status: "unpaid" });
    const response = await deliver(
      env.t,
      env.t.standIn.event("checkout.session.async_payment_failed", session),
    );
    expect(response.json().outcome).toBe("applied");
    expect(await ledgerOf(env.t, user.accountId)).toHaveLength(0);
  });

  it("a top-up that lifts an emptied wallet above zero reopens calls on the next one", async () => {
    const user = await createUser(env.t);
    await env.t.db.db
      .insert(schema.wallets)
      .values({ id: "wal_empty", accountId: user.accountId, balanceCents: 0 });
    await env.t.app.deps.routing.changed();
    expect(env.t.app.deps.routing.current().accounts.get(user.accountId)?.gate.walletBalanceCents).toBe(0);
    await deliver(
      env.t,
      env.t.standIn.event("checkout.session.completed", paidTopUpSession(env.t, user.accountId, 1000)),
    );
    expect(env.t.app.deps.routing.current().accounts.get(user.accountId)?.gate.walletBalanceCents).toBe(1000);
  });

  it("events it does not handle are acknowledged and not recorded", async () => {
    const event = env.t.standIn.event("plan.created", env.t.standIn.fixture("plan"));
    const response = await deliver(env.t, event);
    expect(response.statusCode).toBe(200);
    expect(response.json().outcome).toBe("ignored");
    expect((await processedEvents(env.t)).map((e) => e.eventId)).not.toContain(event.id);
  });
});
