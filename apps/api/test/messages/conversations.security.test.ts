import type { ConversationListJson } from "@poundline/contracts/messages/conversation-schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { addNumber, addText } from "./conversation-fixtures";

const ALICE_NUMBER = "+15550004000";
const BOB_NUMBER = "+15550005000";
const PEER = "+15557770009";

let fetches = 0;
let t: TestApp;
let alice: TestUser;
let aliceSession: SignedIn;
let bobSession: SignedIn;
let secretId: string;

beforeAll(async () => {
  t = await createTestApp({
    fetch: (async () => {
      fetches++;
      return new Response("secret", { headers: { "content-type": "image/png" } });
    }) as typeof fetch,
  });
  alice = await createUser(t);
  const bob = await createUser(t);
  aliceSession = await signIn(t, alice);
  bobSession = await signIn(t, bob);
  await addNumber(t, alice.accountId, ALICE_NUMBER);
  await addNumber(t, bob.accountId, BOB_NUMBER);
  secretId = await addText(t, {
    accountId: alice.accountId,
    ourNumber: ALICE_NUMBER,
    peerNumber: PEER,
    direction: "inbound",
    body: "Alice's secret",
    at: new Date("2025-03-01T12:00:00Z"),
    mediaUrls: ["https://api.twilio.com/media/ME1"],
    mediaContentTypes: ["image/png"],
  });
});
afterAll(() => t.close());

const q = (n: string) => encodeURIComponent(n);

describe("anonymous", () => {
  it.each([
    ["GET", "/api/conversations"],
    ["GET", `/api/conversations/thread?ourNumber=${q(ALICE_NUMBER)}&peerNumber=${q(PEER)}`],
    ["POST", "/api/conversations/read"],
    ["GET", "/api/conversations/unread"],
    ["GET", "/api/messages/msg_x/media/0"],
  ] as const)("%s %s answers 401", async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN },
      ...(method === "POST" ? { payload: { ourNumber: ALICE_NUMBER, peerNumber: PEER } } : {}),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("another account", () => {
  it("lists none of Alice's conversations to Bob, and counts none of her unread texts", async () => {
    // The words of Alice's text find it for Alice (the search reads texts), never for Bob.
    const search = (session: SignedIn) =>
      t.app.inject({ method: "GET", url: "/api/conversations?q=secret", headers: session.headers });
    const mine = (await search(aliceSession)).json<ConversationListJson>();
    expect(mine.conversations.map((c) => c.peerNumber)).toEqual([PEER]);
    const list = await search(bobSession);
    expect(list.json<ConversationListJson>()).toMatchObject({ hasMore: false, conversations: [] });
    const unread = await t.app.inject({
      method: "GET",
      url: "/api/conversations/unread",
      headers: bobSession.headers,
    });
    expect(unread.json()).toEqual({ messages: 0, conversations: 0 });
  });

  it("answers 404 for Alice's thread, even from Bob's own number", async () => {
    for (const ours of [ALICE_NUMBER, BOB_NUMBER]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/conversations/thread?ourNumber=${q(ours)}&peerNumber=${q(PEER)}`,
        headers: bobSession.headers,
      });
      if (ours === ALICE_NUMBER) expect(res.statusCode).toBe(404);
      else expect(res.json()).toMatchObject({ messages: [] });
    }
  });

  it("answers 404 to marking Alice's conversation read, and leaves it unread", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/conversations/read",
      headers: bobSession.headers,
      payload: { ourNumber: ALICE_NUMBER, peerNumber: PEER },
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.db.select().from(schema.messages).where(eq(schema.messages.id, secretId));
    expect(row?.readAt).toBeNull();
  });

  it("answers 404 for Alice's media and never fetches it", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/messages/${secretId}/media/0`,
      headers: bobSession.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(fetches).toBe(0);
    const own = await t.app.inject({
      method: "GET",
      url: `/api/messages/${secretId}/media/0`,
      headers: aliceSession.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(fetches).toBe(1);
  });
});
