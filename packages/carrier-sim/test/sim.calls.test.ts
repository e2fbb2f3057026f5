import Fastify from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type CallTranscript,
  carrierSimPlugin,
  createCarrierSim,
  createVirtualClock,
  injectTransport,
  readWavInfo,
  type WebhookExchange,
} from "../src/index";
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  CALLER,
  phoneDirectory,
  registerPhoneApp,
  SALES,
  SUPPORT_A,
  SUPPORT_B,
  SUPPORT_C,
} from "./fixtures/phone-app";

const APP = "http://app.test";
const SIM = "http://sim.test/carrier-sim";

const app = Fastify();
const { received } = registerPhoneApp(app, { base: () => APP });
const clock = createVirtualClock(new Date("2024-01-02T03:04:05Z"));
const sim = createCarrierSim({
  accountSid: ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  publicBaseUrl: SIM,
  numbers: phoneDirectory(() => APP),
  transport: injectTransport(app),
  clock,
});
// Where the sim's recordings are served, as in the API that embeds it.
const simServer = Fastify();
simServer.register(carrierSimPlugin, { prefix: "/carrier-sim", sim });

beforeAll(async () => {
  await app.ready();
  await simServer.ready();
});
afterAll(async () => {
  await app.close();
  await simServer.close();
});
beforeEach(() => {
  received.length = 0;
  sim.reset();
});

const twimlRequests = (call: CallTranscript) =>
  call.webhooks.filter((w) => !["call-status", "recording-status", "transcription"].includes(w.kind));
const statusCallbacks = (call: CallTranscript) => call.webhooks.filter((w) => w.kind === "call-status");
const paths = (webhooks: WebhookExchange[]) => webhooks.map((w) => new URL(w.url).pathname);

describe("signatures", () => {
  it("signs every webhook as the carrier does, for POST and GET", async () => {
    await sim.placeCall({
      from: CALLER,
      to: "#4LAW",
      press: ["1"],
      dial: { [SALES]: { outcome: "answer" } },
    });
    await sim.placeCall({ from: CALLER, to: "+18005550102" });
    expect(received.length).toBeGreaterThan(8);
    expect(received.every((request) => request.signatureValid)).toBe(true);
    expect(received.some((request) => request.method === "GET")).toBe(true);
  });

  it("sends the carrier's parameters, empty strings where unknown", async () => {
    const call = await sim.placeCall({
      from: "(305) 555-1234",
      to: "#4LAW",
      fromState: "FL",
      fromCountry: "US",
      press: ["1"],
    });
    const first = received[0]?.params ?? {};
    expect(call.callSid).toMatch(/^CA[0-9a-f]{32}$/);
    expect(first).toMatchObject({
      AccountSid: ACCOUNT_SID,
      ApiVersion: "2010-04-01",
      CallSid: call.callSid,
      CallStatus: "ringing",
      Direction: "inbound",
      From: CALLER,
      Caller: CALLER,
      To: "+18005550100",
      Called: "+18005550100",
      FromState: "FL",
      FromCountry: "US",
      FromCity: "",
      FromZip: "",
      ToState: "FL",
      ToCountry: "US",
    });
    // After the first verb the call is answered.
    expect(received[1]).toMatchObject({ path: "/voice/ivr/menu", params: { CallStatus: "in-progress" } });
  });

  it("is refused by an app holding another token, which ends the call with an application error", async () => {
    const other = Fastify();
    registerPhoneApp(other, { base: () => APP, authToken: "another-token" });
    const stranger = createCarrierSim({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      publicBaseUrl: SIM,
      numbers: phoneDirectory(() => APP),
      transport: injectTransport(other),
    });
    const call = await stranger.placeCall({ from: CALLER, to: "#4LAW" });
    expect(call.webhooks[0]?.status).toBe(403);
    expect(call.ended.reason).toBe("application-error");
    expect(call.errors[0]?.code).toBe(11200);
    await other.close();
  });
});

