import { newId, schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { EMPTY_TWIML } from "@poundline/domain";
import type { EventBus } from "@poundline/platform/events/bus";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { carrierPost } from "./carrier";

/**
 * A webhook answer never waits on a live event: with Redis down, publishing fails or hangs, and
 * the carrier must still get its answer for rows that are committed (a 500 would make it deliver
 * the text again, a hang would time it out).
 */

const OUR_NUMBER = "+13055550100";
const CALLER = "+13055551234";

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
  vi.restoreAllMocks();
  await t.db.db.delete(schema.voicemails);
  await t.db.db.delete(schema.callLogs);
  await t.db.db.delete(schema.messages);
  await t.db.db.delete(schema.jobOutbox);
});

let n = 0;
const sid = (prefix: string) => `${prefix}${(++n).toString(16).padStart(32, "0")}`;

const publishers: [string, EventBus["publish"]][] = [
  ["rejects", () => Promise.reject(new Error("Connection is closed."))],
  ["never settles", () => new Promise<void>(() => {})],
  [
    "throws at once",
    () => {
      throw new Error("Stream isn't writeable and enableOfflineQueue options is false");
    },
  ],
];

describe.each(publishers)("while the live-event publish %s", (_label, publish) => {
  let attempts: unknown[];
  beforeEach(() => {
    attempts = [];
    // Webhooks post their live events, sent together after the turn of the event loop.
    vi.spyOn(t.app.deps.bus, "publishMany").mockImplementation((messages) => {
      for (const [channel, message] of messages) attempts.push({ channel, message });
      const [first] = messages;
      return publish(first?.[0] ?? "", first?.[1]);
    });
  });

  it("an incoming text is answered, stored once, and its event was tried", async () => {
    const params = {
      MessageSid: sid("SM"),
      From: CALLER,
      To: OUR_NUMBER,
      Body: "Are you open?",
      NumMedia: "0",
    };
    const res = await carrierPost(t, "/twilio/sms", params);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(EMPTY_TWIML);
    expect(await t.db.db.select().from(schema.messages)).toMatchObject([{ messageSid: params.MessageSid }]);
    await vi.waitFor(() => expect(attempts).toHaveLength(1));
    expect(attempts[0]).toMatchObject({
      channel: `live:${accountId}`,
      message: { type: "message.received" },
    });
  });

  it("a delivery report is answered and applied", async () => {
    const messageSid = sid("SM");
    await t.db.db.insert(schema.messages).values({
      id: newId("message"),
      accountId,
      messageSid,
      direction: "outbound",
      fromNumber: OUR_NUMBER,
      toNumber: CALLER,
      body: "Your appointment is at 3",
      status: "queued",
    });
    const res = await carrierPost(t, "/twilio/sms/status", { MessageSid: messageSid, MessageStatus: "sent" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.db.select().from(schema.messages)).toMatchObject([{ status: "sent" }]);
    await vi.waitFor(() => expect(attempts).toHaveLength(1));
  });

  it("a recording is answered and its voicemail stored", async () => {
    const query = new URLSearchParams({ a: accountId, fr: CALLER, to: OUR_NUMBER });
    const res = await carrierPost(t, `/twilio/recording?${query}`, {
      CallSid: sid("CA"),
      RecordingSid: sid("RE"),
      RecordingUrl: "https://api.twilio.com/2010-04-01/Accounts/AC0/Recordings/RE1",
      RecordingStatus: "completed",
      RecordingDuration: "9",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.db.select().from(schema.voicemails)).toHaveLength(1);
    await vi.waitFor(() => expect(attempts).toHaveLength(1));
  });

  it("an incoming call is answered and its ringing event was tried", async () => {
    const res = await carrierPost(t, "/twilio/voice", { CallSid: sid("CA"), From: CALLER, To: OUR_NUMBER });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain("<Record");
    await vi.waitFor(() => expect(attempts).toHaveLength(1));
    expect(attempts[0]).toMatchObject({
      channel: `live:${accountId}`,
      message: { type: "call.updated", status: "ringing", direction: "inbound" },
    });
  });

  it("call progress is answered and stored", async () => {
    const res = await carrierPost(t, "/twilio/voice/status", {
      CallSid: sid("CA"),
      From: CALLER,
      To: OUR_NUMBER,
      Direction: "inbound",
      CallStatus: "ringing",
      SequenceNumber: "1",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.db.select().from(schema.callLogs)).toHaveLength(1);
    await vi.waitFor(() => expect(attempts).toHaveLength(1));
  });
});
