/**
 * The charge hand-off without a queue: the status statement writes a `pending_charges` row beside
 * a completed call's log, and the workers' drain deletes it in the wallet transaction that
 * charges the call. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (where the two
 * drains below truly run side by side, on connections of their own).
 */
import { type DatabaseHandle, queryRows, schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { createTestDatabase, walletAndLedger } from "@poundline/db/testing";
import { defaultRates, priceCall } from "@poundline/domain";
import { createMailer } from "@poundline/platform/mailer";
import { quietLog, waitFor } from "@poundline/testing/jobs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Biller, createBiller } from "../../src/billing/jobs/biller";
import { startChargeDrain } from "../../src/billing/jobs/charge-drain";
import { type CallStatusEvent, createCallStatusWriter } from "../../src/carrier/call-status-writer";
import { billingProcessors, createProcessors } from "../../src/jobs/processors";
import { startJobs } from "../../src/jobs/runtime";

const START = 1_000_000;

describe("charge drain (pending_charges)", () => {
  let handle: DatabaseHandle;
  let n = 0;
  const t0 = new Date("2026-11-20T15:00:00Z");

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const billerOf = () =>
    createBiller({
      db: handle.db,
      log: quietLog,
      clock: () => new Date(),
      mailer: createMailer({ db: handle.db, log: quietLog, from: "Poundline <no-reply@poundline.test>" }),
      publicBaseUrl: "https://app.poundline.test",
    });

  /** A fresh account with a number and a wallet of START cents; its status writer and event maker. */
  async function account() {
    n += 1;
    const key = `acme${n}`;
    const e164 = `+1407555${String(2000 + n)}`;
    const ids = await insertRoutingConfig(handle.db, {
      accounts: [{ key, walletCents: START }],
      numbers: [{ key: `line${n}`, account: key, e164 }],
    });
    const accountId = ids.get(key) as string;
    const completed = (callSid: string, durationSeconds: number, sequence = 3): CallStatusEvent => ({
      accountId,
      phoneNumberId: ids.get(`line${n}`) as string,
      callSid,
      parentCallSid: null,
      inbound: true,
      fromNumber: "+13055550100",
      toNumber: e164,
      theirNumber: "+13055550100",
      callerName: undefined,
      callStartTime: t0,
      answeredAt: t0,
      endedAt: new Date(t0.getTime() + durationSeconds * 1000),
      durationSeconds,
      callStatus: "completed",
      sequence,
      eventTime: new Date(t0.getTime() + durationSeconds * 1000),
      fromCity: null,
      fromState: null,
      fromCountry: null,
    });
    return { accountId, write: createCallStatusWriter(handle.db), completed };
  }

  const pendingOf = async (accountId: string) =>
    handle.db.select().from(schema.pendingCharges).where(eq(schema.pendingCharges.accountId, accountId));
  const ledgerOf = async (accountId: string) =>
    handle.db
      .select({ key: schema.ledgerEntries.idempotencyKey, cents: schema.ledgerEntries.amountCents })
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.accountId, accountId));
  const price = (seconds: number) =>
    priceCall({ direction: "inbound", tollFree: false, durationSeconds: seconds }, defaultRates);
  /** Drains until nothing is pending. */
  const drainAll = async (biller: Biller, accountId: string, limit = 500) => {
    while ((await biller.drainCalls(accountId, limit)) > 0);
  };

  it("charges a completed call once, however often its completion is delivered", async () => {
    const { accountId, write, completed } = await account();
    await Promise.all([write(completed("CAdupA", 125)), write(completed("CAdupB", 61))]);
    // Redeliveries: the log does not move, so nothing more is handed off.
    expect(await write(completed("CAdupA", 125))).toBeNull();
    expect(await write(completed("CAdupB", 61))).toBeNull();
    expect(await pendingOf(accountId)).toHaveLength(2);

    const biller = billerOf();
    expect(await biller.drainCalls(accountId, 500)).toBe(2);
    expect(await pendingOf(accountId)).toEqual([]);
    expect((await ledgerOf(accountId)).map((e) => e.key).sort()).toEqual([
      "charge-call:CAdupA",
      "charge-call:CAdupB",
    ]);
    // A pending row for a call charged already (a stray duplicate) charges nothing.
    const [log] = await handle.db.select().from(schema.callLogs).where(eq(schema.callLogs.callSid, "CAdupA"));
    await handle.db.insert(schema.pendingCharges).values({ accountId, callLogId: log?.id as string });
    expect(await biller.drainCalls(accountId, 500)).toBe(1);
    expect(await ledgerOf(accountId)).toHaveLength(2);
    const money = await walletAndLedger(handle.db, accountId);
    expect(money.balanceCents).toBe(START - price(125) - price(61));
    expect(money.balanceCents).toBe(START + money.ledgerCents);
  });

  it("re-rates a call whose completion grew: the difference, once", async () => {
    const { accountId, write, completed } = await account();
    await write(completed("CAgrow", 30, 3));
    const biller = billerOf();
    await drainAll(biller, accountId);
    await write(completed("CAgrow", 600, 4));
    await write(completed("CAgrow", 600, 4)); // a redelivery: nothing more
    await drainAll(biller, accountId);
    expect((await ledgerOf(accountId)).map((e) => [e.key, e.cents]).sort()).toEqual([
      ["charge-call:CAgrow", -price(30)],
      [`charge-call:CAgrow:${price(600)}`, -(price(600) - price(30))],
    ]);
  });

  it("a drain whose transaction dies before the commit loses nothing: the next charges it", async () => {
    const { accountId, write, completed } = await account();
    await Promise.all(["CAcrash1", "CAcrash2", "CAcrash3"].map((sid) => write(completed(sid, 90))));
    // The wallet transaction dies after taking the rows (here: at the ledger insert).
    await handle.db.execute(sql`create function die() returns trigger language plpgsql as
      $$ begin raise exception 'worker died'; end $$`);
    await handle.db.execute(
      sql`create trigger die before insert on ledger_entries for each statement execute function die()`,
    );
    const biller = billerOf();
    await expect(biller.drainCalls(accountId, 500)).rejects.toThrow();
    expect(await pendingOf(accountId)).toHaveLength(3);
    expect(await ledgerOf(accountId)).toEqual([]);
    const priced = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from call_logs where account_id = ${accountId} and price_cents is not null`,
    );
    expect(priced[0]?.n).toBe(0);

    await handle.db.execute(sql`drop trigger die on ledger_entries`);
    await handle.db.execute(sql`drop function die()`);
    await drainAll(biller, accountId);
    expect(await ledgerOf(accountId)).toHaveLength(3);
    expect(await pendingOf(accountId)).toEqual([]);
  });

  it("two drains side by side never charge a call twice", async () => {
    const { accountId, write, completed } = await account();
    const sids = Array.from({ length: 120 }, (_, i) => `CAtwo${i}`);
    await Promise.all(sids.map((sid, i) => write(completed(sid, 30 + i))));
    // Each drain takes small batches, so they interleave: one drain's rows are skipped by the other.
    const [one, two] = [billerOf(), billerOf()];
    const drainer = async (biller: Biller) => {
      let sum = 0;
      for (;;) {
        const k = await biller.drainCalls(accountId, 7);
        if (k === 0) return sum;
        sum += k;
      }
    };
    const taken = await Promise.all([drainer(one), drainer(two)]);
    expect(taken[0] + taken[1]).toBe(sids.length);
    const keys = (await ledgerOf(accountId)).map((e) => e.key).sort();
    expect(keys).toEqual(sids.map((sid) => `charge-call:${sid}`).sort());
    const money = await walletAndLedger(handle.db, accountId);
    const expected = sids.reduce((sum, _, i) => sum + price(30 + i), 0);
    expect(money.balanceCents).toBe(START - expected);
    expect(money.balanceCents).toBe(START + money.ledgerCents);
  });

  it("hands an account's batch that keeps failing to the billing queue, one job per call", async () => {
    const { accountId, write, completed } = await account();
    await write(completed("CAstuck", 45));
    const failing = async () => {
      throw new Error("cannot charge");
    };
    const drain = startChargeDrain({
      db: handle.db,
      log: quietLog,
      drainCalls: failing,
      pollIntervalMs: 60_000,
      failuresBeforeQueue: 2,
      backoff: { minMs: 60_000, maxMs: 60_000 },
    });
    // The loop's first pass fails once, this one a second time: the batch is handed over.
    await drain.drainOnce();
    await drain.stop();
    expect(await pendingOf(accountId)).toEqual([]);
    const jobs = await handle.db
      .select()
      .from(schema.jobOutbox)
      .where(eq(schema.jobOutbox.jobName, "charge-call"));
    const mine = jobs.filter((j) => j.jobId.startsWith("charge-call:CAstuck:pending:"));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ queue: "billing", payload: { callSid: "CAstuck" } });
  });

  it("runs where the billing processors run: embedded, without Redis", async () => {
    const { accountId, write, completed } = await account();
    const jobs = await startJobs({
      db: handle.db,
      log: quietLog,
      processors: createProcessors({
        billing: billingProcessors({
          mailer: createMailer({ db: handle.db, log: quietLog, from: "Poundline <no-reply@poundline.test>" }),
          publicBaseUrl: "https://app.poundline.test",
        }),
      }),
      chargePollIntervalMs: 20,
    });
    try {
      expect(jobs.chargeDrain).not.toBeNull();
      await write(completed("CAembedded", 200));
      await waitFor(async () => (await ledgerOf(accountId)).length === 1, 10_000);
      expect(await ledgerOf(accountId)).toEqual([{ key: "charge-call:CAembedded", cents: -price(200) }]);
      expect(await pendingOf(accountId)).toEqual([]);
    } finally {
      await jobs.stop();
    }
    // A process that only hands jobs off (an API beside workers) runs no drain.
    const handOnly = await startJobs({ db: handle.db, log: quietLog });
    expect(handOnly.chargeDrain).toBeNull();
    await handOnly.stop();
  });
});