describe("Gather", () => {
  it("follows the keys pressed through the menu", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "#4LAW", press: ["9", "1"] });
    expect(paths(twimlRequests(call))).toEqual([
      "/voice/ivr",
      "/voice/ivr/menu",
      "/voice/ivr",
      "/voice/ivr/menu",
      "/voice/dial-status",
      "/voice/record",
      "/voice/recorded",
    ]);
    expect(call.gathers.map((g) => g.digits)).toEqual(["9", "1"]);
    expect(twimlRequests(call)[1]?.params).toMatchObject({ Digits: "9", FinishedOnKey: "" });
    expect(call.spoken).toContain("That is not a choice.");
    expect(call.spoken).toContain("Connecting you to sales.");
    expect(call.verbs.map((v) => v.verb)).toContain("Redirect");
  });

  it("falls through to the next verb on a timeout without actionOnEmptyResult", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "#4LAW", press: [""] });
    expect(paths(twimlRequests(call))).toEqual(["/voice/ivr"]);
    expect(call.gathers[0]).toMatchObject({ timedOut: true, actionRequested: false });
    expect(call.spoken.at(-1)).toBe("We did not get your choice. Goodbye.");
    expect(call.ended).toMatchObject({ reason: "hangup-verb", url: `${APP}/voice/ivr` });
    // The prompt (3s for 8 words... at 2.5 words a second: 3s) and the 3s timeout, on the virtual clock.
    expect(call.gathers[0]?.at).toBe(6);
  });

  it("treats a missing press like silence", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "#4LAW" });
    expect(call.gathers[0]?.timedOut).toBe(true);
  });

  it("requests the action on a timeout with actionOnEmptyResult, without Digits", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "+18005550101", press: [""] });
    const action = twimlRequests(call)[1];
    expect(action && new URL(action.url).pathname).toBe("/voice/gathered");
    expect(action?.params.Digits).toBeUndefined();
    expect(call.spoken.at(-1)).toBe("You entered nothing.");
  });

  it("stops at finishOnKey and submits the digits before it", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "+18005550101", press: ["1234#99"] });
    expect(twimlRequests(call)[1]?.params).toMatchObject({ Digits: "1234", FinishedOnKey: "#" });
    expect(call.spoken.at(-1)).toBe("You entered 1234.");
  });
});

describe("Dial", () => {
  it("answered: bridges, then posts completed with the duration", async () => {
    const call = await sim.placeCall({
      from: CALLER,
      to: "#4LAW",
      press: ["1"],
      dial: { [SALES]: { outcome: "answer", ringSeconds: 4, talkSeconds: 60 } },
    });
    const action = twimlRequests(call).find((w) => w.kind === "dial-action");
    expect(action?.params).toMatchObject({ DialCallStatus: "completed", DialCallDuration: "60" });
    expect(action?.params.DialCallSid).toMatch(/^CA[0-9a-f]{32}$/);
    expect(call.dials[0]).toMatchObject({ dialCallStatus: "completed", callerId: "+18005550100" });
    expect(call.ended.reason).toBe("hangup-verb");
  });

  it.each([
    ["busy", { outcome: "busy" as const }, "busy"],
    ["no-answer", { outcome: "no-answer" as const }, "no-answer"],
    ["failed", { outcome: "failed" as const }, "failed"],
    ["unscripted", undefined, "no-answer"],
    ["answers too late", { outcome: "answer" as const, ringSeconds: 25 }, "no-answer"],
  ])("%s: posts DialCallStatus and the app sends the caller to voicemail", async (_name, script, status) => {
    const call = await sim.placeCall({
      from: CALLER,
      to: "#4LAW",
      press: ["1"],
      ...(script ? { dial: { [SALES]: script } } : {}),
      recordSeconds: 0,
    });
    const action = twimlRequests(call).find((w) => w.kind === "dial-action");
    expect(action?.params).toMatchObject({ DialCallStatus: status, DialCallDuration: "0" });
    expect(call.spoken).toContain(`Dial ended: ${status}.`);
    expect(paths(twimlRequests(call))).toContain("/voice/record");
  });

  it("rings numbers together: the first to answer wins and the others are canceled", async () => {
    const call = await sim.placeCall({
      from: CALLER,
      to: "#4LAW",
      press: ["2"],
      dial: {
        [SUPPORT_A]: { outcome: "answer", ringSeconds: 9, talkSeconds: 30 },
        [SUPPORT_B]: { outcome: "answer", ringSeconds: 5, talkSeconds: 42 },
        [SUPPORT_C]: { outcome: "busy" },
      },
    });
    const legs = call.dials[0]?.legs ?? [];
    expect(legs.map((leg) => [leg.target, leg.status, leg.bridged])).toEqual([
      [SUPPORT_A, "canceled", false],
      [SUPPORT_B, "completed", true],
      [SUPPORT_C, "busy", false],
    ]);
    const action = twimlRequests(call).find((w) => w.kind === "dial-action");
    expect(action?.params).toMatchObject({ DialCallStatus: "completed", DialCallDuration: "42" });
    expect(action?.params.DialCallSid).toBe(legs[1]?.callSid);
    // record="record-from-answer": the bridged part is recorded and its URL posted with the action.
    expect(action?.params.RecordingDuration).toBe("42");
    expect(call.recordings[0]).toMatchObject({ source: "DialVerb", durationSeconds: 42 });
  });
});

