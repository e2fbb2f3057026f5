import Fastify from "fastify";
import twilio from "twilio";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  attachSoftphone,
  createCarrierSim,
  injectTransport,
  type SimDeviceMessage,
  verifyAccessToken,
} from "../src/index";

const ACCOUNT_SID = `AC${"a".repeat(32)}`;
const AUTH_TOKEN = "sim-auth-token";
const KEY_SID = `SK${"b".repeat(32)}`;
const KEY_SECRET = "the-key-secret";
const APP_SID = `AP${"c".repeat(32)}`;
const APP = "http://app.test";
const OUR_NUMBER = "+13055550100";
const CALLER = "+13055551234";

/** A token as the `twilio` package signs it for the Voice SDK. */
function tokenFor(identity: string, options: { secret?: string; ttl?: number; account?: string } = {}) {
  const token = new twilio.jwt.AccessToken(
    options.account ?? ACCOUNT_SID,
    KEY_SID,
    options.secret ?? KEY_SECRET,
    {
      identity,
      ttl: options.ttl ?? 600,
    },
  );
  token.addGrant(
    new twilio.jwt.AccessToken.VoiceGrant({ incomingAllow: true, outgoingApplicationSid: APP_SID }),
  );
  return token.toJwt();
}

const app = Fastify();
const legs: Record<string, string>[] = [];
const appCalls: Record<string, string>[] = [];
const form = (body: unknown) => body as Record<string, string>;
app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, body, done) =>
  done(null, Object.fromEntries(new URLSearchParams(String(body)))),
);
app.post("/voice", async (request, reply) => {
  const { CallSid } = form(request.body);
  reply.type("text/xml");
  return `<Response><Dial timeout="5" action="/after"><Client statusCallback="${APP}/leg"><Identity>alice</Identity><Parameter name="ParentCallSid" value="${CallSid}"/></Client></Dial></Response>`;
});
app.post("/member", async (_request, reply) =>
  reply.type("text/xml").send("<Response><Say>A caller is waiting.</Say></Response>"),
);
app.post("/after", async (_request, reply) => reply.type("text/xml").send("<Response/>"));
app.post("/leg", async (request, reply) => {
  legs.push(form(request.body));
  return reply.type("text/xml").send("<Response/>");
});
app.post("/softphone", async (request, reply) => {
  const params = form(request.body);
  appCalls.push(params);
  reply.type("text/xml");
  return `<Response><Dial callerId="${OUR_NUMBER}"><Number>${params.To}</Number></Dial></Response>`;
});

const sim = createCarrierSim({
  accountSid: ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  publicBaseUrl: "http://sim.test/carrier-sim",
  numbers: { [OUR_NUMBER]: { phoneNumber: OUR_NUMBER, voiceUrl: `${APP}/voice` } },
  transport: injectTransport(app),
  apiKeys: { [KEY_SID]: KEY_SECRET },
  applications: { [APP_SID]: { voiceUrl: `${APP}/softphone` } },
});

/** A device on a fake socket: what it was sent, and a way to wait for a message. */
function device() {
  const inbox: SimDeviceMessage[] = [];
  const waiters: { type: string; resolve: (m: SimDeviceMessage) => void }[] = [];
  const socket = attachSoftphone(sim, {
    send(message) {
      inbox.push(message);
      for (const waiter of waiters.splice(0))
        if (waiter.type === message.type) waiter.resolve(message);
        else waiters.push(waiter);
    },
  });
  const next = <T extends SimDeviceMessage["type"]>(type: T) =>
    new Promise<Extract<SimDeviceMessage, { type: T }>>((resolve) => {
      const seen = inbox.find((m) => m.type === type);
      if (seen) {
        inbox.splice(inbox.indexOf(seen), 1);
        return resolve(seen as Extract<SimDeviceMessage, { type: T }>);
      }
      waiters.push({ type, resolve: (m) => resolve(m as Extract<SimDeviceMessage, { type: T }>) });
    });
  const send = (message: object) => socket.receive(JSON.stringify(message));
  return { inbox, next, send, close: () => socket.close() };
}

