import { newId, schema } from "@poundline/db";
import { EMPTY_TWIML } from "@poundline/domain";
import { LIVE_BATCH_MS, type LiveEvent } from "@poundline/platform/events/live";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type TestUser } from "../fixtures";
import { carrierPost as postAsCarrier } from "./carrier";

const OUR_NUMBER = "+15550001000";
const SENDER = "+15557654321";

let t: TestApp;
let user: TestUser;
let phoneNumberId: string;
let events: LiveEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  phoneNumberId = newId("number");
  await t.db.db
    .insert(schema.phoneNumbers)
    .values({ id: phoneNumberId, accountId: user.accountId, e164: OUR_NUMBER });
  await t.db.db.insert(schema.numberRouting).values({ phoneNumberId, accountId: user.accountId });
  await t.app.deps.routing.reload();
  t.app.deps.live.subscribe(user.accountId, (event) => events.push(event));
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.db.delete(schema.messages);
  await t.db.db.delete(schema.smsOptOuts);
  await t.db.db.delete(schema.jobOutbox);
  await t.db.db.delete(schema.contacts);
  // The previous test's live events are sent within LIVE_BATCH_MS: let them land before counting.
  await new Promise((resolve) => setTimeout(resolve, LIVE_BATCH_MS));
  events = [];
});

const carrierPost = (path: string, params: Record<string, string>) => postAsCarrier(t, path, params);

async function deliver(path: string, params: Record<string, string>) {
  const res = await carrierPost(path, params);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/xml/);
  expect(res.body).toBe(EMPTY_TWIML);
}

let sidCounter = 0;
const newMessageSid = () => `SM${(++sidCounter).toString(16).padStart(32, "0")}`;

function inboundSms(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    MessageSid: newMessageSid(),
    AccountSid: t.app.deps.carrier.accountSid,
    From: SENDER,
    To: OUR_NUMBER,
    Body: "Hello, do you open on Saturdays?",
    NumMedia: "0",
    NumSegments: "1",
    FromState: "CA",
    FromCountry: "US",
    ...overrides,
  };
}

const messageRows = () => t.db.db.select().from(schema.messages);
const contactRows = () => t.db.db.select().from(schema.contacts);
const optOutRows = () => t.db.db.select().from(schema.smsOptOuts);
const chargeRows = () =>
  t.db.db.select().from(schema.jobOutbox).where(eq(schema.jobOutbox.jobName, "charge-sms"));

