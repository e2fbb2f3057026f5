import Fastify from "fastify";
import twilio from "twilio";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCarrierSim, createVirtualClock, injectTransport } from "../src/index";
import { MAX_WAIT_ROUNDS, WAIT_CLIP_SECONDS } from "../src/twiml-runner";

const ACCOUNT_SID = `AC${"1".repeat(32)}`;
const AUTH_TOKEN = "queue-test-token";
const APP = "http://app.test";
const OURS = "+18005550150";
const CALLER = "+13055551234";
const MEMBER = "+13055550101";
const HOLD = "https://media.example/hold.mp3";

/** A tiny phone app: callers wait in a queue while the app calls a member who takes them. */
const app = Fastify();
app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
  done(null, Object.fromEntries(new URLSearchParams(body as string))),
);
const state = {
  members: [] as string[],
  leave: false,
  ringMember: true,
  memberStatuses: [] as string[],
  /** The wait URL offers a key (a <Gather> around the music): its action says <Leave/>. */
  offerKey: false,
  keys: [] as string[],
};
const xml = (build: (r: twilio.twiml.VoiceResponse) => void) => {
  const response = new twilio.twiml.VoiceResponse();
  build(response);
  return response.toString();
};
type Body = Record<string, string>;

app.post("/voice", async (request, reply) => {
  const { CallSid } = request.body as Body;
  reply.type("text/xml");
  return xml((r) => r.enqueue({ waitUrl: "/wait", waitUrlMethod: "POST", action: "/after" }, CallSid));
});
app.post("/wait", async (request, reply) => {
  const { CallSid } = request.body as Body;
  reply.type("text/xml");
  if (state.ringMember && !state.members.includes(CallSid ?? "")) {
    state.members.push(CallSid ?? "");
    await sim.createCall({
      from: OURS,
      to: MEMBER,
      url: `${APP}/member?q=${CallSid}`,
      statusCallback: `${APP}/member-status`,
      timeout: 20,
    });
  }
  if (state.offerKey && !state.leave)
    return xml((r) => r.gather({ numDigits: 1, timeout: 1, action: "/wait-key" }).play(HOLD));
  return xml((r) => (state.leave ? r.leave() : r.play(HOLD)));
});
app.post("/wait-key", async (request, reply) => {
  const { Digits } = request.body as Body;
  state.keys.push(Digits ?? "");
  reply.type("text/xml");
  return xml((r) => (Digits === "1" ? r.leave() : r.say("Not a choice.")));
});
app.post("/member", async (request, reply) => {
  const { q } = request.query as Body;
  reply.type("text/xml");
  return xml((r) => {
    r.say("Call for Test Co.");
    r.dial().queue(q ?? "");
  });
});
app.post("/member-status", async (request) => {
  const { CallStatus } = request.body as Body;
  state.memberStatuses.push(CallStatus ?? "");
  if (CallStatus !== "completed") state.leave = true;
  return "";
});
app.post("/after", async (request, reply) => {
  const { QueueResult } = request.body as Body;
  reply.type("text/xml");
  return xml((r) => {
    if (QueueResult !== "bridged") r.say(`Result ${QueueResult}`);
    r.hangup();
  });
});

const sim = createCarrierSim({
  accountSid: ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  publicBaseUrl: "http://sim.test/carrier-sim",
  numbers: { [OURS]: { phoneNumber: OURS, voiceUrl: `${APP}/voice` } },
  transport: injectTransport(app),
  clock: createVirtualClock(new Date("2024-01-02T03:04:05Z")),
});

beforeAll(() => app.ready());
afterAll(() => app.close());
beforeEach(() => {
  sim.reset();
  Object.assign(state, {
    members: [],
    leave: false,
    ringMember: true,
    memberStatuses: [],
    offerKey: false,
    keys: [],
  });
});

const kinds = (webhooks: { kind: string }[]) => webhooks.map((w) => w.kind);

