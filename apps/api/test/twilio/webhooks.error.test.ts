import { schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { EMPTY_TWIML } from "@poundline/domain";
import { MAX_DURATION_SECONDS, MAX_INT32, MAX_MEDIA } from "@poundline/modules/carrier/carrier-params";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { carrierPost, formOf, signedPost } from "./carrier";

/**
 * Odd but correctly signed webhooks: each is answered 4xx (refused, nothing written) or 2xx
 * (written once, values clamped), never 500 — a 500 makes the carrier retry a poison event forever.
 */

const OUR_NUMBER = "+13055550100";
const GONE_NUMBER = "+13055550199";
const CALLER = "+13055551234";
const NOW = new Date("2026-11-23T15:00:00Z");

let t: TestApp;
let ids: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  ids = await insertRoutingConfig(t.db.db, {
    accounts: [
      { key: "law", status: "active", walletCents: 1000 },
      { key: "gone", status: "active", walletCents: 1000 },
    ],
    numbers: [
      { key: "line", account: "law", e164: OUR_NUMBER, routing: { open: { type: "voicemail" } } },
      { key: "goneLine", account: "gone", e164: GONE_NUMBER, routing: { open: { type: "voicemail" } } },
    ],
  });
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

let sid = 0;
const nextSid = (prefix: string) => `${prefix}${(++sid).toString(16).padStart(32, "0")}`;

const callStatus = (extra: Record<string, string> = {}) => ({
  AccountSid: "AC0",
  CallSid: nextSid("CA"),
  From: CALLER,
  To: OUR_NUMBER,
  Direction: "inbound",
  CallStatus: "completed",
  SequenceNumber: "3",
  CallDuration: "65",
  Timestamp: "Mon, 23 Nov 2026 15:00:00 +0000",
  ...extra,
});

const inboundText = (extra: Record<string, string> = {}) => ({
  AccountSid: "AC0",
  MessageSid: nextSid("SM"),
  From: CALLER,
  To: OUR_NUMBER,
  Body: "Hello",
  NumMedia: "0",
  NumSegments: "1",
  ...extra,
});

const recording = (extra: Record<string, string> = {}) => ({
  AccountSid: "AC0",
  CallSid: nextSid("CA"),
  RecordingSid: nextSid("RE"),
  RecordingUrl: "https://api.twilio.com/2010-04-01/Accounts/AC0/Recordings/RE1",
  RecordingStatus: "completed",
  RecordingDuration: "12",
  ...extra,
});
const recordingPath = (accountKey: string) =>
  `/twilio/recording?${new URLSearchParams({ a: ids.get(accountKey) ?? "", fr: CALLER, to: OUR_NUMBER })}`;

const callLogs = () => t.db.db.select().from(schema.callLogs);
const messages = () => t.db.db.select().from(schema.messages);

async function expectTwiml(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).toBe(EMPTY_TWIML);
}

describe("a repeated parameter", () => {
  // Out of sorted order on purpose: the twilio package sorts a repeated name's values.
  const fields: [string, string][] = [
    ...Object.entries(callStatus()).filter(([name]) => name !== "CallStatus"),
    ["CallStatus", "ringing"],
    ["CallStatus", "completed"],
  ];
  const signed = () => {
    const params: Record<string, string | string[]> = Object.fromEntries(fields);
    params.CallStatus = ["ringing", "completed"];
    return params;
  };

  it("signed as the twilio package signs it, is refused with 400 naming it, and writes nothing", async () => {
    const res = await signedPost(t, "/twilio/voice/status", signed(), formOf(fields));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: "BAD_REQUEST", fields: { CallStatus: ["Must be given once."] } },
    });
    expect(await callLogs()).toEqual([]);
  });

  it("the same value twice counts once in the signature, as in the twilio package", async () => {
    const twice: [string, string][] = [...Object.entries(inboundText()), ["Body", "Hello"]];
    const params: Record<string, string | string[]> = Object.fromEntries(twice);
    params.Body = ["Hello", "Hello"];
    const res = await signedPost(t, "/twilio/sms", params, formOf(twice));
    expect(res.statusCode, res.body).toBe(400);
    expect(await messages()).toEqual([]);
  });

  it("signed over one of its values only, is refused with 403", async () => {
    const res = await signedPost(t, "/twilio/voice/status", Object.fromEntries(fields), formOf(fields));
    expect(res.statusCode).toBe(403);
  });

  it("in the query string of a URL we gave the carrier, is refused with 400", async () => {
    const path = `${recordingPath("law")}&fr=${encodeURIComponent("+13055550000")}`;
    const res = await carrierPost(t, path, recording());
    expect(res.statusCode, res.body).toBe(400);
    expect(await t.db.db.select().from(schema.voicemails)).toEqual([]);
  });
});

