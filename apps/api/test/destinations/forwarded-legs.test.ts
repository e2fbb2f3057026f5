import { schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { defaultRates, outboundRate } from "@poundline/domain";
import { pendingChargesOf } from "@poundline/testing/jobs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { carrierPost } from "../twilio/carrier";

/**
 * A call forwarded to an outside number is a call we place: its <Dial> is held to the minutes the
 * wallet pays at the destination's rate (plus the incoming minute), a number the wallet cannot pay
 * a first minute for is not rung, and each leg rung reports its completion, which is logged as
 * an outbound leg of the call and handed to billing.
 */

const EXTENSION_LINE = "+13055550100";
const FORWARD_LINE = "+13055550101";
const CALLER = "+13055551234";
const LONDON = "+442071234567";
const WALLET_CENTS = 100;

let t: TestApp;
let ids: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date("2026-11-23T15:00:00Z") });
  ids = await insertRoutingConfig(t.db.db, {
    accounts: [{ key: "law", status: "active", walletCents: WALLET_CENTS }],
    extensions: [
      { key: "desk", account: "law", number: 101, name: "Front Desk", forwardingNumbers: [LONDON] },
    ],
    numbers: [
      {
        key: "ext",
        account: "law",
        e164: EXTENSION_LINE,
        routing: { open: { type: "extension", target: "desk" } },
      },
      {
        key: "fwd",
        account: "law",
        e164: FORWARD_LINE,
        routing: { open: { type: "forward", number: LONDON } },
      },
    ],
  });
  // The owner allows calls to the United Kingdom: the destination policy lets the forward through.
  await t.db.db
    .update(schema.accounts)
    .set({ allowedCountries: ["US", "GB"] })
    .where(eq(schema.accounts.id, ids.get("law") ?? ""));
  await t.app.deps.routing.reload();
});
afterAll(() => t.close());

const id = (key: string) => ids.get(key) ?? "";
const minuteToLondon = defaultRates.callInbound + (outboundRate(LONDON, defaultRates)?.perMinuteCents ?? 0);

const incoming = (to: string) =>
  carrierPost(t, "/twilio/voice", {
    AccountSid: t.app.deps.carrier.accountSid,
    CallSid: `CA${crypto.randomUUID().replaceAll("-", "")}`,
    From: CALLER,
    To: to,
    Direction: "inbound",
    CallStatus: "ringing",
  });

it.each([
  ["an extension's forwarding number", EXTENSION_LINE],
  ["a number's forward", FORWARD_LINE],
])("%s: the Dial is held to the minutes the wallet pays, and the leg reports back", async (_case, line) => {
  const res = await incoming(line);
  expect(res.statusCode).toBe(200);
  const minutes = Math.floor(WALLET_CENTS / minuteToLondon);
  expect(minutes).toBeGreaterThan(0);
  expect(res.body).toContain(`timeLimit="${minutes * 60}"`);
  expect(res.body).toMatch(
    new RegExp(
      `<Number statusCallback="[^"]*/twilio/voice/forward-status\\?a=${id("law")}[^"]*"[^>]*>\\${LONDON}</Number>`,
    ),
  );
});

it("a forward the wallet cannot pay a first minute at is not rung", async () => {
  await t.db.db
    .update(schema.wallets)
    .set({ balanceCents: minuteToLondon - 1 })
    .where(eq(schema.wallets.accountId, id("law")));
  await t.app.deps.routing.reload();
  try {
    const res = await incoming(FORWARD_LINE);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(LONDON);
    expect(res.body).toContain("<Redirect");
  } finally {
    await t.db.db
      .update(schema.wallets)
      .set({ balanceCents: WALLET_CENTS })
      .where(eq(schema.wallets.accountId, id("law")));
    await t.app.deps.routing.reload();
  }
});

it("a forwarded leg's completion is logged as an outbound leg of the call and handed to billing", async () => {
  const parent = `CA${"1".repeat(32)}`;
  const leg = `CA${"2".repeat(32)}`;
  const status = {
    AccountSid: t.app.deps.carrier.accountSid,
    CallSid: leg,
    ParentCallSid: parent,
    Direction: "outbound-dial",
    From: CALLER,
    To: LONDON,
    CallStatus: "completed",
    CallDuration: "125",
    SequenceNumber: "0",
  };
  const path = `/twilio/voice/forward-status?a=${id("law")}&n=${id("fwd")}`;
  expect((await carrierPost(t, path, status)).statusCode).toBe(200);
  // A duplicate delivery changes nothing.
  expect((await carrierPost(t, path, status)).statusCode).toBe(200);

  const logs = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.callSid, leg));
  expect(logs).toMatchObject([
    {
      accountId: id("law"),
      parentCallSid: parent,
      direction: "outbound",
      toNumber: LONDON,
      durationSeconds: 125,
      callStatus: "completed",
      phoneNumberId: null,
      contactId: null,
    },
  ]);
  // Handed to billing: one pending charge, drained by the workers.
  expect(await pendingChargesOf(t.db.db, leg)).toBe(1);
});

it("a leg reported for an account that does not exist is answered and not stored", async () => {
  const leg = `CA${"3".repeat(32)}`;
  const res = await carrierPost(t, "/twilio/voice/forward-status?a=acct_nobody", {
    AccountSid: t.app.deps.carrier.accountSid,
    CallSid: leg,
    ParentCallSid: `CA${"1".repeat(32)}`,
    From: CALLER,
    To: LONDON,
    CallStatus: "completed",
    CallDuration: "60",
  });
  expect(res.statusCode).toBe(200);
  expect(await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.callSid, leg))).toEqual([]);
});

it("a ring group member's call is logged as a leg of the waiting caller's call and handed to billing", async () => {
  const caller = `CA${"4".repeat(32)}`;
  const member = `CA${"5".repeat(32)}`;
  const path = `/twilio/voice/member-status?a=${id("law")}&n=${id("ext")}&q=${caller}&k=0`;
  const res = await carrierPost(t, path, {
    AccountSid: t.app.deps.carrier.accountSid,
    CallSid: member,
    From: EXTENSION_LINE,
    To: LONDON,
    Direction: "outbound-api",
    CallStatus: "completed",
    CallDuration: "90",
    SequenceNumber: "3",
  });
  expect(res.statusCode).toBe(200);
  const logs = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.callSid, member));
  expect(logs).toMatchObject([
    { parentCallSid: caller, direction: "outbound", toNumber: LONDON, durationSeconds: 90, contactId: null },
  ]);
  expect(await pendingChargesOf(t.db.db, member)).toBe(1);
});
