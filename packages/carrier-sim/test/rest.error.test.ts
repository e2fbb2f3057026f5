/** Requests the carrier refuses, refused the same way: its codes, its error shape, its statuses. */
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carrierSimPlugin, createCarrierSim } from "../src/index";
import { ACCOUNT_SID, AUTH_TOKEN, CALLER, phoneDirectory } from "./fixtures/phone-app";

const sim = createCarrierSim({
  accountSid: ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  publicBaseUrl: "http://sim.test/carrier-sim",
  numbers: phoneDirectory(() => "http://app.test"),
  transport: async () => ({ status: 204, headers: {}, body: "" }),
});
const server = Fastify();
server.register(carrierSimPlugin, { prefix: "/carrier-sim", sim });
beforeAll(() => server.ready());
afterAll(() => server.close());

const ACCOUNT = `/carrier-sim/2010-04-01/Accounts/${ACCOUNT_SID}`;
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
const post = (
  path: string,
  form: Record<string, string | string[]>,
  authorization = basic(ACCOUNT_SID, AUTH_TOKEN),
) => {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) for (const item of [value].flat()) body.append(key, item);
  return server.inject({
    method: "POST",
    url: `${ACCOUNT}${path}`,
    headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
    payload: body.toString(),
  });
};

const carrierShape = (code: number, status: number) => ({
  code,
  message: expect.any(String),
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

const FROM = "+18005550100";

describe.each([
  ["no To", { From: FROM, Body: "hi" }, 21604, "A 'To' phone number is required."],
  ["a To that is no phone number", { To: "not-a-number", From: FROM, Body: "hi" }, 21211, undefined],
  ["a To too short", { To: "+1234", From: FROM, Body: "hi" }, 21211, undefined],
  ["no From", { To: CALLER, Body: "hi" }, 21603, undefined],
  ["a From that is no phone number", { To: CALLER, From: "hello", Body: "hi" }, 21212, undefined],
  ["a From that is not ours", { To: CALLER, From: "+13055550999", Body: "hi" }, 21606, undefined],
  ["no Body nor media", { To: CALLER, From: FROM }, 21602, "Message body is required."],
  ["a body over 1600 characters", { To: CALLER, From: FROM, Body: "x".repeat(1601) }, 21617, undefined],
  ["a bad StatusCallback", { To: CALLER, From: FROM, Body: "hi", StatusCallback: "nope" }, 21609, undefined],
  [
    "a non-integer ValidityPeriod",
    { To: CALLER, From: FROM, Body: "hi", ValidityPeriod: "soon" },
    20001,
    undefined,
  ],
])("Messages.json with %s", (_name, form, code, message) => {
  it(`answers 400 with code ${code}`, async () => {
    const response = await post("/Messages.json", form);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(carrierShape(code, 400));
    if (message) expect(response.json().message).toBe(message);
  });
});

describe.each([
  ["no To", { From: FROM, Url: "https://app.test/voice" }, 21201],
  ["no From", { To: CALLER, Url: "https://app.test/voice" }, 21213],
  ["a bad To", { To: "12", From: FROM, Url: "https://app.test/voice" }, 21217],
  ["no Url nor Twiml", { To: CALLER, From: FROM }, 21205],
  ["a bad Url", { To: CALLER, From: FROM, Url: "voice" }, 21205],
  ["a Twiml that is not TwiML", { To: CALLER, From: FROM, Twiml: "<Response>" }, 12100],
  ["a From that is not ours", { To: CALLER, From: "+13055550999", Url: "https://app.test/voice" }, 21210],
  ["a bad Timeout", { To: CALLER, From: FROM, Url: "https://app.test/voice", Timeout: "x" }, 20001],
])("Calls.json with %s", (_name, form, code) => {
  it(`answers 400 with code ${code}`, async () => {
    const response = await post("/Calls.json", form);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(carrierShape(code, 400));
  });
});

describe("ending a call (POST Calls/{Sid}.json)", () => {
  const UNKNOWN = `CA${"0".repeat(32)}`;
  let ended = "";
  beforeAll(async () => {
    const created = await post("/Calls.json", {
      To: CALLER,
      From: FROM,
      Twiml: "<Response><Hangup/></Response>",
    });
    ended = created.json().sid;
    await sim.idle();
  });

  it.each([
    ["an unknown call", () => UNKNOWN, { Status: "canceled" }, 404, 20404],
    ["a call that has ended", () => ended, { Status: "completed" }, 400, 21220],
    ["a Status the carrier does not take", () => ended, { Status: "ringing" }, 400, 20001],
    ["no Status", () => ended, {}, 400, 20001],
    ["a redirect of a call that has ended", () => ended, { Url: "https://app.test/voice" }, 400, 21220],
  ])("%s: %i with code %i", async (_name, sid, form, status, code) => {
    const response = await post(`/Calls/${sid()}.json`, form);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(carrierShape(code, status));
  });
});

describe("accepted spellings", () => {
  it.each(["+13055551234", "(305) 555-1234", "305.555.1234", "1-305-555-1234", "+1 305 555 1234"])(
    "To %s",
    async (to) => {
      const response = await post("/Messages.json", { To: to, From: FROM, Body: "hi" });
      expect(response.statusCode).toBe(201);
      expect(response.json().to).toBe("+13055551234");
    },
  );

  it("repeated keys become arrays (MediaUrl, StatusCallbackEvent)", async () => {
    const response = await post("/Messages.json", {
      To: CALLER,
      From: FROM,
      MediaUrl: ["https://media.example/a.png", "https://media.example/b.png", "https://media.example/c.png"],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ num_media: "3", sid: expect.stringMatching(/^MM/) });
  });
});

describe("security", () => {
  it.each([
    ["no credentials", undefined],
    ["a wrong token", basic(ACCOUNT_SID, "wrong")],
    ["another account", basic(`AC${"0".repeat(32)}`, AUTH_TOKEN)],
    ["not basic auth", `Bearer ${AUTH_TOKEN}`],
  ])("%s: 401 with the carrier's error", async (_name, authorization) => {
    const response = await server.inject({
      method: "POST",
      url: `${ACCOUNT}/Messages.json`,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(authorization ? { authorization } : {}),
      },
      payload: new URLSearchParams({ To: CALLER, From: FROM, Body: "hi" }).toString(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 20003,
      message: "Authenticate",
      more_info: "https://www.twilio.com/docs/errors/20003",
      status: 401,
    });
    expect(response.headers["www-authenticate"]).toContain("Basic");
  });

  it("another account's path is not found", async () => {
    const response = await server.inject({
      method: "GET",
      url: `/carrier-sim/2010-04-01/Accounts/AC${"0".repeat(32)}/Calls/CA${"0".repeat(32)}.json`,
      headers: { authorization: basic(ACCOUNT_SID, AUTH_TOKEN) },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(carrierShape(20404, 404));
  });

  it.each([
    `${ACCOUNT}/Messages/SM${"0".repeat(32)}.json`,
    `${ACCOUNT}/Calls/CA${"0".repeat(32)}.json`,
    `${ACCOUNT}/Recordings/RE${"0".repeat(32)}.json`,
    `${ACCOUNT}/Recordings/RE${"0".repeat(32)}.wav`,
    `${ACCOUNT}/Calls/nonsense.json`,
    `${ACCOUNT}/Queues.json`,
  ])("unknown resource %s: 404", async (url) => {
    const response = await server.inject({
      method: "GET",
      url,
      headers: { authorization: basic(ACCOUNT_SID, AUTH_TOKEN) },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(carrierShape(20404, 404));
  });
});
