import {
  LOW_BALANCE_MESSAGE,
  type MessageJson,
  type MessageListJson,
  NUMBER_NOT_FOUND_MESSAGE,
  OPTED_OUT_MESSAGE,
} from "@poundline/contracts/messages/schemas";
import { newId, schema } from "@poundline/db";
import { CarrierError } from "@poundline/platform/carrier/client";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { fakeCarrier } from "./fake-carrier";

/** A clock that moves one second per reading, so "newest first" is never a tie. */
let now = Date.parse("2025-03-01T12:00:00.000Z");
const clock = () => {
  now += 1000;
  return new Date(now);
};

const OUR_NUMBER = "+15550002000";
const OTHER_NUMBER = "+15550003000";
const RECIPIENT = "+15557654321";

const carrier = fakeCarrier();
let t: TestApp;
let user: TestUser;
let session: SignedIn;
let other: TestUser;
let otherSession: SignedIn;
let phoneNumberId: string;

async function addNumber(accountId: string, e164: string) {
  const id = newId("number");
  await t.db.db.insert(schema.phoneNumbers).values({ id, accountId, e164 });
  await t.db.db.insert(schema.numberRouting).values({ phoneNumberId: id, accountId });
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ clock, carrierClient: carrier.client });
  user = await createUser(t);
  session = await signIn(t, user);
  other = await createUser(t);
  otherSession = await signIn(t, other);
  phoneNumberId = await addNumber(user.accountId, OUR_NUMBER);
  // This business texts the UK too (the destination policy allows only its own country by default).
  await t.db.db
    .update(schema.accounts)
    .set({ allowedCountries: ["US", "GB"] })
    .where(eq(schema.accounts.id, user.accountId));
  await addNumber(other.accountId, OTHER_NUMBER);
  await t.app.deps.routing.reload();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.db.delete(schema.messages);
  await t.db.db.delete(schema.smsOptOuts);
  await t.db.db.delete(schema.contacts);
  await t.db.db.delete(schema.wallets);
  // Texts are prepaid: the sender's wallet pays for them unless a test says otherwise.
  await setWallet(user.accountId, 1000);
  await t.db.db.delete(schema.jobOutbox);
  carrier.sent.length = 0;
  carrier.failNext(null);
  carrier.answersWith("queued");
  carrier.movesOn({ status: "queued", errorCode: null });
  carrier.whenSending(null);
});

interface ErrorJson {
  error: { code: string; message: string; requestId: string; fields?: Record<string, string[]> };
}

function send(payload: unknown, as: SignedIn | null = session) {
  return t.app.inject({
    method: "POST",
    url: "/api/messages",
    headers: as ? as.headers : { origin: "http://localhost:3000" },
    payload: payload as Record<string, unknown>,
  });
}

