/**
 * The embedded carrier simulator's control endpoints (/carrier-sim/sim/*): who may place test
 * calls and texts, into which numbers, and whose texts they read.
 */
import { newId, schema } from "@poundline/db";
import { SESSION_COOKIE } from "@poundline/modules/auth/sessions";
import { carrierConfig, simulatorStartNotice } from "@poundline/modules/carrier/carrier-config";
import { testConfig } from "@poundline/platform/api-config";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

const OURS = "+15550003001";
const THEIRS = "+15550003002";
const CALLER = "+15557654321";
const CONTROL_TOKEN = "control-token-for-these-tests";
/** A peer that is not this machine. */
const ELSEWHERE = "203.0.113.9";
const REQUEST_ID = expect.stringMatching(/\S/);

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let ownerSession: SignedIn;
let strangerSession: SignedIn;

async function addNumber(app: TestApp, accountId: string, e164: string) {
  const phoneNumberId = newId("number");
  await app.db.db.insert(schema.phoneNumbers).values({ id: phoneNumberId, accountId, e164 });
  await app.db.db.insert(schema.numberRouting).values({ phoneNumberId, accountId });
}

beforeAll(async () => {
  t = await createTestApp({ simulatorControlToken: CONTROL_TOKEN });
  owner = await createUser(t);
  stranger = await createUser(t);
  await addNumber(t, owner.accountId, OURS);
  await addNumber(t, stranger.accountId, THEIRS);
  // The stranger's texts are prepaid.
  await t.db.db
    .insert(schema.wallets)
    .values({ id: newId("wallet"), accountId: stranger.accountId, balanceCents: 1000 });
  await t.app.deps.routing.reload();
  ownerSession = await signIn(t, owner);
  strangerSession = await signIn(t, stranger);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.deps.simulator?.idle();
  t.app.deps.simulator?.reset();
  await t.db.db.delete(schema.messages);
  await t.db.db.delete(schema.smsOptOuts);
  await t.db.db.delete(schema.jobOutbox);
});

type Headers = Record<string, string>;
const control = (
  app: TestApp,
  method: "GET" | "POST",
  path: string,
  options: { headers?: Headers; payload?: object; remoteAddress?: string } = {},
) =>
  app.app.inject({
    method,
    url: `/carrier-sim/sim/${path}`,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.payload ? { payload: options.payload } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });

const messagesOf = (accountId: string) =>
  t.db.db.select().from(schema.messages).where(eq(schema.messages.accountId, accountId));