/** Live events go through Redis when it is configured: wait for them, then a little more for strays. */
async function liveEvents(type: LiveEvent["type"], expected: number) {
  await vi.waitFor(() =>
    expect(events.filter((e) => e.type === type).length).toBeGreaterThanOrEqual(expected),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  return events.filter((e) => e.type === type);
}

describe("POST /twilio/sms", () => {
  it("stores an inbound text, links a new contact and answers empty TwiML", async () => {
    const params = inboundSms();
    await deliver("/twilio/sms", params);

    const [message] = await messageRows();
    const [contact] = await contactRows();
    expect(contact).toMatchObject({
      accountId: user.accountId,
      name: SENDER,
      phone: SENDER,
      source: "text",
      userId: null,
    });
    expect(contact?.lastContacted).toBeInstanceOf(Date);
    expect(message).toMatchObject({
      accountId: user.accountId,
      phoneNumberId,
      contactId: contact?.id,
      messageSid: params.MessageSid,
      direction: "inbound",
      status: "received",
      fromNumber: SENDER,
      toNumber: OUR_NUMBER,
      body: params.Body,
      numSegments: 1,
      numMedia: 0,
      mediaUrls: [],
      userId: null,
    });
    const received = await liveEvents("message.received", 1);
    expect(received).toEqual([
      expect.objectContaining({
        messageSid: params.MessageSid,
        from: SENDER,
        to: OUR_NUMBER,
        body: params.Body,
      }),
    ]);
  });

  it("stores the message once when the carrier delivers it five times", async () => {
    const params = inboundSms({ Body: "STOP" });
    for (let i = 0; i < 5; i++) await deliver("/twilio/sms", params);
    expect(await messageRows()).toHaveLength(1);
    expect(await contactRows()).toHaveLength(1);
    expect(await optOutRows()).toHaveLength(1);
    expect(await liveEvents("message.received", 1)).toHaveLength(1);
  });

  it("stores the message once when five deliveries arrive at the same time", async () => {
    const params = inboundSms();
    const answers = await Promise.all(Array.from({ length: 5 }, () => carrierPost("/twilio/sms", params)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await messageRows()).toHaveLength(1);
    expect(await contactRows()).toHaveLength(1);
    expect(await liveEvents("message.received", 1)).toHaveLength(1);
  });

  it("a duplicate delivery leaves the contact's last contact time alone", async () => {
    const params = inboundSms();
    await deliver("/twilio/sms", params);
    const [before] = await contactRows();
    await t.db.db.update(schema.contacts).set({ lastContacted: new Date("2020-01-01T00:00:00.000Z") });
    await deliver("/twilio/sms", params);
    const [after] = await contactRows();
    expect(after?.id).toBe(before?.id);
    expect(after?.lastContacted?.toISOString()).toBe("2020-01-01T00:00:00.000Z");
  });

  it("links a known sender's contact without renaming it or changing its source", async () => {
    const contactId = newId("contact");
    await t.db.db.insert(schema.contacts).values({
      id: contactId,
      accountId: user.accountId,
      name: "Ada Lovelace",
      phone: SENDER,
      source: "manual",
    });
    await deliver("/twilio/sms", inboundSms());
    const [contact] = await contactRows();
    expect(contact).toMatchObject({ id: contactId, name: "Ada Lovelace", source: "manual" });
    expect(contact?.lastContacted).toBeInstanceOf(Date);
    const [message] = await messageRows();
    expect(message?.contactId).toBe(contactId);
  });

  it("stores the media of an MMS", async () => {
    const params = inboundSms({
      Body: "",
      NumMedia: "2",
      MediaUrl0: "https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1",
      MediaContentType0: "image/jpeg",
      MediaUrl1: "https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME2",
      MediaContentType1: "application/pdf",
    });
    await deliver("/twilio/sms", params);
    const [message] = await messageRows();
    expect(message).toMatchObject({
      body: "",
      numMedia: 2,
      mediaUrls: [params.MediaUrl0, params.MediaUrl1],
    });
  });

  it("stores the carrier's segment count of a long text", async () => {
    await deliver("/twilio/sms", inboundSms({ Body: "x".repeat(300), NumSegments: "2" }));
    const [message] = await messageRows();
    expect(message?.numSegments).toBe(2);
  });

  it("answers empty TwiML and stores nothing for a number no account owns", async () => {
    await deliver("/twilio/sms", inboundSms({ To: "+15550009999", Body: "STOP" }));
    expect(await messageRows()).toHaveLength(0);
    expect(await contactRows()).toHaveLength(0);
    expect(await optOutRows()).toHaveLength(0);
  });
});

describe("opt-out keywords", () => {
  const optOuts = ["STOP", "stop", "StopAll", "UNSUBSCRIBE", " cancel ", "End", "QUIT", "revoke", "OptOut"];
  const optIns = ["START", "unstop", " Yes\n"];
  const informational = ["HELP", "info"];

  async function optedOut() {
    const rows = await t.db.db
      .select()
      .from(schema.smsOptOuts)
      .where(
        and(eq(schema.smsOptOuts.ourNumber, OUR_NUMBER), eq(schema.smsOptOuts.subscriberNumber, SENDER)),
      );
    return rows.length > 0;
  }

  async function optOutDirectly() {
    await t.db.db.insert(schema.smsOptOuts).values({
      id: newId("optOut"),
      accountId: user.accountId,
      ourNumber: OUR_NUMBER,
      subscriberNumber: SENDER,
    });
  }

  it.each(optOuts)("%j opts the sender out of our number", async (body) => {
    await deliver("/twilio/sms", inboundSms({ Body: body }));
    expect(await optedOut()).toBe(true);
    const [row] = await optOutRows();
    expect(row).toMatchObject({ accountId: user.accountId, ourNumber: OUR_NUMBER, subscriberNumber: SENDER });
    // The keyword is a message like any other.
    expect(await messageRows()).toHaveLength(1);
  });

  it.each(optIns)("%j opts the sender back in", async (body) => {
    await optOutDirectly();
    await deliver("/twilio/sms", inboundSms({ Body: body }));
    expect(await optedOut()).toBe(false);
  });

  it.each(informational)("%j changes nothing, opted out or not", async (body) => {
    await deliver("/twilio/sms", inboundSms({ Body: body }));
    expect(await optedOut()).toBe(false);
    await optOutDirectly();
    await deliver("/twilio/sms", inboundSms({ Body: body }));
    expect(await optedOut()).toBe(true);
  });

  it("covers the thirteen keywords", () => {
    const distinct = new Set([...optOuts, ...optIns, ...informational].map((k) => k.trim().toUpperCase()));
    expect(distinct.size).toBe(13);
  });

  it("opting out twice keeps one row", async () => {
    await deliver("/twilio/sms", inboundSms({ Body: "STOP" }));
    await deliver("/twilio/sms", inboundSms({ Body: "stop" }));
    expect(await optOutRows()).toHaveLength(1);
    expect(await messageRows()).toHaveLength(2);
  });

  it("a keyword inside a sentence is not a keyword", async () => {
    await deliver("/twilio/sms", inboundSms({ Body: "Please stop calling me" }));
    expect(await optedOut()).toBe(false);
    await optOutDirectly();
    await deliver("/twilio/sms", inboundSms({ Body: "yes please" }));
    expect(await optedOut()).toBe(true);
  });
});

describe("POST /twilio/sms/status", () => {
  /** An outbound message as POST /api/messages stores it. */
  async function outbound(status: (typeof schema.messages.$inferInsert)["status"] = "queued") {
    const messageSid = newMessageSid();
    await t.db.db.insert(schema.messages).values({
      id: newId("message"),
      accountId: user.accountId,
      phoneNumberId,
      userId: user.id,
      messageSid,
      direction: "outbound",
      fromNumber: OUR_NUMBER,
      toNumber: SENDER,
      body: "Your appointment is confirmed.",
      status,
    });
    return messageSid;
  }

  const report = (messageSid: string, status: string, extra: Record<string, string> = {}) => ({
    MessageSid: messageSid,
    SmsSid: messageSid,
    AccountSid: t.app.deps.carrier.accountSid,
    From: OUR_NUMBER,
    To: SENDER,
    MessageStatus: status,
    SmsStatus: status,
    ApiVersion: "2010-04-01",
    ...extra,
  });

  async function statusOf(messageSid: string) {
    const [row] = await t.db.db
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.messageSid, messageSid));
    return row;
  }

  it.each([
    { sequence: ["sending", "sent", "delivered"], final: "delivered" },
    { sequence: ["delivered", "sent"], final: "delivered" },
    { sequence: ["delivered", "sending", "queued", "accepted"], final: "delivered" },
    { sequence: ["read", "delivered", "sent"], final: "read" },
    { sequence: ["failed"], final: "failed" },
    { sequence: ["sent", "undelivered"], final: "undelivered" },
    { sequence: ["undelivered", "sent", "delivered"], final: "undelivered" },
    { sequence: ["failed", "undelivered"], final: "failed" },
    { sequence: ["delivered", "failed"], final: "delivered" },
    { sequence: ["read", "undelivered"], final: "read" },
    { sequence: ["sent", "receiving", "received", "bogus"], final: "sent" },
  ])("$sequence after queued ends $final", async ({ sequence, final }) => {
    const messageSid = await outbound("queued");
    for (const status of sequence) await deliver("/twilio/sms/status", report(messageSid, status));
    expect((await statusOf(messageSid))?.status).toBe(final);
  });

  it("stores the carrier's error code of a failure", async () => {
    const messageSid = await outbound("sent");
    await deliver("/twilio/sms/status", report(messageSid, "undelivered", { ErrorCode: "30003" }));
    expect(await statusOf(messageSid)).toMatchObject({ status: "undelivered", errorCode: 30003 });
  });

  it("hands one charge to billing however often sent and delivered arrive", async () => {
    const messageSid = await outbound("queued");
    for (let i = 0; i < 3; i++) {
      await deliver("/twilio/sms/status", report(messageSid, "sent"));
      await deliver("/twilio/sms/status", report(messageSid, "delivered"));
    }
    await Promise.all(
      ["sent", "delivered", "sent", "delivered", "read"].map((s) =>
        carrierPost("/twilio/sms/status", report(messageSid, s)),
      ),
    );
    const charges = await chargeRows();
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      queue: "billing",
      jobName: "charge-sms",
      jobId: `charge-sms:${messageSid}`,
      payload: { messageSid },
      relayedAt: null,
    });
  });

  it("charges once when concurrent reports race from queued", async () => {
    const messageSid = await outbound("queued");
    const answers = await Promise.all(
      ["sent", "delivered", "sent", "delivered"].map((s) =>
        carrierPost("/twilio/sms/status", report(messageSid, s)),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await statusOf(messageSid))?.status).toBe("delivered");
    expect(await chargeRows()).toHaveLength(1);
  });

  it("charges a message delivered straight from queued", async () => {
    const messageSid = await outbound("queued");
    await deliver("/twilio/sms/status", report(messageSid, "delivered"));
    expect(await chargeRows()).toHaveLength(1);
  });

  it("does not charge a message that failed before it was sent", async () => {
    const messageSid = await outbound("queued");
    await deliver("/twilio/sms/status", report(messageSid, "failed"));
    await deliver("/twilio/sms/status", report(messageSid, "sent"));
    expect(await chargeRows()).toHaveLength(0);
  });

  it("publishes message.status only when the status moved", async () => {
    const messageSid = await outbound("queued");
    await deliver("/twilio/sms/status", report(messageSid, "delivered"));
    await deliver("/twilio/sms/status", report(messageSid, "delivered"));
    await deliver("/twilio/sms/status", report(messageSid, "sent"));
    const published = await liveEvents("message.status", 1);
    expect(published).toEqual([
      expect.objectContaining({ type: "message.status", messageSid, status: "delivered" }),
    ]);
  });

  it("ignores reports for inbound messages and unknown sids", async () => {
    const params = inboundSms();
    await deliver("/twilio/sms", params);
    await deliver("/twilio/sms/status", report(params.MessageSid as string, "failed"));
    expect((await statusOf(params.MessageSid as string))?.status).toBe("received");
    await deliver("/twilio/sms/status", report(newMessageSid(), "delivered"));
    expect(await chargeRows()).toHaveLength(0);
  });
});
