import { type DatabaseHandle, newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { createMailer } from "@poundline/platform/mailer";
import { and, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type Biller,
  type BillingPorts,
  createBiller,
  LOW_BALANCE_SUBJECT,
} from "../../src/billing/jobs/index";

const {
  accounts,
  users,
  accountMemberships,
  phoneNumbers,
  callLogs,
  messages,
  rates,
  wallets,
  ledgerEntries,
} = schema;

const BASE = "https://app.poundline.test";

describe("billing processors", () => {
  let handle: DatabaseHandle;
  let ports: BillingPorts;
  /** The jobs of one worker share a biller (and its batches). */
  let biller: Biller;
  const now = new Date("2026-11-20T15:00:00Z");
  let accountId: string;
  let localId: string;
  let tollFreeId: string;
  let n = 0;
  /** Accounts billing said had emptied (or overdrawn) their wallet: the gate closes for them. */
  const emptied: string[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase();
    const log = pino({ level: "silent" });
    ports = {
      db: handle.db,
      log,
      clock: () => now,
      mailer: createMailer({ db: handle.db, log, from: "Poundline <no-reply@poundline.test>" }),
      publicBaseUrl: BASE,
      walletEmptied: async (id) => {
        emptied.push(id);
      },
    };
    biller = createBiller(ports);
    // Rates that differ from defaultRates, so the table is seen to be used.
    await handle.db.insert(rates).values([
      { id: newId("rate"), kind: "call_inbound", centsPerUnit: 4, unit: "minute" },
      { id: newId("rate"), kind: "call_outbound", centsPerUnit: 5, unit: "minute" },
      { id: newId("rate"), kind: "call_toll_free", centsPerUnit: 7, unit: "minute" },
      { id: newId("rate"), kind: "sms_segment", centsPerUnit: 2, unit: "segment" },
      { id: newId("rate"), kind: "mms_message", centsPerUnit: 6, unit: "message" },
    ]);
  });
  afterAll(() => handle.close());

  /** A fresh account with an owner, a member, two numbers and a wallet of `balance` cents. */
  async function account(balance: number): Promise<void> {
    n += 1;
    accountId = newId("account");
    localId = newId("number");
    tollFreeId = newId("number");
    const ownerId = newId("user");
    const memberId = newId("user");
    const { db } = handle;
    await db.insert(accounts).values({ id: accountId, companyName: `Billing ${n} LLC` });
    await db.insert(users).values([
      { id: ownerId, email: `owner${n}@example.com`, firstName: "Olivia" },
      { id: memberId, email: `member${n}@example.com`, firstName: "Max" },
    ]);
    await db.insert(accountMemberships).values([
      { accountId, userId: ownerId, role: "owner" },
      { accountId, userId: memberId, role: "member" },
    ]);
    await db.insert(phoneNumbers).values([
      { id: localId, accountId, e164: `+1407555${String(1000 + n)}` },
      { id: tollFreeId, accountId, e164: `+1800555${String(1000 + n)}`, numberType: "toll-free" },
    ]);
    await db.insert(wallets).values({ id: newId("wallet"), accountId, balanceCents: balance });
  }

  async function call(over: Partial<typeof callLogs.$inferInsert> = {}): Promise<string> {
    const callSid = `CA${newId("call").slice(5)}`;
    await handle.db.insert(callLogs).values({
      id: newId("call"),
      accountId,
      phoneNumberId: localId,
      callSid,
      direction: "inbound",
      fromNumber: "+13125550100",
      toNumber: "+14075550100",
      durationSeconds: 125,
      callStatus: "completed",
      ...over,
    });
    return callSid;
  }

  async function text(over: Partial<typeof messages.$inferInsert> = {}): Promise<string> {
    const messageSid = `SM${newId("message").slice(4)}`;
    await handle.db.insert(messages).values({
      id: newId("message"),
      accountId,
      phoneNumberId: localId,
      messageSid,
      direction: "outbound",
      fromNumber: "+14075550100",
      toNumber: "+13125550100",
      body: "a".repeat(200),
      status: "sent",
      ...over,
    });
    return messageSid;
  }

  const balance = async () =>
    (await handle.db.select().from(wallets).where(eq(wallets.accountId, accountId)))[0]?.balanceCents;
  const entries = () => handle.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId));
  const priceOf = async (callSid: string) =>
    (await handle.db.select().from(callLogs).where(eq(callLogs.callSid, callSid)))[0]?.priceCents;
  const warnings = () =>
    handle.db
      .select()
      .from(schema.emailOutbox)
      .where(
        and(
          eq(schema.emailOutbox.template, "low_balance"),
          eq(schema.emailOutbox.toAddress, `owner${n}@example.com`),
        ),
      );
  const allWarningsOfAccount = async () =>
    (
      await handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "low_balance"))
    ).filter((e) => e.toAddress.endsWith(`${n}@example.com`));

  describe("chargeCall", () => {
    beforeEach(() => account(10_000));

    it("prices an inbound call from the rates table, writes the entry and the call's price", async () => {
      const callSid = await call(); // 125 s: 3 started minutes at 4¢
      expect(await biller.chargeCall({ callSid })).toBe("done");
      expect(await priceOf(callSid)).toBe(12);
      expect(await balance()).toBe(9988);
      expect(await entries()).toMatchObject([
        {
          transactionType: "call_charge",
          amountCents: -12,
          balanceAfterCents: 9988,
          idempotencyKey: `charge-call:${callSid}`,
          reference: callSid,
          description: "Inbound call from +13125550100 (3 min)",
          createdAt: now,
        },
      ]);
    });

    it.each([
      ["outbound", { direction: "outbound" as const, durationSeconds: 60 }, 5],
      ["toll-free", { durationSeconds: 61, tollFree: true }, 14],
    ])("prices a %s call", async (_n, over, cents) => {
      const { tollFree, ...row } = { tollFree: false, ...over };
      const callSid = await call({ ...row, ...(tollFree ? { phoneNumberId: tollFreeId } : {}) });
      expect(await biller.chargeCall({ callSid })).toBe("done");
      expect(await priceOf(callSid)).toBe(cents);
      expect(await balance()).toBe(10_000 - cents);
    });

    it("skips an unanswered call, an unknown call and a duplicate", async () => {
      const unanswered = await call({ durationSeconds: 0, callStatus: "no-answer" });
      expect(await biller.chargeCall({ callSid: unanswered })).toBe("skipped");
      expect(await priceOf(unanswered)).toBeNull();
      expect(await biller.chargeCall({ callSid: "CAunknown" })).toBe("skipped");

      const callSid = await call();
      expect(await biller.chargeCall({ callSid })).toBe("done");
      expect(await biller.chargeCall({ callSid })).toBe("skipped");
      expect(await entries()).toHaveLength(1);
      expect(await balance()).toBe(9988);
    });

    it("concurrent deliveries of one call charge it once", async () => {
      const callSid = await call();
      const outcomes = await Promise.all(Array.from({ length: 5 }, () => biller.chargeCall({ callSid })));
      expect(outcomes.filter((o) => o === "done")).toHaveLength(1);
      expect(await entries()).toHaveLength(1);
      expect(await balance()).toBe(9988);
    });
  });

  describe("re-rating a call whose duration grew", () => {
    beforeEach(() => account(10_000));
    const grow = (callSid: string, durationSeconds: number) =>
      handle.db.update(callLogs).set({ durationSeconds }).where(eq(callLogs.callSid, callSid));

    it("charges the difference once, under a key of its own; redeliveries change nothing", async () => {
      const callSid = await call({ durationSeconds: 30 }); // 1 started minute at 4¢
      expect(await biller.chargeCall({ callSid })).toBe("done");
      await grow(callSid, 600); // a later completion: 10 minutes, 40¢
      expect(await biller.chargeCall({ callSid })).toBe("done");
      expect(await biller.chargeCall({ callSid })).toBe("skipped");
      expect(await priceOf(callSid)).toBe(40);
      expect(await balance()).toBe(10_000 - 40);
      const rows = (await entries()).sort((a, b) => a.balanceAfterCents - b.balanceAfterCents).reverse();
      expect(rows).toMatchObject([
        { amountCents: -4, idempotencyKey: `charge-call:${callSid}` },
        {
          amountCents: -36,
          balanceAfterCents: 10_000 - 40,
          idempotencyKey: `charge-call:${callSid}:40`,
          description: "Inbound call from +13125550100 (10 min, re-rated)",
        },
      ]);
    });

    it("a duration that grows within the same started minute charges nothing more", async () => {
      const callSid = await call({ durationSeconds: 30 });
      expect(await biller.chargeCall({ callSid })).toBe("done");
      await grow(callSid, 59);
      expect(await biller.chargeCall({ callSid })).toBe("skipped");
      expect(await entries()).toHaveLength(1);
      expect(await balance()).toBe(10_000 - 4);
    });

    it("concurrent charge jobs of both completions charge the longest duration once in all", async () => {
      const callSid = await call({ durationSeconds: 30 });
      const first = biller.chargeCall({ callSid });
      await grow(callSid, 600);
      const outcomes = await Promise.all([
        first,
        ...Array.from({ length: 4 }, () => biller.chargeCall({ callSid })),
      ]);
      expect(outcomes).toContain("done");
      expect(await priceOf(callSid)).toBe(40);
      expect(await balance()).toBe(10_000 - 40);
      expect(-(await entries()).reduce((sum, e) => sum + e.amountCents, 0)).toBe(40);
    });
  });

  describe("batched per wallet", () => {
    beforeEach(() => account(100_000));

    it("a burst on one wallet shares transactions and charges each call once, exactly", async () => {
      // Jobs of one worker share a biller: the charges that arrive while one wallet transaction
      // runs go into the next one. Count the transactions to see the batching happen.
      let transactions = 0;
      const counted = new Proxy(handle.db, {
        get(target, prop, receiver) {
          if (prop === "transaction") transactions += 1;
          return Reflect.get(target, prop, receiver);
        },
      });
      const batching = createBiller({ ...ports, db: counted });
      const calls = await Promise.all(
        Array.from({ length: 120 }, (_, i) => call({ durationSeconds: 1 + i })),
      );
      const texts = await Promise.all(Array.from({ length: 30 }, () => text()));
      const outcomes = await Promise.all([
        ...calls.map((callSid) => batching.chargeCall({ callSid })),
        ...calls.slice(0, 20).map((callSid) => batching.chargeCall({ callSid })), // redelivered
        ...texts.map((messageSid) => batching.chargeSms({ messageSid })),
      ]);
      expect(outcomes.filter((o) => o === "done")).toHaveLength(150);
      expect(outcomes.filter((o) => o === "skipped")).toHaveLength(20);
      expect(transactions).toBeLessThan(20);

      // 1–60 s is one started minute, 61–120 s two, at 4¢; 200-character texts are 2 segments at 2¢.
      const expected = 60 * 4 + 60 * 8 + 30 * 4;
      const rows = await entries();
      expect(rows).toHaveLength(150);
      expect(await balance()).toBe(100_000 - expected);
      expect(-rows.reduce((sum, e) => sum + e.amountCents, 0)).toBe(expected);
      // Each entry's running total is a real step of the balance: all distinct, ending at the wallet's.
      const after = rows.map((e) => e.balanceAfterCents).sort((a, b) => b - a);
      expect(new Set(after).size).toBe(150);
      expect(after.at(-1)).toBe(100_000 - expected);
      for (const [i, callSid] of calls.entries()) expect(await priceOf(callSid)).toBe(i < 60 ? 4 : 8);
    });
  });

  describe("chargeSms", () => {
    beforeEach(() => account(10_000));

    it("prices an outbound SMS per segment and an MMS flat from the rates table", async () => {
      const sms = await text(); // 200 GSM characters: 2 segments at 2¢
      const mms = await text({ numMedia: 1, body: "photo" });
      expect(await biller.chargeSms({ messageSid: sms })).toBe("done");
      expect(await biller.chargeSms({ messageSid: mms })).toBe("done");
      expect(await balance()).toBe(10_000 - 4 - 6);
      const rows = await entries();
      expect(rows).toHaveLength(2);
      expect(rows.find((e) => e.reference === sms)).toMatchObject({
        transactionType: "sms_charge",
        amountCents: -4,
        idempotencyKey: `charge-sms:${sms}`,
        description: "Outbound SMS to +13125550100",
      });
      expect(rows.find((e) => e.reference === mms)).toMatchObject({ amountCents: -6 });
      const priced = await handle.db.select().from(messages).where(eq(messages.accountId, accountId));
      expect(Object.fromEntries(priced.map((m) => [m.messageSid, m.priceCents]))).toEqual({
        [sms]: 4,
        [mms]: 6,
      });
    });

    it("does not charge inbound texts; skips unknown and duplicate ones", async () => {
      const inbound = await text({ direction: "inbound", status: "received" });
      expect(await biller.chargeSms({ messageSid: inbound })).toBe("skipped");
      expect(await biller.chargeSms({ messageSid: "SMunknown" })).toBe("skipped");
      const sms = await text();
      const outcomes = await Promise.all(
        Array.from({ length: 5 }, () => biller.chargeSms({ messageSid: sms })),
      );
      expect(outcomes.filter((o) => o === "done")).toHaveLength(1);
      expect(await biller.chargeSms({ messageSid: sms })).toBe("skipped");
      expect(await entries()).toHaveLength(1);
      expect(await balance()).toBe(9996);
    });
  });

  describe("low balance", () => {
    it("crossing the threshold e-mails the owner exactly once", async () => {
      await account(520); // threshold 500
      const first = await call({ durationSeconds: 60 }); // 4¢ → 516, not low
      expect(await biller.chargeCall({ callSid: first })).toBe("done");
      expect(await allWarningsOfAccount()).toHaveLength(0);

      const crossing = await call({ durationSeconds: 300 }); // 20¢ → 496
      const again = await text(); // 4¢ → 492, still low: no second e-mail
      await Promise.all([
        biller.chargeCall({ callSid: crossing }),
        biller.chargeCall({ callSid: crossing }),
        biller.chargeSms({ messageSid: again }),
      ]);
      expect(await biller.chargeCall({ callSid: crossing })).toBe("skipped");
      expect(await balance()).toBe(492);

      const sent = await warnings();
      expect(sent).toHaveLength(1);
      expect(await allWarningsOfAccount()).toHaveLength(1); // not the member
      const [email] = sent;
      expect(email).toMatchObject({
        subject: LOW_BALANCE_SUBJECT,
        template: "low_balance",
        status: "logged",
      });
      expect(email?.textBody).toMatch(/^Hello Olivia,/);
      expect(email?.textBody).toContain(`${BASE}/dashboard/billing`);
      expect(email?.textBody).toMatch(/balance is \$4\.9[26], below your low-balance threshold of \$5\.00/);
    });

    it.each([
      ["a UK mobile", "+447400123456", 3 * 4, 2 * 7],
      ["a UK landline", "+442079460958", 3 * 3, 2 * 7],
      ["Jamaica (a NANP number abroad)", "+18765550123", 3 * 36, 2 * 12],
      ["a US number, at the rates table's price", "+13125550100", 3 * 5, 2 * 2],
    ] as const)(
      "prices an outbound call and a text to %s by destination",
      async (_n, to, callCents, textCents) => {
        await account(100_000);
        const callSid = await call({ direction: "outbound", toNumber: to }); // 125 s: 3 started minutes
        const messageSid = await text({ toNumber: to }); // 200 GSM characters: 2 segments
        expect(await biller.chargeCall({ callSid })).toBe("done");
        expect(await biller.chargeSms({ messageSid })).toBe("done");
        expect(await priceOf(callSid)).toBe(callCents);
        expect(await balance()).toBe(100_000 - callCents - textCents);
      },
    );

    it("a call forwarded from a toll-free number: the leg to the UK is charged by its destination", async () => {
      await account(100_000);
      const parent = await call({ phoneNumberId: tollFreeId, toNumber: "+18005551000" }); // 125 s
      const leg = await call({
        phoneNumberId: null,
        parentCallSid: parent,
        direction: "outbound",
        fromNumber: "+13125550100",
        toNumber: "+442079460958",
        durationSeconds: 121,
      });
      expect(await biller.chargeCall({ callSid: parent })).toBe("done");
      expect(await biller.chargeCall({ callSid: leg })).toBe("done");
      expect(await priceOf(parent)).toBe(3 * 7); // toll-free: 3 started minutes at 7 ¢
      expect(await priceOf(leg)).toBe(3 * 3); // UK landline: 3 started minutes at 3 ¢
      expect((await entries()).map((e) => e.description)).toContain("Outbound call to +442079460958 (3 min)");
      expect(await balance()).toBe(100_000 - 21 - 9);
    });

    it("Make a Call's first leg is priced by the phone it rang, not by the destination the log shows", async () => {
      await account(100_000);
      const callSid = await call({
        direction: "outbound",
        toNumber: "+18765550123", // the destination, Jamaica: 36 ¢ a minute
        dialledNumber: "+442079460958", // the user's own phone, a UK landline: 3 ¢ a minute
      });
      expect(await biller.chargeCall({ callSid })).toBe("done");
      expect(await priceOf(callSid)).toBe(3 * 3);
      expect((await entries())[0]?.description).toBe("Outbound call to +442079460958 (3 min)");
    });

    it("a call the wallet cannot cover is charged in full: the wallet is overdrawn, the rest owed, telephony stopped", async () => {
      await account(10);
      await handle.db
        .update(wallets)
        .set({ lowBalanceNotifiedAt: now })
        .where(eq(wallets.accountId, accountId));
      const callSid = await call({ direction: "outbound", durationSeconds: 180 }); // 15¢
      expect(await biller.chargeCall({ callSid })).toBe("done");
      expect(await balance()).toBe(-5);
      expect(await priceOf(callSid)).toBe(15);
      expect(await entries()).toMatchObject([
        {
          amountCents: -15,
          balanceAfterCents: -5,
          description: "Outbound call to +14075550100 (3 min) ($0.05 owed: wallet overdrawn)",
        },
      ]);
      expect(emptied).toContain(accountId);
      expect(await allWarningsOfAccount()).toHaveLength(0); // warned before this dip's charge

      // Redelivered once the wallet is topped up: the priced call is not charged again.
      await handle.db.update(wallets).set({ balanceCents: 1000 }).where(eq(wallets.accountId, accountId));
      expect(await biller.chargeCall({ callSid })).toBe("skipped");
    });

    it("an empty wallet is never silently not charged: each charge is a ledger row, owed", async () => {
      await account(0);
      const callSid = await call();
      expect(await biller.chargeCall({ callSid })).toBe("done");
      expect(await priceOf(callSid)).toBe(12);
      expect(await entries()).toMatchObject([{ amountCents: -12, balanceAfterCents: -12 }]);
      const [email] = await warnings();
      expect(email?.textBody).toContain("Calls and outbound texts are paused until you top up.");
      const unpaidText = await text();
      expect(await biller.chargeSms({ messageSid: unpaidText })).toBe("done");
      expect(await warnings()).toHaveLength(1);
      expect(await balance()).toBe(-16);
      // Redelivered: the text was charged once, so not again; a top-up pays what is owed first.
      expect(await biller.chargeSms({ messageSid: unpaidText })).toBe("skipped");
      expect(await entries()).toHaveLength(2);
    });
  });
});
