/**
 * Ending calls through the REST API (POST Calls/{Sid}.json with Status): a phone still ringing
 * stops at once and reports canceled, on the sim's timeline shared by a caller waiting in a queue
 * and the member calls the app places for it.
 */
import Fastify from "fastify";
import twilio from "twilio";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CarrierSimRequestClient,
  carrierSimPlugin,
  createCarrierSim,
  createSpecValidators,
  createVirtualClock,
  injectTransport,
} from "../src/index";

const ACCOUNT_SID = `AC${"2".repeat(32)}`;
const AUTH_TOKEN = "cancel-test-token";
const APP = "http://app.test";
const OURS = "+18005550160";
const CALLER = "+13055551234";
const MEMBERS = ["+13055550101", "+13055550102", "+13055550103"];
const HOLD = "https://media.example/hold.mp3";
const ACCOUNT = `/carrier-sim/2010-04-01/Accounts/${ACCOUNT_SID}`;

type Body = Record<string, string>;
const xml = (build: (r: twilio.twiml.VoiceResponse) => void) => {
  const response = new twilio.twiml.VoiceResponse();
  build(response);
  return response.toString();
};

/** A tiny ring group: every member is called at once; the first to answer takes the caller. */
const app = Fastify();
app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
  done(null, Object.fromEntries(new URLSearchParams(body as string))),
);
const state = {
  ringMembers: true,
  timeout: 20,
  members: [] as string[],
  taken: false,
  waits: 0,
  /** Status the app sets on the waiting caller's own call at wait request n. */
  callerUpdates: {} as Record<number, "canceled" | "completed">,
  /** The REST answers to the cancels sent when a member answered, as JSON. */
  cancelAnswers: [] as Record<string, unknown>[],
  reports: [] as [string, string][],
  queueResults: [] as string[],
};
const client = new twilio.Twilio(ACCOUNT_SID, AUTH_TOKEN, {
  httpClient: new CarrierSimRequestClient({ baseUrl: "http://sim.test/carrier-sim", inject: app }),
});

