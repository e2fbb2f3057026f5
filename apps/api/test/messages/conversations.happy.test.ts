import type { ConversationListJson, ThreadJson } from "@poundline/contracts/messages/conversation-schemas";
import { newId, schema } from "@poundline/db";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { addNumber, addText, minutesAfter } from "./conversation-fixtures";

const OURS = "+15550002000";
const SECOND = "+15550002001";
const ANN = "+15557770001";
const BEN = "+15557770002";
const start = new Date("2025-03-01T12:00:00.000Z");
const now = new Date("2025-03-02T12:00:00.000Z");

const fetched: string[] = [];
const fakeFetch = (async (input: URL | string) => {
  fetched.push(String(input));
  return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
    status: 200,
    headers: { "content-type": "image/png", "content-length": "4" },
  });
}) as typeof fetch;

let t: TestApp;
let user: TestUser;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, fetch: fakeFetch });
  user = await createUser(t);
  session = await signIn(t, user);
  await addNumber(t, user.accountId, OURS);
  await addNumber(t, user.accountId, SECOND);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.db.delete(schema.messages);
  await t.db.db.delete(schema.smsOptOuts);
  await t.db.db.delete(schema.contacts);
  fetched.length = 0;
});

async function get<T>(url: string) {
  const res = await t.app.inject({ method: "GET", url, headers: session.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

const text = (
  peerNumber: string,
  direction: "inbound" | "outbound",
  body: string,
  minute: number,
  more = {},
) =>
  addText(t, {
    accountId: user.accountId,
    ourNumber: OURS,
    peerNumber,
    direction,
    body,
    at: minutesAfter(start, minute),
    ...more,
  });

describe("GET /api/conversations", () => {
  it("groups the texts by our number and the other party, the most recent conversation first", async () => {
    await text(ANN, "inbound", "Hi from Ann", 1);
    await text(ANN, "outbound", "Hello Ann", 2);
    await text(BEN, "inbound", "Ben here", 3);
    await text(BEN, "inbound", "Still there?", 4);
    await addText(t, {
      accountId: user.accountId,
      ourNumber: SECOND,
      peerNumber: ANN,
      direction: "inbound",
      body: "Other line",
      at: minutesAfter(start, 5),
      read: true,
    });
    await t.db.db
      .insert(schema.contacts)
      .values({ id: newId("contact"), accountId: user.accountId, name: "Ann Archer", phone: ANN });
    await t.db.db
      .insert(schema.smsOptOuts)
      .values({ id: newId("optOut"), accountId: user.accountId, ourNumber: OURS, subscriberNumber: BEN });

    const page = await get<ConversationListJson>("/api/conversations");

    expect(page.hasMore).toBe(false);
    expect(page.conversations.map((c) => [c.ourNumber, c.peerNumber])).toEqual([
      [SECOND, ANN],
      [OURS, BEN],
      [OURS, ANN],
    ]);
    const [other, ben, ann] = page.conversations;
    expect(other).toMatchObject({ unreadCount: 0, contactName: "Ann Archer" });
    expect(ben).toMatchObject({ unreadCount: 2, optedOut: true, contactName: null });
    expect(ben?.lastMessage).toMatchObject({
      body: "Still there?",
      direction: "inbound",
      status: "received",
    });
    expect(ann).toMatchObject({ unreadCount: 1, optedOut: false, contactName: "Ann Archer" });
    expect(ann?.lastMessage).toMatchObject({ body: "Hello Ann", direction: "outbound", status: "delivered" });
    expect(ann?.lastMessage.sentAt).toBe(minutesAfter(start, 2).toISOString());
  });

  it("searches the contact's name and the number (as typed)", async () => {
    await text(ANN, "inbound", "About the invoice", 1);
    await text(BEN, "inbound", "Lunch?", 2);
    await t.db.db
      .insert(schema.contacts)
      .values({ id: newId("contact"), accountId: user.accountId, name: "Ben Baker", phone: BEN });

    const peers = async (q: string) =>
      (await get<ConversationListJson>(`/api/conversations?q=${encodeURIComponent(q)}`)).conversations.map(
        (c) => c.peerNumber,
      );
    expect(await peers("baker")).toEqual([BEN]);
    expect(await peers("BAKER")).toEqual([BEN]);
    expect(await peers("(555) 777-0001")).toEqual([ANN]);
    expect(await peers("7770002")).toEqual([BEN]);
    expect(await peers("100%")).toEqual([]);
  });

  it("searches the words of every text, not only the last, the term's % and _ taken literally", async () => {
    await text(ANN, "inbound", "Can I book a cleaning for Tuesday?", 1);
    await text(ANN, "outbound", "Yes, 10am works.", 2);
    await text(BEN, "inbound", "Is the discount 100% off?", 3);
    await text(BEN, "outbound", "No: 10 percent, code A_B.", 4);
    await text("+15557770003", "inbound", "1000 thanks, code AxB", 5);

    const found = async (q: string) =>
      (await get<ConversationListJson>(`/api/conversations?q=${encodeURIComponent(q)}`)).conversations.map(
        (c) => [c.peerNumber, c.lastMessage.body],
      );
    // A word of an earlier text finds its conversation, shown by its last text.
    expect(await found("CLEANING")).toEqual([[ANN, "Yes, 10am works."]]);
    expect(await found("100%")).toEqual([[BEN, "No: 10 percent, code A_B."]]);
    expect(await found("A_B")).toEqual([[BEN, "No: 10 percent, code A_B."]]);
    expect(await found("nothing like this")).toEqual([]);
  });

  it("pages", async () => {
    for (let i = 0; i < 5; i++) await text(`+1555888000${i}`, "inbound", `n${i}`, i);
    const page = await get<ConversationListJson>("/api/conversations?limit=2&offset=2");
    expect(page.hasMore).toBe(true);
    expect(page.conversations.map((c) => c.lastMessage.body)).toEqual(["n2", "n1"]);
    const last = await get<ConversationListJson>("/api/conversations?limit=2&offset=4");
    expect(last).toMatchObject({ hasMore: false });
    expect(last.conversations.map((c) => c.lastMessage.body)).toEqual(["n0"]);
    const past = await get<ConversationListJson>("/api/conversations?limit=2&offset=10");
    expect(past).toMatchObject({ hasMore: false, conversations: [] });
  });
});

describe("GET /api/conversations/thread", () => {
  it("answers the latest page oldest first, then the page before it", async () => {
    for (let i = 0; i < 5; i++) await text(ANN, i % 2 ? "outbound" : "inbound", `m${i}`, i);
    const url = `/api/conversations/thread?ourNumber=${encodeURIComponent(OURS)}&peerNumber=${encodeURIComponent(ANN)}&limit=3`;
    const latest = await get<ThreadJson>(url);
    expect(latest.messages.map((m) => m.body)).toEqual(["m2", "m3", "m4"]);
    expect(latest.hasMore).toBe(true);
    const older = await get<ThreadJson>(`${url}&before=${latest.messages[0]?.id}`);
    expect(older.messages.map((m) => m.body)).toEqual(["m0", "m1"]);
    expect(older.hasMore).toBe(false);
  });

  it("shows delivery status with the carrier's error, media through the API, and the opt-out", async () => {
    await text(ANN, "outbound", "failed one", 1, { status: "undelivered", errorCode: 30003 });
    await text(ANN, "inbound", "a photo", 2, {
      mediaUrls: [
        "https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1",
        "https://api.twilio.com/x/ME2",
      ],
      mediaContentTypes: ["image/png", "application/pdf"],
    });
    await t.db.db
      .insert(schema.smsOptOuts)
      .values({ id: newId("optOut"), accountId: user.accountId, ourNumber: OURS, subscriberNumber: ANN });
    const thread = await get<ThreadJson>(
      `/api/conversations/thread?ourNumber=${encodeURIComponent(OURS)}&peerNumber=${encodeURIComponent(ANN)}`,
    );
    expect(thread.optedOut).toBe(true);
    const [failed, photo] = thread.messages;
    expect(failed).toMatchObject({ status: "undelivered", errorCode: 30003 });
    expect(photo?.media).toEqual([
      { url: `/api/messages/${photo?.id}/media/0`, contentType: "image/png" },
      { url: `/api/messages/${photo?.id}/media/1`, contentType: "application/pdf" },
    ]);
  });

  it("answers an empty thread for one of the account's numbers and a new party", async () => {
    const thread = await get<ThreadJson>(
      `/api/conversations/thread?ourNumber=${encodeURIComponent(SECOND)}&peerNumber=${encodeURIComponent(BEN)}`,
    );
    expect(thread).toMatchObject({ messages: [], hasMore: false, optedOut: false });
  });
});

describe("POST /api/conversations/read and GET /api/conversations/unread", () => {
  it("marks the conversation's unread texts read, and only those", async () => {
    await text(ANN, "inbound", "one", 1);
    await text(ANN, "inbound", "two", 2);
    await text(BEN, "inbound", "other", 3);
    expect(await get("/api/conversations/unread")).toEqual({ messages: 3, conversations: 2 });

    const res = await t.app.inject({
      method: "POST",
      url: "/api/conversations/read",
      headers: session.headers,
      payload: { ourNumber: OURS, peerNumber: ANN },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ marked: 2 });

    const unread = await t.db.db
      .select({ body: schema.messages.body, readAt: schema.messages.readAt })
      .from(schema.messages)
      .where(and(eq(schema.messages.accountId, user.accountId), isNull(schema.messages.readAt)));
    expect(unread.map((m) => m.body)).toEqual(["other"]);
    const [read] = await t.db.db.select().from(schema.messages).where(eq(schema.messages.body, "one"));
    expect(read?.readAt?.toISOString()).toBe(now.toISOString());
    expect(await get("/api/conversations/unread")).toEqual({ messages: 1, conversations: 1 });
  });
});

describe("GET /api/messages/:id/media/:index", () => {
  it("serves an image from the carrier, with the carrier's credentials, inline", async () => {
    const id = await text(ANN, "inbound", "pic", 1, {
      mediaUrls: ["https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1"],
      mediaContentTypes: ["image/png"],
    });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/messages/${id}/media/0`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.rawPayload).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(fetched).toEqual(["https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1"]);
  });

  it("serves other types as a download, never as a page of this origin", async () => {
    const id = await text(ANN, "inbound", "doc", 1, {
      mediaUrls: ["https://example.com/file.html"],
      mediaContentTypes: ["text/html"],
    });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/messages/${id}/media/0`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/octet-stream");
    expect(res.headers["content-disposition"]).toMatch(/^attachment/);
  });

  it("never fetches from this machine's network", async () => {
    const id = await text(ANN, "inbound", "ssrf", 1, {
      mediaUrls: ["https://127.0.0.1/secret.png", "http://example.com/a.png"],
    });
    for (const index of [0, 1]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/messages/${id}/media/${index}`,
        headers: session.headers,
      });
      expect(res.statusCode).toBe(404);
    }
    expect(fetched).toEqual([]);
  });
});

describe("GET /api/conversations/senders", () => {
  it("lists the account's numbers that can text", async () => {
    const res = await get<{ numbers: { e164: string }[] }>("/api/conversations/senders");
    expect(res.numbers.map((n) => n.e164).sort()).toEqual([OURS, SECOND]);
  });
});

describe("an MMS received through the carrier", () => {
  it("keeps each media's content type, for the thread to show images inline", async () => {
    await t.app.deps.routing.reload();
    const sim = t.app.deps.simulator;
    if (!sim) throw new Error("the test app runs the embedded simulator");
    await sim.sendText({
      from: ANN,
      to: OURS,
      body: "two files",
      mediaUrls: ["https://example.com/photo.png", "https://example.com/brief.pdf"],
    });
    const [row] = await t.db.db.select().from(schema.messages).where(eq(schema.messages.body, "two files"));
    expect(row).toMatchObject({
      numMedia: 2,
      mediaUrls: ["https://example.com/photo.png", "https://example.com/brief.pdf"],
      mediaContentTypes: ["image/png", "application/pdf"],
      ourNumber: OURS,
      peerNumber: ANN,
    });
  });
});