describe("Enqueue, Leave and Dial Queue", () => {
  it("a member's <Dial><Queue> takes the waiting caller; both talk for the member's talk time", async () => {
    sim.setCallee(MEMBER, { ringSeconds: 3, talkSeconds: 30 });
    const call = await sim.placeCall({ from: CALLER, to: OURS });
    await sim.idle();
    const member = sim.calls().find((c) => c.direction === "outbound-api");
    expect(call.played).toEqual([HOLD]);
    expect(call.queueWaits).toEqual([
      expect.objectContaining({
        queue: call.callSid,
        result: "bridged",
        bridgedWith: member?.sid,
        talkSeconds: 30,
        waitRounds: 1,
        queueTime: WAIT_CLIP_SECONDS,
      }),
    ]);
    expect(kinds(call.webhooks).slice(0, 3)).toEqual(["voice", "enqueue-wait", "enqueue-action"]);
    expect(call.webhooks[2]?.params).toMatchObject({
      QueueResult: "bridged",
      QueueTime: String(WAIT_CLIP_SECONDS),
    });
    expect(call.durationSeconds).toBe(WAIT_CLIP_SECONDS + 30);
    expect(call.ended.reason).toBe("hangup-verb");
    expect(call.errors).toEqual([]);

    expect(member).toMatchObject({ to: MEMBER, from: OURS, status: "completed" });
    expect(member?.transcript?.spoken).toEqual(["Call for Test Co."]);
    expect(member?.transcript?.dials[0]).toMatchObject({
      dialCallStatus: "completed",
      dialCallDuration: 30,
      legs: [{ noun: "Queue", target: call.callSid, bridged: true, callSid: call.callSid }],
    });
    expect(state.memberStatuses).toEqual(["completed"]);
  });

  it("<Leave/> from the wait URL ends the wait: the action gets QueueResult=leave", async () => {
    sim.setCallee(MEMBER, { outcome: "busy" });
    const call = await sim.placeCall({ from: CALLER, to: OURS });
    await sim.idle();
    expect(state.memberStatuses).toEqual(["busy"]);
    expect(call.played).toEqual([HOLD]);
    expect(call.queueWaits[0]).toMatchObject({ result: "leave", waitRounds: 2, bridgedWith: null });
    expect(call.verbs.map((v) => v.verb)).toEqual(["Enqueue", "Play", "Leave", "Say", "Hangup"]);
    expect(call.spoken).toEqual(["Result leave"]);
    expect(call.errors).toEqual([]);
  });

  it("a caller nobody takes gives up after a bounded wait (QueueResult=hangup)", async () => {
    state.ringMember = false;
    const call = await sim.placeCall({ from: CALLER, to: OURS });
    expect(call.played).toHaveLength(MAX_WAIT_ROUNDS);
    expect(call.queueWaits[0]).toMatchObject({ result: "hangup", waitRounds: MAX_WAIT_ROUNDS });
    expect(call.webhooks.at(-1)).toMatchObject({ kind: "enqueue-action", params: { QueueResult: "hangup" } });
    expect(call.ended.reason).toBe("caller-hangup");
    expect(call.spoken).toEqual([]);
  });

  it("a <Gather> in the wait URL: silence plays on; a key requests its action, whose <Leave/> leaves", async () => {
    Object.assign(state, { ringMember: false, offerKey: true });
    const call = await sim.placeCall({ from: CALLER, to: OURS, press: ["", "9", "1"] });
    expect(state.keys).toEqual(["9", "1"]);
    expect(call.played).toEqual([HOLD, HOLD, HOLD]);
    expect(call.spoken).toEqual(["Not a choice.", "Result leave"]);
    expect(kinds(call.webhooks)).toEqual([
      "voice",
      "enqueue-wait",
      "enqueue-wait",
      "gather-action",
      "enqueue-wait",
      "gather-action",
      "enqueue-action",
    ]);
    expect(call.webhooks[1]?.params).toMatchObject({ QueuePosition: "1", CurrentQueueSize: "1" });
    expect(call.queueWaits[0]).toMatchObject({ result: "leave", waitRounds: 3 });
    expect(call.errors).toEqual([]);
  });

  it("<Dial><Queue> of an empty queue fails at once", async () => {
    const created = await sim.createCall({
      from: OURS,
      to: MEMBER,
      twiml: "<Response><Dial><Queue>nobody</Queue></Dial><Leave/></Response>",
    });
    await sim.idle();
    const transcript = sim.call(created.sid)?.transcript;
    expect(transcript?.dials[0]).toMatchObject({ dialCallStatus: "failed", legs: [{ noun: "Queue" }] });
    // <Leave/> outside a queue's wait does nothing.
    expect(transcript?.verbs.at(-1)).toMatchObject({ verb: "Leave", outcome: "not in a queue" });
    expect(transcript?.errors).toEqual([]);
  });
});
