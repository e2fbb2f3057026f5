import { type DatabaseHandle, newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { TRIAL_ALLOWANCE } from "@poundline/domain";
import { createMailer } from "@poundline/platform/mailer";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Biller, createBiller } from "../../src/billing/jobs/index";

const { accounts, phoneNumbers, callLogs, messages, wallets, ledgerEntries, trialAllowances } = schema;

/** The biller draws a running trial's included minutes and texts before charging the wallet. */
describe("billing with the trial's allowance", () => {
  let handle: DatabaseHandle;
  let biller: Biller;
  const now = new Date("2026-11-20T15:00:00Z");
  const refreshed: string[] = [];
  let n = 0;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const log = pino({ level: "silent" });
    biller = createBiller({
      db: handle.db,
      log,
      clock: () => now,
      mailer: createMailer({ db: handle.db, log, from: "Poundline <no-reply@poundline.test>" }),
      publicBaseUrl: "https://app.poundline.test",
      walletEmptied: async (id) => {
        refreshed.push(id);
      },
    });
  });
  afterAll(() => handle.close());

  /** An account (on a trial ending at `trialEndsAt`) with a number, a wallet and allowance used. */
  async function account(trialEndsAt: Date | null, used: { minutes: number; texts: number }, balance = 1000) {
    n += 1;
    const accountId = newId("account");
    const numberId = newId("number");
    await handle.db.insert(accounts).values({ id: accountId, companyName: `Trial ${n}`, trialEndsAt });
    await handle.db.insert(phoneNumbers).values({ id: numberId, accountId, e164: `+1407555${2000 + n}` });
    await handle.db.insert(wallets).values({ id: newId("wallet"), accountId, balanceCents: balance });
    await handle.db
      .insert(trialAllowances)
      .values({ accountId, minutesUsed: used.minutes, textsUsed: used.texts });
    return { accountId, numberId };
  }

  const callOf = async (accountId: string, numberId: string, durationSeconds: number) => {
    const callSid = `CA${newId("call").slice(5)}`;
    await handle.db.insert(callLogs).values({
      id: newId("call"),
      accountId,
      phoneNumberId: numberId,
      callSid,
      direction: "inbound",
      fromNumber: "+13125550100",
      toNumber: "+14075550100",
      durationSeconds,
      callStatus: "completed",
    });
    return callSid;
  };
  const textOf = async (accountId: string, numberId: string) => {
    const messageSid = `SM${newId("message").slice(4)}`;
    await handle.db.insert(messages).values({
      id: newId("message"),
      accountId,
      phoneNumberId: numberId,
      messageSid,
      direction: "outbound",
      fromNumber: "+14075550100",
      toNumber: "+13125550100",
      body: "Your appointment is confirmed",
      status: "sent",
    });
    return messageSid;
  };
  const charged = async (accountId: string) =>
    (await handle.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId))).map(
      (e) => e.amountCents,
    );
  const usedOf = async (accountId: string) =>
    (await handle.db.select().from(trialAllowances).where(eq(trialAllowances.accountId, accountId)))[0];

  const RUNNING = new Date("2026-12-15T00:00:00Z");
  const ENDED = new Date("2026-11-01T00:00:00Z");

  // Inbound calls cost 1 cent a started minute (defaultRates; no rates rows), texts 1 a segment.
  it.each<[string, Date | null, number, number, number[], number]>([
    ["a trial with minutes left pays nothing for a 3-minute call", RUNNING, 0, 150, [], 3],
    ["two minutes left: the third minute is charged", RUNNING, TRIAL_ALLOWANCE.minutes - 2, 150, [-1], 100],
    ["minutes used: the wallet pays it all", RUNNING, TRIAL_ALLOWANCE.minutes, 150, [-3], 100],
    ["an ended trial draws nothing", ENDED, 0, 150, [-3], 0],
    ["no trial at all draws nothing", null, 0, 150, [-3], 0],
  ])("%s", async (_case, trialEndsAt, minutesUsed, seconds, ledger, usedAfter) => {
    const { accountId, numberId } = await account(trialEndsAt, { minutes: minutesUsed, texts: 0 });
    expect(await biller.chargeCall({ callSid: await callOf(accountId, numberId, seconds) })).toBe("done");
    expect(await charged(accountId)).toEqual(ledger);
    expect((await usedOf(accountId))?.minutesUsed).toBe(usedAfter);
    // The routing tables are told when minutes were drawn (the gate and the time limits read them).
    expect(refreshed.includes(accountId)).toBe(usedAfter !== minutesUsed);
  });

  it("texts come from the allowance while one is left, then from the wallet", async () => {
    const { accountId, numberId } = await account(RUNNING, { minutes: 0, texts: TRIAL_ALLOWANCE.texts - 1 });
    await biller.chargeSms({ messageSid: await textOf(accountId, numberId) });
    expect(await charged(accountId)).toEqual([]);
    await biller.chargeSms({ messageSid: await textOf(accountId, numberId) });
    expect(await charged(accountId)).toEqual([-1]);
    expect((await usedOf(accountId))?.textsUsed).toBe(TRIAL_ALLOWANCE.texts);
  });

  it("a call charged twice draws its minutes once", async () => {
    const { accountId, numberId } = await account(RUNNING, { minutes: 0, texts: 0 });
    const callSid = await callOf(accountId, numberId, 61);
    await Promise.all([biller.chargeCall({ callSid }), biller.chargeCall({ callSid })]);
    expect((await usedOf(accountId))?.minutesUsed).toBe(2);
  });
});