async function registered(identity = "alice") {
  const phone = device();
  phone.send({ type: "register", token: tokenFor(identity) });
  await phone.next("registered");
  return phone;
}

beforeAll(() => app.ready());
afterAll(() => app.close());
beforeEach(() => {
  sim.reset();
  legs.length = 0;
  appCalls.length = 0;
});

describe("access tokens", () => {
  const now = new Date();
  const secretOf = (sid: string) => (sid === KEY_SID ? KEY_SECRET : null);
  it.each([
    ["a token the twilio package signed", tokenFor("alice"), { ok: true }],
    [
      "another key's secret",
      tokenFor("alice", { secret: "wrong" }),
      { ok: false, reason: "invalid signature" },
    ],
    ["another account's", tokenFor("alice", { account: `AC${"f".repeat(32)}` }), { ok: false }],
    ["not a JWT", "nope", { ok: false, reason: "malformed token" }],
  ])("%s", (_name, token, expected) => {
    expect(verifyAccessToken(token, ACCOUNT_SID, secretOf, now)).toMatchObject(expected);
  });

  it("an expired token is refused; a good one carries the identity and the voice grant", () => {
    const token = tokenFor("alice", { ttl: 60 });
    const later = new Date(now.getTime() + 61_000);
    expect(verifyAccessToken(token, ACCOUNT_SID, secretOf, later)).toEqual({
      ok: false,
      reason: "token expired",
    });
    const checked = verifyAccessToken(token, ACCOUNT_SID, secretOf, now);
    expect(checked).toMatchObject({
      ok: true,
      claims: { identity: "alice", incomingAllow: true, outgoingApplicationSid: APP_SID },
    });
  });

  it("a device with a bad token is not registered and cannot do anything", async () => {
    const phone = device();
    phone.send({ type: "register", token: tokenFor("alice", { secret: "wrong" }) });
    expect(await phone.next("error")).toMatchObject({ code: "invalid-token" });
    phone.send({ type: "connect", ref: "1", params: { To: CALLER } });
    expect(await phone.next("error")).toMatchObject({ code: "bad-message" });
    expect(sim.devices.has("alice")).toBe(false);
  });
});

describe("a <Dial><Client> rings the registered softphone", () => {
  it("accepted: the caller and the device talk until the device hangs up; the leg reports itself", async () => {
    const phone = await registered();
    const call = sim.placeCall({ from: CALLER, to: OUR_NUMBER });
    const incoming = await phone.next("incoming");
    expect(incoming.parameters).toMatchObject({ From: CALLER, To: "client:alice" });
    phone.send({ type: "accept", callSid: incoming.parameters.CallSid });
    expect(await phone.next("accepted")).toMatchObject({ parameters: incoming.parameters });
    phone.send({ type: "digits", callSid: incoming.parameters.CallSid, digits: "5" });
    phone.send({ type: "mute", callSid: incoming.parameters.CallSid, muted: true });
    expect(await phone.next("muted")).toMatchObject({ muted: true });
    phone.send({ type: "hangup", callSid: incoming.parameters.CallSid });
    await phone.next("disconnected");
    const transcript = await call;
    expect(incoming.customParameters).toEqual({ ParentCallSid: transcript.callSid });
    expect(transcript.dials[0]).toMatchObject({ dialCallStatus: "completed" });
    expect(transcript.dials[0]?.legs[0]).toMatchObject({ noun: "Client", target: "alice", bridged: true });
    expect(legs).toEqual([
      expect.objectContaining({
        CallSid: incoming.parameters.CallSid,
        ParentCallSid: transcript.callSid,
        To: "client:alice",
        CallStatus: "completed",
      }),
    ]);
  });

  it("rejected: the leg is busy", async () => {
    const phone = await registered();
    const call = sim.placeCall({ from: CALLER, to: OUR_NUMBER });
    const incoming = await phone.next("incoming");
    phone.send({ type: "reject", callSid: incoming.parameters.CallSid });
    expect((await call).dials[0]?.dialCallStatus).toBe("busy");
  });

  it("two tabs of one member: the first to accept takes the call, the other stops ringing", async () => {
    const [first, second] = [await registered(), await registered()];
    const call = sim.placeCall({ from: CALLER, to: OUR_NUMBER });
    const offered = await first.next("incoming");
    await second.next("incoming");
    second.send({ type: "accept", callSid: offered.parameters.CallSid });
    await second.next("accepted");
    expect(await first.next("canceled")).toEqual({ type: "canceled", callSid: offered.parameters.CallSid });
    second.close();
    expect((await call).dials[0]?.dialCallStatus).toBe("completed");
  });

  it("a softphone that closes while ringing declines; none registered rings out", async () => {
    const phone = await registered();
    const call = sim.placeCall({ from: CALLER, to: OUR_NUMBER });
    await phone.next("incoming");
    phone.close();
    expect((await call).dials[0]?.dialCallStatus).toBe("failed");
    const unregistered = await sim.placeCall({ from: CALLER, to: OUR_NUMBER });
    expect(unregistered.dials[0]?.dialCallStatus).toBe("no-answer");
  });
});