app.post("/voice", async (request, reply) => {
  const { CallSid } = request.body as Body;
  reply.type("text/xml");
  return xml((r) => r.enqueue({ waitUrl: "/wait", waitUrlMethod: "POST", action: "/after" }, CallSid));
});
app.post("/wait", async (request, reply) => {
  const { CallSid = "" } = request.body as Body;
  state.waits++;
  if (state.ringMembers && state.members.length === 0) {
    for (const to of MEMBERS) {
      const call = await client.calls.create({
        from: OURS,
        to,
        url: `${APP}/member?q=${CallSid}`,
        statusCallback: `${APP}/member-status`,
        statusCallbackEvent: ["initiated", "ringing", "answered", "completed"],
        timeout: state.timeout,
      });
      state.members.push(call.sid);
    }
  }
  const update = state.callerUpdates[state.waits];
  if (update) await client.calls(CallSid).update({ status: update });
  reply.type("text/xml");
  return xml((r) => r.play(HOLD));
});
app.post("/member", async (request, reply) => {
  const { CallSid } = request.body as Body;
  const { q = "" } = request.query as Body;
  reply.type("text/xml");
  if (state.taken) return xml((r) => r.hangup());
  state.taken = true;
  // The raw REST answers, to check them against the carrier's response schema.
  for (const sid of state.members.filter((s) => s !== CallSid)) {
    const answer = await app.inject({
      method: "POST",
      url: `${ACCOUNT}/Calls/${sid}.json`,
      headers: {
        authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: "Status=canceled",
    });
    state.cancelAnswers.push(answer.json());
  }
  return xml((r) => r.dial().queue(q));
});
app.post("/member-status", async (request) => {
  const { CallSid = "", CallStatus = "" } = request.body as Body;
  state.reports.push([CallSid, CallStatus]);
  return "";
});
app.post("/after", async (request, reply) => {
  const { QueueResult = "" } = request.body as Body;
  state.queueResults.push(QueueResult);
  if (QueueResult !== "bridged") {
    for (const sid of state.members) {
      // A phone that stopped ringing by itself is already over: the carrier says 21220.
      await client
        .calls(sid)
        .update({ status: "canceled" })
        .catch((err: { code?: number }) => {
          if (err.code !== 21220) throw err;
        });
    }
  }
  reply.type("text/xml");
  return xml((r) => r.hangup());
});

const sim = createCarrierSim({
  accountSid: ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  publicBaseUrl: "http://sim.test/carrier-sim",
  numbers: { [OURS]: { phoneNumber: OURS, voiceUrl: `${APP}/voice` } },
  transport: injectTransport(app),
  clock: createVirtualClock(new Date("2024-01-02T03:04:05Z")),
});
app.register(carrierSimPlugin, { prefix: "/carrier-sim", sim });
const validators = createSpecValidators();

beforeAll(() => app.ready());
afterAll(() => app.close());
beforeEach(() => {
  sim.reset();
  Object.assign(state, {
    ringMembers: true,
    timeout: 20,
    members: [],
    taken: false,
    waits: 0,
    callerUpdates: {},
    cancelAnswers: [],
    reports: [],
    queueResults: [],
  });
});

const reportsOf = (sid: string | undefined) =>
  state.reports.filter(([s]) => s === sid).map(([, status]) => status);

describe("ending calls through the REST API", () => {
  it("a member answering: the app cancels the other phones, which stop at once and report canceled", async () => {
    sim.setCallee(MEMBERS[0] as string, { outcome: "no-answer" });
    sim.setCallee(MEMBERS[1] as string, { ringSeconds: 5, talkSeconds: 30 });
    sim.setCallee(MEMBERS[2] as string, { outcome: "no-answer" });
    const call = await sim.placeCall({ from: CALLER, to: OURS });
    await sim.idle();

    const [first, second, third] = state.members;
    expect(call.queueWaits).toMatchObject([{ result: "bridged", bridgedWith: second, waitRounds: 1 }]);
    const validUpdate = validators.response("updateCall");
    for (const answer of state.cancelAnswers) {
      expect(validUpdate(answer), JSON.stringify(validUpdate.errors)).toBe(true);
      expect(answer.status).toBe("canceled");
    }
    expect(state.cancelAnswers.map((a) => a.sid)).toEqual([first, third]);
    for (const sid of [first, third]) {
      const canceled = sim.call(sid ?? "");
      expect(canceled?.status).toBe("canceled");
      // It rang until the answer (5 s), not until its timeout (20 s); its TwiML was never asked for.
      expect(canceled?.transcript?.ended).toMatchObject({
        reason: "not-answered",
        at: 5,
        detail: "canceled",
      });
      expect(canceled?.endTime?.getTime()).toBe((canceled?.dateCreated.getTime() ?? 0) + 5000);
      expect(canceled?.transcript?.webhooks.map((w) => w.kind)).toEqual([
        "call-status",
        "call-status",
        "call-status",
      ]);
      expect(reportsOf(sid)).toEqual(["initiated", "ringing", "canceled"]);
    }
    expect(reportsOf(second)).toEqual(["initiated", "ringing", "in-progress", "completed"]);
    // A call that has ended cannot be ended again: the carrier's 21220.
    await expect(client.calls(first ?? "").update({ status: "canceled" })).rejects.toMatchObject({
      status: 400,
      code: 21220,
    });
  });

  it("a caller out of patience hangs up; the app cancels the phones still ringing", async () => {
    state.timeout = 45;
    for (const member of MEMBERS) sim.setCallee(member, { outcome: "no-answer" });
    const call = await sim.placeCall({ from: CALLER, to: OURS, patienceSeconds: 30 });
    await sim.idle();

    expect(call.queueWaits).toMatchObject([{ result: "hangup", queueTime: 30, waitRounds: 2 }]);
    expect(call.ended.reason).toBe("caller-hangup");
    expect(state.queueResults).toEqual(["hangup"]);
    for (const sid of state.members) {
      expect(sim.call(sid)?.transcript?.ended).toMatchObject({ at: 30, detail: "canceled" });
      expect(reportsOf(sid)).toEqual(["initiated", "ringing", "canceled"]);
    }
  });

  it("a phone rings on the caller's time: one that gives up before the caller does rings out", async () => {
    for (const member of MEMBERS) sim.setCallee(member, { outcome: "no-answer" });
    const call = await sim.placeCall({ from: CALLER, to: OURS, patienceSeconds: 30 });
    await sim.idle();
    // The phones gave up at 20 s, within the caller's first wait: nothing left to cancel.
    expect(state.members.map((sid) => sim.call(sid)?.status)).toEqual([
      "no-answer",
      "no-answer",
      "no-answer",
    ]);
    expect(call.queueWaits[0]?.result).toBe("hangup");
    expect(call.errors).toEqual([]);
  });

  it("Status=canceled leaves a call in progress; Status=completed hangs it up at its next step", async () => {
    state.ringMembers = false;
    state.callerUpdates = { 1: "canceled", 2: "completed" };
    const call = await sim.placeCall({ from: CALLER, to: OURS });
    expect(call.played).toEqual([HOLD, HOLD]);
    expect(call.queueWaits).toMatchObject([{ result: "hangup", waitRounds: 2 }]);
    expect(call.ended.reason).toBe("api-hangup");
    expect(call.status).toBe("completed");
    // Hung up by the app, the caller never reaches the Enqueue action.
    expect(call.webhooks.some((w) => w.kind === "enqueue-action")).toBe(false);
  });

  it("with nobody on the line, a phone the app calls rings and answers by itself", async () => {
    const created = await client.calls.create({
      from: OURS,
      to: MEMBERS[0] as string,
      twiml: "<Response><Say>Hello</Say></Response>",
    });
    expect(created.status).toBe("queued");
    await vi.waitFor(() => expect(sim.call(created.sid)?.status).toBe("completed"));
    expect(sim.call(created.sid)?.transcript?.spoken).toEqual(["Hello"]);
  });
});
