import { schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { EMPTY_TWIML } from "@poundline/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { carrierPost } from "./carrier";

/**
 * A caller without a real number (withheld, a SIP or client address, an alphanumeric sender, a
 * short code) is answered and logged as the carrier gave it, and never becomes a contact: every
 * withheld caller would otherwise share one contact and its history.
 */

const OUR_NUMBER = "+13055550100";

let t: TestApp;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date("2026-11-23T15:00:00Z") });
  const ids = await insertRoutingConfig(t.db.db, {
    accounts: [{ key: "law", status: "active", walletCents: 1000 }],
    numbers: [{ key: "line", account: "law", e164: OUR_NUMBER, routing: { open: { type: "voicemail" } } }],
  });
  accountId = ids.get("law") ?? "";
  await t.app.deps.routing.reload();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.db.delete(schema.voicemails);
  await t.db.db.delete(schema.callLogs);
  await t.db.db.delete(schema.messages);
  await t.db.db.delete(schema.smsOptOuts);
  await t.db.db.delete(schema.jobOutbox);
  await t.db.db.delete(schema.contacts);
});

const WITHHELD = [
  "Anonymous",
  "Restricted",
  "+266696687",
  "+7378742833",
  "+8656696",
  "+2562533",
  "sip:alice@pbx.example.com",
  "client:frontdesk",
  "POUNDLINE",
  "22395",
];

let n = 0;
const sid = (prefix: string) => `${prefix}${(++n).toString(16).padStart(32, "0")}`;
const contacts = () => t.db.db.select().from(schema.contacts);

async function expectTwiml(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).toBe(EMPTY_TWIML);
}

describe.each(WITHHELD)("a caller whose From is %s", (from) => {
  it("calls in: answered, the call logged as it came, no contact", async () => {
    const callSid = sid("CA");
    const incoming = await carrierPost(t, "/twilio/voice", { CallSid: callSid, From: from, To: OUR_NUMBER });
    expect(incoming.statusCode).toBe(200);
    expect(incoming.body).toContain("<Record");
    for (const [i, status] of ["ringing", "in-progress", "completed"].entries()) {
      await expectTwiml(
        await carrierPost(t, "/twilio/voice/status", {
          CallSid: callSid,
          From: from,
          To: OUR_NUMBER,
          Direction: "inbound",
          CallStatus: status,
          SequenceNumber: String(i),
          CallerName: from,
          ...(status === "completed" ? { CallDuration: "40" } : {}),
        }),
      );
    }
    const [log] = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.callSid, callSid));
    expect(log).toMatchObject({ accountId, fromNumber: from, callStatus: "completed", contactId: null });
    expect(await contacts()).toEqual([]);
  });

  it("texts in (STOP too): the message stored as it came, no contact, no opt-out", async () => {
    for (const body of ["Hello from nowhere", "STOP"]) {
      await expectTwiml(
        await carrierPost(t, "/twilio/sms", {
          MessageSid: sid("SM"),
          From: from,
          To: OUR_NUMBER,
          Body: body,
          NumMedia: "0",
        }),
      );
    }
    const stored = await t.db.db.select().from(schema.messages);
    expect(stored).toHaveLength(2);
    expect(stored.every((m) => m.fromNumber === from && m.contactId === null)).toBe(true);
    expect(await contacts()).toEqual([]);
    expect(await t.db.db.select().from(schema.smsOptOuts)).toEqual([]);
  });

  it("leaves a voicemail: stored with the caller as it came, no contact", async () => {
    const query = new URLSearchParams({ a: accountId, fr: from, to: OUR_NUMBER });
    await expectTwiml(
      await carrierPost(t, `/twilio/recording?${query}`, {
        CallSid: sid("CA"),
        RecordingSid: sid("RE"),
        RecordingUrl: "https://api.twilio.com/2010-04-01/Accounts/AC0/Recordings/RE1",
        RecordingStatus: "completed",
        RecordingDuration: "9",
      }),
    );
    expect(await t.db.db.select().from(schema.voicemails)).toMatchObject([{ fromNumber: from }]);
    expect(await contacts()).toEqual([]);
  });
});

describe("a real number", () => {
  it("still becomes a contact, calling in and texting in", async () => {
    const caller = "+13055551234";
    await carrierPost(t, "/twilio/voice/status", {
      CallSid: sid("CA"),
      From: caller,
      To: OUR_NUMBER,
      Direction: "inbound",
      CallStatus: "ringing",
      SequenceNumber: "0",
    });
    await carrierPost(t, "/twilio/sms", { MessageSid: sid("SM"), From: caller, To: OUR_NUMBER, Body: "Hi" });
    expect(await contacts()).toMatchObject([{ phone: caller, source: "call" }]);
  });
});