describe("bodies that are not a form", () => {
  it.each([
    ["a JSON body", "application/json", JSON.stringify({ ...inboundText(), Body: { text: "hi" } })],
    ["a JSON array", "application/json", "[1,2,3]"],
    ["plain text", "text/plain", "Body=Hello"],
    ["an XML body", "application/xml", "<Body>Hello</Body>"],
  ])("%s is refused with 415 and writes nothing", async (_label, contentType, payload) => {
    const res = await signedPost(t, "/twilio/sms", {}, { contentType, payload });
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toMatchObject({ error: { code: "UNSUPPORTED_MEDIA_TYPE" } });
    expect(await messages()).toEqual([]);
  });

  it("a JSON body signed over its parameters is refused too", async () => {
    const params = inboundText();
    const res = await signedPost(t, "/twilio/sms", params, {
      contentType: "application/json",
      payload: JSON.stringify(params),
    });
    expect(res.statusCode).toBe(415);
    expect(await messages()).toEqual([]);
  });
});

describe("control characters", () => {
  it("are dropped from an incoming text, which is stored once", async () => {
    const params = inboundText({ Body: "Hel\u0000lo\u0007 there\nsecond line\u001b" });
    await expectTwiml(await carrierPost(t, "/twilio/sms", params));
    await expectTwiml(await carrierPost(t, "/twilio/sms", params));
    expect(await messages()).toMatchObject([{ body: "Hello there\nsecond line" }]);
  });

  it("are dropped from call progress, caller name included", async () => {
    const params = callStatus({ CallerName: "Ann\u0000 Lee", FromCity: "MIAMI\u0000" });
    await expectTwiml(await carrierPost(t, "/twilio/voice/status", params));
    expect(await callLogs()).toMatchObject([{ fromCity: "MIAMI", callStatus: "completed" }]);
    expect(await t.db.db.select().from(schema.contacts)).toMatchObject([{ name: "Ann Lee", phone: CALLER }]);
  });

  it("are dropped from a transcription", async () => {
    const params = recording();
    await expectTwiml(await carrierPost(t, recordingPath("law"), params));
    const res = await carrierPost(t, `/twilio/recording/transcription?a=${ids.get("law")}`, {
      RecordingSid: params.RecordingSid,
      TranscriptionStatus: "completed",
      TranscriptionText: "Call me\u0000 back",
    });
    await expectTwiml(res);
    const [voicemail] = await t.db.db.select().from(schema.voicemails);
    expect(voicemail?.transcription).toBe("Call me back");
  });

  it("in the incoming call's parameters still get an answer", async () => {
    const res = await carrierPost(t, "/twilio/voice", {
      CallSid: nextSid("CA"),
      From: `${CALLER}\u0000`,
      To: OUR_NUMBER,
      CallerName: "\u0001\u0002",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain("<Record");
  });
});

describe("numbers beyond the columns", () => {
  it("a SequenceNumber above 2^31 is clamped and stored, once", async () => {
    const params = callStatus({ SequenceNumber: String(2 ** 32 + 5) });
    await expectTwiml(await carrierPost(t, "/twilio/voice/status", params));
    await expectTwiml(await carrierPost(t, "/twilio/voice/status", params));
    expect(await callLogs()).toMatchObject([{ lastSequenceNumber: MAX_INT32, callStatus: "completed" }]);
  });

  it.each([
    ["above 2^31", String(2 ** 31 + 1)],
    ["of 400 digits", "9".repeat(400)],
  ])("a CallDuration %s is clamped to a day", async (_label, duration) => {
    await expectTwiml(await carrierPost(t, "/twilio/voice/status", callStatus({ CallDuration: duration })));
    const [log] = await callLogs();
    expect(log?.durationSeconds).toBe(MAX_DURATION_SECONDS);
    expect(log?.callStartTime).toEqual(new Date(Date.UTC(2026, 10, 22, 15, 0, 0)));
  });

  it.each([
    ["negative", "-5"],
    ["not a number", "abc"],
    ["a fraction", "12.5"],
  ])("a CallDuration %s reads as no duration", async (_label, duration) => {
    await expectTwiml(await carrierPost(t, "/twilio/voice/status", callStatus({ CallDuration: duration })));
    expect(await callLogs()).toMatchObject([{ durationSeconds: 0 }]);
  });

  it("a RecordingDuration above 2^31 is clamped to a day", async () => {
    await expectTwiml(
      await carrierPost(t, recordingPath("law"), recording({ RecordingDuration: String(2 ** 40) })),
    );
    expect(await t.db.db.select().from(schema.voicemails)).toMatchObject([
      { durationSeconds: MAX_DURATION_SECONDS },
    ]);
  });

  it("NumSegments above 2^31 and an ErrorCode above 2^31 are clamped", async () => {
    await expectTwiml(await carrierPost(t, "/twilio/sms", inboundText({ NumSegments: String(2 ** 33) })));
    expect((await messages())[0]?.numSegments).toBeLessThanOrEqual(MAX_INT32);
    const res = await carrierPost(t, "/twilio/sms/status", {
      MessageSid: nextSid("SM"),
      MessageStatus: "failed",
      ErrorCode: String(2 ** 33),
    });
    await expectTwiml(res);
  });

  it("NumMedia of ten million reads at most ten media, at once", async () => {
    const media = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`MediaUrl${i}`, `https://media.example/${i}`]),
    );
    const started = performance.now();
    const res = await carrierPost(t, "/twilio/sms", inboundText({ NumMedia: "10000000", ...media }));
    await expectTwiml(res);
    expect(performance.now() - started).toBeLessThan(5000);
    const [message] = await messages();
    expect(message?.numMedia).toBe(MAX_MEDIA);
    expect(message?.mediaUrls).toHaveLength(MAX_MEDIA);
  });
});