describe("Record", () => {
  it("produces a downloadable WAV of the recorded length and posts it to the action", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "+18005550107", recordSeconds: 7 });
    const action = twimlRequests(call).find((w) => w.kind === "record-action");
    expect(action?.params.RecordingSid).toMatch(/^RE[0-9a-f]{32}$/);
    expect(action?.params.RecordingDuration).toBe("7");
    const url = action?.params.RecordingUrl ?? "";
    expect(url).toBe(`${SIM}/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/${action?.params.RecordingSid}`);

    for (const suffix of ["", ".wav"]) {
      const response = await simServer.inject({ method: "GET", url: new URL(url + suffix).pathname });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("audio/x-wav");
      expect(response.rawPayload.subarray(0, 4).toString("ascii")).toBe("RIFF");
      expect(response.rawPayload.subarray(8, 12).toString("ascii")).toBe("WAVE");
      expect(readWavInfo(response.rawPayload)).toMatchObject({
        sampleRate: 8000,
        channels: 1,
        durationSeconds: 7,
      });
    }
    const mp3 = await simServer.inject({ method: "GET", url: `${new URL(url).pathname}.mp3` });
    expect(mp3.headers["content-type"]).toBe("audio/mpeg");
    expect([...mp3.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xfb]);
    expect(call.spoken.at(-1)).toBe("Thank you. Goodbye.");
  });

  it("sends the recording status and transcription callbacks after the call", async () => {
    const call = await sim.placeCall({
      from: CALLER,
      to: "+18005550107",
      recordSeconds: 12,
      transcriptionText: "Hi, this is Ana, please call me back.",
    });
    const recordingStatus = call.webhooks.find((w) => w.kind === "recording-status");
    expect(recordingStatus?.params).toMatchObject({
      RecordingStatus: "completed",
      RecordingDuration: "12",
      CallSid: call.callSid,
      RecordingSource: "RecordVerb",
    });
    const transcription = call.webhooks.find((w) => w.kind === "transcription");
    expect(transcription?.params).toMatchObject({
      TranscriptionStatus: "completed",
      TranscriptionText: "Hi, this is Ana, please call me back.",
      RecordingSid: call.recordings[0]?.sid,
      CallSid: call.callSid,
    });
    expect(transcription?.params.TranscriptionSid).toMatch(/^TR[0-9a-f]{32}$/);
    expect(transcription && new URL(transcription.url).pathname).toBe("/voice/transcribed");
    expect(received.filter((r) => r.path === "/voice/transcribed")).toHaveLength(1);
  });

  it("completes the transcription with no words when the caller was scripted to say nothing", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "+18005550107", recordSeconds: 3 });
    expect(call.webhooks.find((w) => w.kind === "transcription")?.params).toMatchObject({
      TranscriptionStatus: "completed",
      TranscriptionText: "",
    });
  });

  it("caller hanging up: the action still gets the recording with Digits=hangup, and the call ends", async () => {
    const call = await sim.placeCall({
      from: CALLER,
      to: "+18005550107",
      recordSeconds: 5,
      recordEnd: "hangup",
    });
    const action = twimlRequests(call).find((w) => w.kind === "record-action");
    expect(action?.params).toMatchObject({ Digits: "hangup", CallStatus: "completed" });
    expect(call.ended.reason).toBe("caller-hangup");
    expect(call.spoken).not.toContain("Thank you. Goodbye.");
  });

  it("an empty recording skips the action and goes on with the next verb", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "+18005550107", recordSeconds: 0 });
    expect(twimlRequests(call).some((w) => w.kind === "record-action")).toBe(false);
    expect(call.spoken.at(-1)).toBe("We did not hear anything. Goodbye.");
    expect(call.ended.reason).toBe("end-of-twiml");
  });
});