describe("a signed-in user (session cookie)", () => {
  it.each([
    ["texts", { from: CALLER, to: THEIRS, body: "STOP" }],
    ["calls", { from: CALLER, to: THEIRS }],
  ])("cannot place %s into another account's number: 404 as for a missing number", async (kind, payload) => {
    const intoTheirs = await control(t, "POST", kind, { headers: ownerSession.headers, payload });
    const intoNobody = await control(t, "POST", kind, {
      headers: ownerSession.headers,
      payload: { ...payload, to: "+15550009999" },
    });
    expect(intoTheirs.statusCode).toBe(404);
    expect(intoTheirs.json()).toEqual({
      error: { code: "NOT_FOUND", message: `No number answers to ${THEIRS}`, requestId: REQUEST_ID },
    });
    expect(intoNobody.json().error.code).toBe(intoTheirs.json().error.code);
    expect(await messagesOf(stranger.accountId)).toEqual([]);
    expect(await t.db.db.select().from(schema.smsOptOuts)).toEqual([]);
    expect(
      await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.accountId, stranger.accountId)),
    ).toEqual([]);
    expect(t.app.deps.simulator?.calls()).toEqual([]);
  });

  it("texts into their own account's number", async () => {
    const res = await control(t, "POST", "texts", {
      headers: ownerSession.headers,
      payload: { from: CALLER, to: OURS, body: "Open on Saturday?" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await messagesOf(owner.accountId)).toEqual([
      expect.objectContaining({ direction: "inbound", body: "Open on Saturday?", toNumber: OURS }),
    ]);
  });

  it("reads only their own account's texts", async () => {
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/messages",
      headers: strangerSession.headers,
      payload: { from: THEIRS, to: CALLER, body: "Your table is ready." },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const ownerReads = await control(t, "GET", "messages", { headers: { cookie: ownerSession.cookie } });
    expect(ownerReads.statusCode).toBe(200);
    expect(ownerReads.json()).toEqual([]);
    const strangerReads = await control(t, "GET", "messages", {
      headers: { cookie: strangerSession.cookie },
    });
    expect(strangerReads.json().map((m: { body: string }) => m.body)).toEqual(["Your table is ready."]);
    const ownerCalls = await control(t, "GET", "calls", { headers: { cookie: ownerSession.cookie } });
    expect(ownerCalls.json()).toEqual([]);
  });

  it.each([
    ["without an Origin", { cookie: "" }],
    ["from another site", { cookie: "", origin: "https://evil.example" }],
  ])("is refused %s, and nothing is sent", async (_name, headers) => {
    const res = await control(t, "POST", "texts", {
      headers: { ...headers, cookie: ownerSession.cookie },
      payload: { from: CALLER, to: OURS, body: "STOP" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { code: "FORBIDDEN", message: expect.any(String), requestId: REQUEST_ID },
    });
    expect(await messagesOf(owner.accountId)).toEqual([]);
  });

  it("is refused with a session that is no longer valid", async () => {
    const res = await control(t, "POST", "texts", {
      headers: { cookie: `${SESSION_COOKIE}=${"a".repeat(32)}`, origin: TEST_ORIGIN },
      payload: { from: CALLER, to: OURS, body: "hello" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: "UNAUTHORIZED", requestId: REQUEST_ID });
  });
});

describe("the command line (npm run call / npm run text)", () => {
  it("works from this machine, into any number", async () => {
    const res = await control(t, "POST", "texts", { payload: { from: CALLER, to: THEIRS, body: "hello" } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await messagesOf(stranger.accountId)).toHaveLength(1);
  });

  it("works from elsewhere with the token the server printed", async () => {
    const res = await control(t, "POST", "texts", {
      headers: { authorization: `Bearer ${CONTROL_TOKEN}` },
      payload: { from: CALLER, to: OURS, body: "hello" },
      remoteAddress: ELSEWHERE,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("is refused with a wrong token, even from this machine", async () => {
    const res = await control(t, "POST", "texts", {
      headers: { authorization: "Bearer guessed" },
      payload: { from: CALLER, to: OURS, body: "hello" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: "UNAUTHORIZED", requestId: REQUEST_ID });
  });

  it.each([
    ["from elsewhere", { remoteAddress: ELSEWHERE }],
    [
      "from elsewhere, claiming this machine",
      { remoteAddress: ELSEWHERE, headers: { "x-forwarded-for": "127.0.0.1" } },
    ],
    ["through a proxy on this machine", { headers: { "x-forwarded-for": "198.51.100.20" } }],
    ["through a proxy on this machine (Forwarded)", { headers: { forwarded: "for=198.51.100.20" } }],
  ])("is refused without the token %s, in the one error shape", async (_name, options) => {
    const res = await control(t, "POST", "texts", {
      ...options,
      payload: { from: CALLER, to: OURS, body: "STOP" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { code: "FORBIDDEN", message: expect.any(String), requestId: REQUEST_ID },
    });
    const read = await control(t, "GET", "messages", options);
    expect(read.statusCode).toBe(403);
    expect(await messagesOf(owner.accountId)).toEqual([]);
  });

  it("answers a bad body with the field, in the one error shape", async () => {
    const res = await control(t, "POST", "calls", { payload: { from: CALLER } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: "BAD_REQUEST",
        message: expect.any(String),
        requestId: REQUEST_ID,
        fields: { "body.to": [expect.any(String)] },
      },
    });
  });
});

describe("behind a proxy (TRUST_PROXY=1)", () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ config: { TRUST_PROXY: "1" } });
  });
  afterAll(() => proxied.close());

  it("never takes X-Forwarded-For: 127.0.0.1 for this machine", async () => {
    const res = await control(proxied, "POST", "calls", {
      remoteAddress: ELSEWHERE,
      headers: { "x-forwarded-for": "127.0.0.1" },
      payload: { from: CALLER, to: OURS },
    });
    expect(res.statusCode).toBe(403);
    expect(proxied.app.deps.simulator?.calls()).toEqual([]);
  });
});

describe("with a carrier account", () => {
  let real: TestApp;
  beforeAll(async () => {
    real = await createTestApp({ config: { TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "their-token" } });
  });
  afterAll(() => real.close());

  it("has no simulator, and no control endpoints", async () => {
    expect(real.app.deps.simulator).toBeNull();
    const res = await control(real, "POST", "calls", { payload: { from: CALLER, to: OURS } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: "NOT_FOUND", requestId: REQUEST_ID });
  });
});

describe("a local tool: the Host it answers on", () => {
  let hosted: TestApp;
  beforeAll(async () => {
    hosted = await createTestApp({
      config: { PUBLIC_BASE_URL: "https://phones.example.com" },
      simulatorControlToken: CONTROL_TOKEN,
    });
    await addNumber(hosted, (await createUser(hosted)).accountId, OURS);
    await hosted.app.deps.routing.reload();
  });
  afterAll(() => hosted.close());

  const callWithHost = (host: string, headers: Headers = {}) =>
    control(hosted, "POST", "calls", { headers: { host, ...headers }, payload: { from: CALLER, to: OURS } });

  it.each([
    ["another name that resolves here (DNS rebinding), from this machine", "evil.example:3000", {}],
    ["another name, with the token", "evil.example", { authorization: `Bearer ${CONTROL_TOKEN}` }],
  ])("refuses %s: 403, no call", async (_what, host, headers) => {
    const res = await callWithHost(host, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: "FORBIDDEN", requestId: REQUEST_ID });
    expect(hosted.app.deps.simulator?.calls()).toEqual([]);
  });

  it.each([
    ["the public host", "phones.example.com", { authorization: `Bearer ${CONTROL_TOKEN}` }],
    ["localhost", "localhost:3000", {}],
    ["127.0.0.1", "127.0.0.1:3000", {}],
  ])("answers on %s", async (_what, host, headers) => {
    const res = await callWithHost(host, headers);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("a production start", () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await createTestApp({
      config: { NODE_ENV: "production", TOTP_KEY_SECRET: "p".repeat(32), MAIL_OUTBOX_ONLY: "true" },
      simulatorControlToken: CONTROL_TOKEN,
    });
  });
  afterAll(() => production.close());

  it("has no control paths, even from this machine with the token; the carrier's REST paths stay", async () => {
    expect(production.app.deps.simulator).not.toBeNull();
    for (const [method, path] of [
      ["POST", "calls"],
      ["POST", "texts"],
      ["GET", "calls"],
      ["GET", "messages"],
    ] as const) {
      const res = await control(production, method, path, {
        headers: { authorization: `Bearer ${CONTROL_TOKEN}` },
        ...(method === "POST" ? { payload: { from: CALLER, to: OURS, body: "x" } } : {}),
      });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const { accountSid, authToken } = production.app.deps.carrier;
    const rest = await production.app.inject({
      method: "GET",
      url: `/carrier-sim/2010-04-01/Accounts/${accountSid}/AvailablePhoneNumbers/US/Local.json`,
      headers: { authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}` },
    });
    expect(rest.statusCode, rest.body).toBe(200);
  });
});

describe("the start-up notice", () => {
  it("never holds the token, and is not given on a production start", () => {
    const token = "a-token-the-operator-chose";
    const config = testConfig({ CARRIER_SIM_TOKEN: token });
    const notice = simulatorStartNotice(config, carrierConfig(config)) ?? "";
    expect(notice).toMatch(/CARRIER_SIM_TOKEN/);
    expect(notice).not.toContain(token);
    const production = testConfig({
      CARRIER_SIM_TOKEN: token,
      NODE_ENV: "production",
      TOTP_KEY_SECRET: "p".repeat(32),
      MAIL_OUTBOX_ONLY: "true",
    });
    expect(simulatorStartNotice(production, carrierConfig(production))).toBeNull();
  });
});