async function sent(payload: Record<string, unknown>) {
  const res = await send(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<MessageJson>();
}

async function list(query = "", as: SignedIn = session) {
  const res = await t.app.inject({ method: "GET", url: `/api/messages${query}`, headers: as.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MessageListJson>();
}

const messageRows = () => t.db.db.select().from(schema.messages);

async function setWallet(accountId: string, balanceCents: number) {
  await t.db.db
    .insert(schema.wallets)
    .values({ id: newId("wallet"), accountId, balanceCents })
    .onConflictDoUpdate({ target: schema.wallets.accountId, set: { balanceCents } });
}

describe("POST /api/messages", () => {
  it("sends through the carrier and stores the outbound message", async () => {
    const message = await sent({ from: OUR_NUMBER, to: RECIPIENT, body: "Your appointment is confirmed." });

    expect(carrier.sent).toEqual([
      {
        from: OUR_NUMBER,
        to: RECIPIENT,
        body: "Your appointment is confirmed.",
        statusCallback: `${t.app.deps.carrier.webhookBaseUrl}/twilio/sms/status`,
      },
    ]);
    const [row] = await messageRows();
    const [contact] = await t.db.db.select().from(schema.contacts);
    expect(contact).toMatchObject({
      accountId: user.accountId,
      phone: RECIPIENT,
      name: RECIPIENT,
      source: "text",
    });
    expect(row).toMatchObject({
      id: message.id,
      accountId: user.accountId,
      userId: user.id,
      phoneNumberId,
      contactId: contact?.id,
      direction: "outbound",
      status: "queued",
      fromNumber: OUR_NUMBER,
      toNumber: RECIPIENT,
      body: "Your appointment is confirmed.",
      numSegments: 1,
      numMedia: 0,
    });
    expect(row?.messageSid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(message).toMatchObject({
      messageSid: row?.messageSid,
      direction: "outbound",
      status: "queued",
      contactId: contact?.id,
      sentAt: row?.sentAt.toISOString(),
    });
    expect(message.id).toMatch(/^msg_/);
  });

  it.each([
    ["(555) 765-4321", RECIPIENT],
    ["555-765-4321", RECIPIENT],
    ["1 555 765 4321", RECIPIENT],
    ["+1 (555) 765-4321", RECIPIENT],
    ["+44 20 7946 0958", "+442079460958"],
    ["011 44 20 7946 0958", "+442079460958"],
  ])("sends to a recipient typed as %j, in E.164 (%s)", async (typed, e164) => {
    const message = await sent({ from: OUR_NUMBER, to: typed, body: "Hi" });
    expect(message.toNumber).toBe(e164);
    expect(carrier.sent.map((m) => m.to)).toEqual([e164]);
    expect((await messageRows()).map((m) => m.toNumber)).toEqual([e164]);
  });

  it.each([
    { label: "160 GSM characters", body: "a".repeat(160), segments: 1 },
    { label: "161 GSM characters", body: "a".repeat(161), segments: 2 },
    { label: "70 UCS-2 characters", body: "é".repeat(10) + "✓".repeat(60), segments: 1 },
    { label: "71 UCS-2 characters", body: "✓".repeat(71), segments: 2 },
    { label: "1600 GSM characters", body: "b".repeat(1600), segments: 11 },
  ])("counts the segments of $label", async ({ body, segments }) => {
    const message = await sent({ from: OUR_NUMBER, to: RECIPIENT, body });
    expect(message.numSegments).toBe(segments);
    const [row] = await messageRows();
    expect(row?.numSegments).toBe(segments);
  });

  it("keeps an existing contact's name and source", async () => {
    const contactId = newId("contact");
    await t.db.db.insert(schema.contacts).values({
      id: contactId,
      accountId: user.accountId,
      name: "Grace Hopper",
      phone: RECIPIENT,
      source: "manual",
    });
    const message = await sent({ from: OUR_NUMBER, to: RECIPIENT, body: "Hi Grace" });
    expect(message.contactId).toBe(contactId);
    const [contact] = await t.db.db.select().from(schema.contacts);
    expect(contact).toMatchObject({ name: "Grace Hopper", source: "manual" });
    expect(contact?.lastContacted).toBeInstanceOf(Date);
  });

  it("applies the carrier's current status when its reports arrived before the row was stored", async () => {
    carrier.movesOn({ status: "delivered", errorCode: null });
    const message = await sent({ from: OUR_NUMBER, to: RECIPIENT, body: "Quick one" });
    expect(message.status).toBe("delivered");
    const [row] = await messageRows();
    expect(row?.status).toBe("delivered");
    const charges = await t.db.db.select().from(schema.jobOutbox);
    expect(charges).toEqual([
      expect.objectContaining({
        queue: "billing",
        jobName: "charge-sms",
        jobId: `charge-sms:${message.messageSid}`,
        payload: { messageSid: message.messageSid },
      }),
    ]);
  });

  it("charges once a message the carrier answers as already delivered", async () => {
    carrier.answersWith("delivered");
    carrier.movesOn({ status: "delivered", errorCode: null });
    const message = await sent({ from: OUR_NUMBER, to: RECIPIENT, body: "Quick one" });
    expect(message.status).toBe("delivered");
    expect(await t.db.db.select().from(schema.jobOutbox)).toHaveLength(1);
  });

  it("stores a failure the carrier reported before the row was stored, without a charge", async () => {
    carrier.movesOn({ status: "failed", errorCode: 30008 });
    const message = await sent({ from: OUR_NUMBER, to: RECIPIENT, body: "Quick one" });
    expect(message).toMatchObject({ status: "failed", errorCode: 30008 });
    expect((await messageRows())[0]).toMatchObject({ status: "failed", errorCode: 30008 });
    expect(await t.db.db.select().from(schema.jobOutbox)).toEqual([]);
  });

  it("charges once for a text the carrier sent on but the handset never got (undelivered)", async () => {
    carrier.movesOn({ status: "undelivered", errorCode: 30003 });
    const message = await sent({ from: OUR_NUMBER, to: RECIPIENT, body: "Quick one" });
    expect(message).toMatchObject({ status: "undelivered", errorCode: 30003 });
    const jobs = await t.db.db.select().from(schema.jobOutbox);
    expect(jobs.map((j) => j.jobId)).toEqual([`charge-sms:${message.messageSid}`]);
  });

  it("still answers 201 when the carrier cannot be asked for the status afterwards", async () => {
    carrier.movesOn(new CarrierError("Service unavailable", 503, null));
    const message = await sent({ from: OUR_NUMBER, to: RECIPIENT, body: "Quick one" });
    expect(message.status).toBe("queued");
    expect(await messageRows()).toHaveLength(1);
  });

  it("refuses a recipient who opted out of the number, and sends nothing", async () => {
    await t.db.db.insert(schema.smsOptOuts).values({
      id: newId("optOut"),
      accountId: user.accountId,
      ourNumber: OUR_NUMBER,
      subscriberNumber: RECIPIENT,
    });
    const res = await send({ from: OUR_NUMBER, to: RECIPIENT, body: "Are you there?" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorJson>().error).toMatchObject({ code: "BAD_REQUEST", message: OPTED_OUT_MESSAGE });
    expect(carrier.sent).toEqual([]);
    expect(await messageRows()).toEqual([]);
  });

  it("sends to the same recipient once they opted back in", async () => {
    await t.db.db.insert(schema.smsOptOuts).values({
      id: newId("optOut"),
      accountId: user.accountId,
      ourNumber: OUR_NUMBER,
      subscriberNumber: RECIPIENT,
    });
    await t.db.db
      .delete(schema.smsOptOuts)
      .where(
        and(eq(schema.smsOptOuts.ourNumber, OUR_NUMBER), eq(schema.smsOptOuts.subscriberNumber, RECIPIENT)),
      );
    await sent({ from: OUR_NUMBER, to: RECIPIENT, body: "Welcome back" });
    expect(carrier.sent).toHaveLength(1);
  });

  it("records the opt-out when the carrier reports an unsubscribed recipient", async () => {
    carrier.failNext(new CarrierError("Attempt to send to unsubscribed recipient", 400, 21610));
    const res = await send({ from: OUR_NUMBER, to: RECIPIENT, body: "Hello" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorJson>().error.message).toBe(OPTED_OUT_MESSAGE);
    expect(await t.db.db.select().from(schema.smsOptOuts)).toEqual([
      expect.objectContaining({
        accountId: user.accountId,
        ourNumber: OUR_NUMBER,
        subscriberNumber: RECIPIENT,
      }),
    ]);
    // Recorded before it was handed over: the attempt stays, failed with the carrier's code.
    expect(await messageRows()).toEqual([expect.objectContaining({ status: "failed", errorCode: 21610 })]);
  });

  it("answers 400 with the carrier's reason when it refuses the message", async () => {
    carrier.failNext(
      new CarrierError("The 'To' number +15557654321 is not a valid phone number.", 400, 21211),
    );
    const res = await send({ from: OUR_NUMBER, to: RECIPIENT, body: "Hello" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorJson>().error.message).toBe(
      "The carrier refused the message: The 'To' number +15557654321 is not a valid phone number.",
    );
    expect(await messageRows()).toEqual([expect.objectContaining({ status: "failed", errorCode: 21211 })]);
  });

  it("answers 500 without internals when the carrier fails", async () => {
    carrier.failNext(new CarrierError("Service unavailable at carrier-internal-host-42", 503, null));
    const res = await send({ from: OUR_NUMBER, to: RECIPIENT, body: "Hello" });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("carrier-internal-host-42");
    expect(await messageRows()).toEqual([expect.objectContaining({ status: "failed", errorCode: null })]);
  });

  it.each([
    ["at zero", 0],
    ["overdrawn", -40],
  ])("refuses when the wallet is %s, and sends nothing", async (_n, balance) => {
    await setWallet(user.accountId, balance);
    const res = await send({ from: OUR_NUMBER, to: RECIPIENT, body: "Hello" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorJson>().error).toMatchObject({ code: "BAD_REQUEST", message: LOW_BALANCE_MESSAGE });
    expect(carrier.sent).toEqual([]);
    expect(await messageRows()).toEqual([]);
  });

  it("refuses without a wallet: nothing prepaid, nothing sent", async () => {
    await t.db.db.delete(schema.wallets);
    const res = await send({ from: OUR_NUMBER, to: RECIPIENT, body: "Hello" });
    expect(res.json<ErrorJson>().error).toMatchObject({ code: "BAD_REQUEST", message: LOW_BALANCE_MESSAGE });
    expect(carrier.sent).toEqual([]);
  });

  it("refuses a text abroad the wallet cannot pay the first segment of (7¢ to the UK)", async () => {
    await setWallet(user.accountId, 6);
    const res = await send({ from: OUR_NUMBER, to: "+442079460958", body: "Hello" });
    expect(res.json<ErrorJson>().error).toMatchObject({ message: LOW_BALANCE_MESSAGE });
    expect(carrier.sent).toEqual([]);
    await setWallet(user.accountId, 7);
    await sent({ from: OUR_NUMBER, to: "+442079460958", body: "Hello" });
  });

  it("sends when the wallet pays the first segment", async () => {
    await setWallet(user.accountId, 1);
    await sent({ from: OUR_NUMBER, to: RECIPIENT, body: "Hello" });
    expect(carrier.sent).toHaveLength(1);
  });

  it("refuses a number that cannot send texts", async () => {
    await t.db.db
      .update(schema.phoneNumbers)
      .set({ smsEnabled: false })
      .where(eq(schema.phoneNumbers.id, phoneNumberId));
    try {
      const res = await send({ from: OUR_NUMBER, to: RECIPIENT, body: "Hello" });
      expect(res.statusCode, res.body).toBe(400);
      expect(carrier.sent).toEqual([]);
    } finally {
      await t.db.db
        .update(schema.phoneNumbers)
        .set({ smsEnabled: true })
        .where(eq(schema.phoneNumbers.id, phoneNumberId));
    }
  });
});

describe("POST /api/messages security", () => {
  it.each([
    { label: "another account's number", from: OTHER_NUMBER },
    { label: "a number nobody owns", from: "+15550009999" },
  ])("answers 404 for $label and sends nothing", async ({ from }) => {
    const res = await send({ from, to: RECIPIENT, body: "Hello" });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json<ErrorJson>().error).toMatchObject({
      code: "NOT_FOUND",
      message: NUMBER_NOT_FOUND_MESSAGE,
    });
    expect(carrier.sent).toEqual([]);
    expect(await messageRows()).toEqual([]);
  });

  it("answers 401 to an anonymous caller", async () => {
    const res = await send({ from: OUR_NUMBER, to: RECIPIENT, body: "Hello" }, null);
    expect(res.statusCode).toBe(401);
    expect(carrier.sent).toEqual([]);
  });

  it("GET answers 401 to an anonymous caller", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/messages" });
    expect(res.statusCode).toBe(401);
  });

  it("another account's opt-out of its own number does not block ours", async () => {
    await t.db.db.insert(schema.smsOptOuts).values({
      id: newId("optOut"),
      accountId: other.accountId,
      ourNumber: OTHER_NUMBER,
      subscriberNumber: RECIPIENT,
    });
    await sent({ from: OUR_NUMBER, to: RECIPIENT, body: "Hello" });
  });
});

describe.each([
  { label: "no from", body: { to: RECIPIENT, body: "Hi" }, field: "body.from" },
  {
    label: "a from not in E.164",
    body: { from: "555-000-2000", to: RECIPIENT, body: "Hi" },
    field: "body.from",
  },
  { label: "no to", body: { from: OUR_NUMBER, body: "Hi" }, field: "body.to" },
  {
    label: "a to too short to be a number",
    body: { from: OUR_NUMBER, to: "555-4321", body: "Hi" },
    field: "body.to",
  },
  {
    label: "a to with an extension",
    body: { from: OUR_NUMBER, to: "555-765-4321 x12", body: "Hi" },
    field: "body.to",
  },
  { label: "a to in letters", body: { from: OUR_NUMBER, to: "1-800-FLOWERS", body: "Hi" }, field: "body.to" },
  {
    label: "a to that is a number",
    body: { from: OUR_NUMBER, to: 15557654321, body: "Hi" },
    field: "body.to",
  },
  { label: "no body", body: { from: OUR_NUMBER, to: RECIPIENT }, field: "body.body" },
  { label: "an empty body", body: { from: OUR_NUMBER, to: RECIPIENT, body: "" }, field: "body.body" },
  { label: "a blank body", body: { from: OUR_NUMBER, to: RECIPIENT, body: "  \n " }, field: "body.body" },
  {
    label: "a body over 1600 characters",
    body: { from: OUR_NUMBER, to: RECIPIENT, body: "x".repeat(1601) },
    field: "body.body",
  },
])("POST /api/messages with $label", ({ body, field }) => {
  it("answers 400 with the field's error and sends nothing", async () => {
    const res = await send(body);
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json<ErrorJson>();
    expect(error.code).toBe("BAD_REQUEST");
    expect(Object.keys(error.fields ?? {})).toContain(field);
    expect(carrier.sent).toEqual([]);
    expect(await messageRows()).toEqual([]);
  });
});

describe("GET /api/messages", () => {
  async function inbound(from: string, body: string, accountId = user.accountId, to = OUR_NUMBER) {
    const id = newId("message");
    await t.db.db.insert(schema.messages).values({
      id,
      accountId,
      messageSid: `SM${crypto.randomUUID().replaceAll("-", "")}`,
      direction: "inbound",
      fromNumber: from,
      toNumber: to,
      body,
      status: "received",
      sentAt: clock(),
    });
    return id;
  }

  it("lists the account's messages newest first, with paging", async () => {
    const first = await inbound(RECIPIENT, "first");
    const second = await sent({ from: OUR_NUMBER, to: RECIPIENT, body: "second" });
    const third = await inbound("+15551112222", "third");
    await inbound(RECIPIENT, "not ours", other.accountId, OTHER_NUMBER);

    const page = await list();
    expect(page).toMatchObject({ total: 3, limit: 50, offset: 0 });
    expect(page.messages.map((m) => m.id)).toEqual([third, second.id, first]);

    const paged = await list("?limit=1&offset=1");
    expect(paged).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(paged.messages.map((m) => m.id)).toEqual([second.id]);

    const others = await list("", otherSession);
    expect(others.messages.map((m) => m.body)).toEqual(["not ours"]);
  });

  it("filters by the other party's number, either direction", async () => {
    const received = await inbound(RECIPIENT, "from them");
    const reply = await sent({ from: OUR_NUMBER, to: RECIPIENT, body: "to them" });
    await inbound("+15551112222", "someone else");

    const page = await list(`?number=${encodeURIComponent(RECIPIENT)}`);
    expect(page.total).toBe(2);
    expect(page.messages.map((m) => m.id)).toEqual([reply.id, received]);
  });

  it("filters by contact, and finds nothing with another account's contact", async () => {
    const mine = await sent({ from: OUR_NUMBER, to: RECIPIENT, body: "hello" });
    await sent({ from: OUR_NUMBER, to: "+15551112222", body: "someone else" });
    const page = await list(`?contactId=${mine.contactId}`);
    expect(page.messages.map((m) => m.id)).toEqual([mine.id]);

    const theirs = await list(`?contactId=${mine.contactId}`, otherSession);
    expect(theirs).toMatchObject({ total: 0, messages: [] });
  });

  it("treats empty filters as absent", async () => {
    await sent({ from: OUR_NUMBER, to: RECIPIENT, body: "hello" });
    expect((await list("?number=&contactId=")).total).toBe(1);
  });

  it.each([
    { query: "?limit=0", field: "querystring.limit" },
    { query: "?limit=201", field: "querystring.limit" },
    { query: "?offset=-1", field: "querystring.offset" },
    { query: "?number=5557654321", field: "querystring.number" },
    { query: "?contactId=not-a-contact", field: "querystring.contactId" },
  ])("answers 400 for $query", async ({ query, field }) => {
    const res = await t.app.inject({ method: "GET", url: `/api/messages${query}`, headers: session.headers });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json<ErrorJson>().error.fields ?? {})).toContain(field);
  });
});

describe("with the embedded carrier simulator (no carrier account configured)", () => {
  it("sends through the simulator, and its delivery reports reach the stored message", async () => {
    const embedded = await createTestApp();
    try {
      const owner = await createUser(embedded);
      const id = newId("number");
      await embedded.db.db
        .insert(schema.phoneNumbers)
        .values({ id, accountId: owner.accountId, e164: OUR_NUMBER });
      await embedded.db.db
        .insert(schema.numberRouting)
        .values({ phoneNumberId: id, accountId: owner.accountId });
      await embedded.db.db
        .insert(schema.wallets)
        .values({ id: newId("wallet"), accountId: owner.accountId, balanceCents: 100 });
      await embedded.app.deps.routing.reload();
      const res = await embedded.app.inject({
        method: "POST",
        url: "/api/messages",
        headers: (await signIn(embedded, owner)).headers,
        payload: { from: OUR_NUMBER, to: RECIPIENT, body: "Hello" },
      });
      expect(res.statusCode, res.body).toBe(201);
      const sim = embedded.app.deps.simulator;
      expect(sim?.sentMessages().map((m) => m.body)).toEqual(["Hello"]);
      await sim?.idle();
      const [row] = await embedded.db.db.select().from(schema.messages);
      expect(row).toMatchObject({ direction: "outbound", body: "Hello", status: "delivered" });
    } finally {
      await embedded.close();
    }
  });
});
