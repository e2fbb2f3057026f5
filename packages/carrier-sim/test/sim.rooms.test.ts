/**
 * A call answered in a browser moves into a conference: the app redirects the softphone's leg (a
 * child call) and the caller follows through its Dial's action, as the carrier documents for a
 * child call's update. The room reports who joins and leaves.
 */
import Fastify from "fastify";
import twilio from "twilio";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { attachSoftphone, createCarrierSim, injectTransport, type SimDeviceMessage } from "../src/index";

const ACCOUNT_SID = `AC${"a".repeat(32)}`;
const KEY_SID = `SK${"b".repeat(32)}`;
const KEY_SECRET = "the-key-secret";
const APP = "http://app.test";
const OUR_NUMBER = "+13055550100";
const CALLER = "+13055551234";
const ROOM = `<Conference statusCallback="${APP}/room" statusCallbackEvent="join leave">room-1</Conference>`;

const app = Fastify();
const form = (body: unknown) => body as Record<string, string>;
const legReports: Record<string, string>[] = [];
const roomEvents: Record<string, string>[] = [];
const dialActions: Record<string, string>[] = [];
app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, body, done) =>
  done(null, Object.fromEntries(new URLSearchParams(String(body)))),
);
app.post("/voice", async (_request, reply) =>
  reply
    .type("text/xml")
    .send(
      `<Response><Dial action="/after"><Client statusCallback="${APP}/leg"><Identity>alice</Identity></Client></Dial></Response>`,
    ),
);
app.post("/after", async (request, reply) => {
  dialActions.push(form(request.body));
  return reply.type("text/xml").send(`<Response><Dial>${ROOM}</Dial></Response>`);
});
app.post("/leg", async (request, reply) => {
  legReports.push(form(request.body));
  return reply.type("text/xml").send("<Response/>");
});
app.post("/room", async (request, reply) => {
  roomEvents.push(form(request.body));
  return reply.send("");
});

const sim = createCarrierSim({
  accountSid: ACCOUNT_SID,
  authToken: "sim-auth-token",
  publicBaseUrl: "http://sim.test/carrier-sim",
  numbers: { [OUR_NUMBER]: { phoneNumber: OUR_NUMBER, voiceUrl: `${APP}/voice` } },
  transport: injectTransport(app),
  apiKeys: { [KEY_SID]: KEY_SECRET },
});

function tokenFor(identity: string) {
  const token = new twilio.jwt.AccessToken(ACCOUNT_SID, KEY_SID, KEY_SECRET, { identity });
  token.addGrant(new twilio.jwt.AccessToken.VoiceGrant({ incomingAllow: true }));
  return token.toJwt();
}

async function registeredDevice() {
  const inbox: SimDeviceMessage[] = [];
  const socket = attachSoftphone(sim, { send: (message) => inbox.push(message) });
  const send = (message: object) => socket.receive(JSON.stringify(message));
  const next = async <T extends SimDeviceMessage["type"]>(type: T) => {
    await expect.poll(() => inbox.some((m) => m.type === type)).toBe(true);
    const found = inbox.find((m) => m.type === type);
    inbox.splice(inbox.indexOf(found as SimDeviceMessage), 1);
    return found as Extract<SimDeviceMessage, { type: T }>;
  };
  send({ type: "register", token: tokenFor("alice") });
  await next("registered");
  return { send, next };
}

beforeAll(() => app.ready());
afterAll(() => app.close());
beforeEach(() => {
  sim.reset();
  for (const list of [legReports, roomEvents, dialActions]) list.length = 0;
});

it("a redirected softphone leg keeps its device, the caller follows by the Dial's action, the room reports both", async () => {
  const phone = await registeredDevice();
  const call = sim.placeCall({ from: CALLER, to: OUR_NUMBER });
  const incoming = await phone.next("incoming");
  const legSid = incoming.parameters.CallSid;
  phone.send({ type: "accept", callSid: legSid });
  await phone.next("accepted");

  // The leg is a call of the carrier's while bridged: it can be fetched and redirected.
  expect(sim.call(legSid)).toMatchObject({ direction: "outbound-dial", status: "in-progress" });
  expect(sim.redirectCall(legSid, { twiml: `<Response><Dial>${ROOM}</Dial></Response>` }).outcome).toBe(
    "updated",
  );
  await expect.poll(() => sim.conferences.participants("room-1").length).toBe(2);
  expect(dialActions).toEqual([expect.objectContaining({ DialCallStatus: "completed" })]);
  // The device was not hung up: it is still on the call, now in the room.
  expect(legReports).toEqual([]);

  phone.send({ type: "hangup", callSid: legSid });
  await phone.next("disconnected");
  await expect.poll(() => legReports.length).toBe(1);
  const caller = (await sim.calls())[0]?.sid;
  expect(legReports[0]).toMatchObject({ CallSid: legSid, ParentCallSid: caller, CallStatus: "completed" });
  expect(Number(legReports[0]?.CallDuration)).toBeGreaterThanOrEqual(1);

  // The caller is alone in the room until the app ends it.
  expect(sim.conferences.participants("room-1").map((p) => p.callSid)).toEqual([caller]);
  sim.conferences.end("room-1");
  const transcript = await call;
  expect(transcript.status).toBe("completed");
  const events = roomEvents.map((e) => `${e.StatusCallbackEvent} ${e.CallSid === legSid ? "leg" : "caller"}`);
  expect(events.sort()).toEqual([
    "participant-join caller",
    "participant-join leg",
    "participant-leave caller",
    "participant-leave leg",
  ]);
  expect(roomEvents.every((e) => e.FriendlyName === "room-1" && e.ConferenceSid?.startsWith("CF"))).toBe(
    true,
  );
});