describe("Say, Pause, Play, Hangup, Reject, Enqueue and errors", () => {
  it("Pause advances the virtual clock; nothing after Hangup runs", async () => {
    const started = Date.now();
    const call = await sim.placeCall({ from: CALLER, to: "+18005550102" });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(call.verbs.map((v) => [v.verb, v.at])).toEqual([
      ["Say", 0],
      ["Pause", 1],
      ["Play", 8],
      ["Hangup", 10],
    ]);
    expect(call.played).toEqual(["https://media.example/hold.mp3"]);
    expect(call.spoken).toEqual(["Hold on."]);
    expect(call).toMatchObject({
      durationSeconds: 10,
      status: "completed",
      ended: { reason: "hangup-verb" },
    });
  });

  it("Reject as the first verb leaves the call unanswered", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "+18005550104" });
    expect(call).toMatchObject({
      status: "busy",
      answeredAt: null,
      durationSeconds: 0,
      ended: { reason: "reject" },
    });
    const statuses = statusCallbacks(call).map((w) => w.params.CallStatus);
    expect(statuses).toEqual(["initiated", "ringing", "busy"]);
  });

  it("Enqueue is recorded and ends the sim's part of the call", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "+18005550108" });
    expect(call.enqueued).toBe("support");
    expect(call.ended.reason).toBe("enqueue");
  });

  it("an unknown verb is an application error", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "+18005550105" });
    expect(call.spoken).toEqual(["Hello", "We are sorry, an application error has occurred. Goodbye."]);
    expect(call.errors[0]).toMatchObject({ code: 12200 });
    expect(call.ended).toMatchObject({ reason: "application-error", verb: "Dance" });
  });

  it("a document that is not TwiML is an application error", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "+18005550106" });
    expect(call.errors[0]?.code).toBe(12100);
    expect(call.ended.reason).toBe("application-error");
  });

  it("a redirect loop is cut at 100 TwiML requests", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "+18005550103" });
    expect(twimlRequests(call)).toHaveLength(100);
    expect(call.ended.reason).toBe("webhook-limit");
  });

  it("an unknown number is refused", async () => {
    await expect(sim.placeCall({ from: CALLER, to: "#NOPE" })).rejects.toMatchObject({
      code: "unknown-number",
    });
  });
});

describe("status callbacks", () => {
  it("initiated, ringing, in-progress, completed with increasing SequenceNumber and virtual timestamps", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "+18005550102" });
    const callbacks = statusCallbacks(call);
    expect(callbacks.map((w) => [w.params.CallStatus, w.params.SequenceNumber])).toEqual([
      ["initiated", "0"],
      ["ringing", "1"],
      ["in-progress", "2"],
      ["completed", "3"],
    ]);
    expect(callbacks.every((w) => w.params.CallbackSource === "call-progress-events")).toBe(true);
    expect(callbacks[0]?.params.Timestamp).toBe("Tue, 02 Jan 2024 03:04:05 +0000");
    expect(callbacks[3]?.params).toMatchObject({
      CallDuration: "10",
      Timestamp: "Tue, 02 Jan 2024 03:04:15 +0000",
    });
    // Delivered after the call's last TwiML request.
    const lastTwiml = Math.max(...twimlRequests(call).map((w) => w.seq));
    expect(callbacks.every((w) => w.seq > lastTwiml)).toBe(true);
  });

  it("only the events the number asks for", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "+18005550109" });
    expect(statusCallbacks(call).map((w) => w.params.CallStatus)).toEqual(["completed"]);
  });

  it("in reverse order on request", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "+18005550102", callbacks: { order: "reverse" } });
    expect(statusCallbacks(call).map((w) => w.params.SequenceNumber)).toEqual(["3", "2", "1", "0"]);
  });

  it("shuffled and duplicated on request, each duplicate with the same idempotency token", async () => {
    const call = await sim.placeCall({
      from: CALLER,
      to: "+18005550102",
      callbacks: { order: "shuffle", duplicate: true, seed: 42 },
    });
    const sequence = statusCallbacks(call).map((w) => w.params.SequenceNumber);
    expect([...sequence].sort()).toEqual(["0", "0", "1", "1", "2", "2", "3", "3"]);
    expect(sequence).not.toEqual([...sequence].sort());
    const tokens = new Map<string, Set<string | undefined>>();
    for (const request of received.filter((r) => r.path === "/voice/status")) {
      const seen = tokens.get(request.params.SequenceNumber ?? "") ?? new Set();
      seen.add(request.idempotencyToken);
      tokens.set(request.params.SequenceNumber ?? "", seen);
    }
    expect([...tokens.values()].map((seen) => seen.size)).toEqual([1, 1, 1, 1]);
  });

  it("the same seed gives the same order", async () => {
    const order = async () =>
      statusCallbacks(
        await sim.placeCall({ from: CALLER, to: "+18005550102", callbacks: { order: "shuffle", seed: 7 } }),
      ).map((w) => w.params.SequenceNumber);
    expect(await order()).toEqual(await order());
  });
});

describe("the call record", () => {
  it("keeps placed calls, with their transcript", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "#4LAW", press: [""] });
    expect(sim.calls().map((c) => [c.sid, c.direction, c.status])).toEqual([
      [call.callSid, "inbound", "completed"],
    ]);
    expect(sim.call(call.callSid)?.transcript).toBe(call);
    expect(call).toMatchObject({ dialled: "#4LAW", to: "+18005550100", from: CALLER });
    expect(call.startTime).toBe("2024-01-02T03:04:05.000Z");
  });
});