describe("timestamps", () => {
  it.each([
    ["of year 0", "0000-01-01T00:00:00Z"],
    ["of year 0 as the carrier writes dates", "Sat, 01 Jan 0000 00:00:00 +0000"],
    ["far in the future", "+275760-09-13T00:00:00Z"],
    ["unreadable", "yesterday-ish"],
  ])("one %s is not read: the clock stands in", async (_label, timestamp) => {
    await expectTwiml(await carrierPost(t, "/twilio/voice/status", callStatus({ Timestamp: timestamp })));
    const [log] = await callLogs();
    expect(log?.endedAt).toEqual(NOW);
  });
});

describe("an account that no longer exists (deleted, the routing tables not reloaded yet)", () => {
  beforeAll(async () => {
    await t.db.db.delete(schema.accounts).where(eq(schema.accounts.id, ids.get("gone") ?? ""));
  });

  it("call progress is answered and stores nothing, however often it comes", async () => {
    const params = callStatus({ To: GONE_NUMBER });
    await expectTwiml(await carrierPost(t, "/twilio/voice/status", params));
    await expectTwiml(await carrierPost(t, "/twilio/voice/status", params));
    expect(await callLogs()).toEqual([]);
    expect(await t.db.db.select().from(schema.jobOutbox)).toEqual([]);
  });

  it("an incoming text is answered and stores nothing", async () => {
    await expectTwiml(await carrierPost(t, "/twilio/sms", inboundText({ To: GONE_NUMBER })));
    expect(await messages()).toEqual([]);
  });

  it("a recording is answered and stores nothing", async () => {
    await expectTwiml(await carrierPost(t, recordingPath("gone"), recording()));
    expect(await t.db.db.select().from(schema.voicemails)).toEqual([]);
  });

  it("the incoming call is answered from memory", async () => {
    const res = await carrierPost(t, "/twilio/voice", {
      CallSid: nextSid("CA"),
      From: CALLER,
      To: GONE_NUMBER,
    });
    expect(res.statusCode).toBe(200);
  });
});
