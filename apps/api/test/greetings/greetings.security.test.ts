import { schema } from "@poundline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { addExtension, addNumber, wavBytes } from "../call-routing/helpers";
import { createMember, createUser, type SignedIn, signIn } from "../fixtures";
import { greetingRows } from "./helpers";

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let aliceViewer: SignedIn;
let aliceNumber: string;
let aliceExtension: string;
let aliceAccount: string;
let aliceUserId: string;

beforeAll(async () => {
  t = await createTestApp({ config: { LOG_LEVEL: "error" } });
  const aliceUser = await createUser(t);
  alice = await signIn(t, aliceUser);
  aliceAccount = aliceUser.accountId;
  aliceUserId = aliceUser.id;
  bob = await signIn(t, await createUser(t));
  aliceViewer = await signIn(t, await createMember(t, aliceUser.accountId, "viewer"));
  aliceNumber = await addNumber(t, aliceUser.accountId, "+13055550190");
  aliceExtension = await addExtension(t, aliceUser.accountId, 101);
  const said = await t.app.inject({
    method: "PUT",
    url: `/api/call-routing/${aliceNumber}/greetings/voicemail`,
    headers: alice.headers,
    payload: { text: "Alice's greeting." },
  });
  expect(said.statusCode).toBe(200);
});
afterAll(() => t.close());

const requests = () =>
  [
    ["PUT", `/api/call-routing/${aliceNumber}/greetings/voicemail`, { text: "Bob was here." }],
    ["POST", `/api/call-routing/${aliceNumber}/greetings/voicemail/audio`, wavBytes()],
    ["DELETE", `/api/call-routing/${aliceNumber}/greetings/voicemail`, undefined],
    ["PUT", `/api/extensions/${aliceExtension}/greeting`, { text: "Bob was here." }],
    ["POST", `/api/extensions/${aliceExtension}/greeting/audio`, wavBytes()],
    ["DELETE", `/api/extensions/${aliceExtension}/greeting`, undefined],
    ["POST", `/api/call-routing/${aliceNumber}/greetings/voicemail/phone-call`, { phone: "+13055550111" }],
    ["POST", `/api/extensions/${aliceExtension}/greeting/phone-call`, { phone: "+13055550111" }],
  ] as const;

async function send(as: SignedIn | null, [method, url, payload]: ReturnType<typeof requests>[number]) {
  const audio = Buffer.isBuffer(payload);
  return t.app.inject({
    method,
    url,
    headers: {
      ...(as ? as.headers : { origin: TEST_ORIGIN }),
      ...(audio ? { "content-type": "audio/wav" } : {}),
    },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

async function unchanged() {
  expect(await greetingRows(t, { numberId: aliceNumber })).toEqual([
    expect.objectContaining({ kind: "tts", ttsText: "Alice's greeting." }),
  ]);
  expect(await greetingRows(t, { extensionId: aliceExtension })).toEqual([]);
}

describe("greetings: security", () => {
  it("anonymous callers get 401 and change nothing", async () => {
    for (const request of requests()) expect((await send(null, request)).statusCode, request[1]).toBe(401);
    const list = await t.app.inject({ method: "GET", url: "/api/greetings" });
    expect(list.statusCode).toBe(401);
    await unchanged();
  });

  it("another account's number or extension answers 404, exactly like a missing one, and changes nothing", async () => {
    for (const request of requests()) {
      const res = await send(bob, request);
      expect(res.statusCode, `${request[0]} ${request[1]}`).toBe(404);
    }
    await unchanged();
    const list = await t.app.inject({ method: "GET", url: "/api/greetings", headers: bob.headers });
    expect(list.json().items).toEqual([]);
  });

  it("a viewer of the account may read the greetings but not change them (403)", async () => {
    for (const request of requests())
      expect((await send(aliceViewer, request)).statusCode, request[1]).toBe(403);
    await unchanged();
    const list = await t.app.inject({ method: "GET", url: "/api/greetings", headers: aliceViewer.headers });
    expect(list.json().items).toHaveLength(1);
  });

  it("another account's greeting call answers 404", async () => {
    const [call] = await t.db.db
      .insert(schema.greetingCalls)
      .values({
        id: "grc_alices",
        accountId: aliceAccount,
        userId: aliceUserId,
        targetType: "number",
        targetId: aliceNumber,
        phone: "+13055550111",
      })
      .returning();
    const mine = await t.app.inject({
      method: "GET",
      url: `/api/greeting-calls/${call?.id}`,
      headers: alice.headers,
    });
    expect(mine.statusCode).toBe(200);
    const theirs = await t.app.inject({
      method: "GET",
      url: `/api/greeting-calls/${call?.id}`,
      headers: bob.headers,
    });
    expect(theirs.statusCode).toBe(404);
  });
});