describe("a softphone calls out through the TwiML application", () => {
  it("the app's voice URL hears the client and its parameters; the call lasts until the device hangs up", async () => {
    const phone = await registered();
    phone.send({ type: "connect", ref: "r1", params: { To: "+13055559999", CallerId: "num_1" } });
    const ringing = await phone.next("ringing");
    expect(ringing).toMatchObject({ ref: "r1", parameters: { From: "client:alice", To: "+13055559999" } });
    await phone.next("accepted");
    await expect.poll(() => appCalls.length).toBe(1);
    expect(appCalls[0]).toMatchObject({
      From: "client:alice",
      To: "+13055559999",
      CallerId: "num_1",
      ApplicationSid: APP_SID,
      Direction: "inbound",
    });
    const call = sim.calls().find((c) => c.sid === ringing.parameters.CallSid);
    expect(call?.transcript).toBeNull();
    phone.send({ type: "hangup", callSid: ringing.parameters.CallSid });
    await phone.next("disconnected");
    await expect.poll(() => call?.transcript?.dials[0]?.dialCallStatus).toBe("completed");
  });

  it("a token without a known TwiML application places nothing", async () => {
    const token = new twilio.jwt.AccessToken(ACCOUNT_SID, KEY_SID, KEY_SECRET, { identity: "bob", ttl: 600 });
    token.addGrant(new twilio.jwt.AccessToken.VoiceGrant({ incomingAllow: true }));
    const phone = device();
    phone.send({ type: "register", token: token.toJwt() });
    await phone.next("registered");
    phone.send({ type: "connect", ref: "r2", params: { To: "+13055559999" } });
    expect(await phone.next("error")).toMatchObject({ code: "no-application", ref: "r2" });
  });
});

describe("a call the app creates to a softphone (a ring group's member)", () => {
  it("rings the device in real time; once accepted its TwiML runs, and the device hears the end", async () => {
    const phone = await registered();
    const call = await sim.createCall({
      from: OUR_NUMBER,
      to: "client:alice",
      url: `${APP}/member`,
      timeout: 20,
    });
    const incoming = await phone.next("incoming");
    expect(incoming.parameters).toEqual({ CallSid: call.sid, From: OUR_NUMBER, To: "client:alice" });
    phone.send({ type: "accept", callSid: call.sid });
    await phone.next("disconnected");
    await sim.idle();
    expect(call.transcript?.spoken).toEqual(["A caller is waiting."]);
    expect(call.status).toBe("completed");
  });

  it("canceled by the app while it rings: the device stops ringing and the call ends canceled", async () => {
    const phone = await registered();
    const call = await sim.createCall({ from: OUR_NUMBER, to: "client:alice", url: `${APP}/member` });
    await phone.next("incoming");
    expect(sim.updateCall(call.sid, "canceled")).toMatchObject({ outcome: "updated" });
    expect(await phone.next("canceled")).toEqual({ type: "canceled", callSid: call.sid });
    await sim.idle();
    expect(call.transcript?.status).toBe("canceled");
  });
});
