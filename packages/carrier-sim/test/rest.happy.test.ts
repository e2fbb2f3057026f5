/** The official carrier client against the sim served over real HTTP, as the API will use it. */
import { describe, expect, it } from "vitest";
import { readWavInfo } from "../src/index";
import { ACCOUNT_SID, CALLER } from "./fixtures/phone-app";
import { serveSimOverHttp } from "./fixtures/served-sim";

const served = serveSimOverHttp();
const { received, sim, validators, api } = served;

describe("messages", () => {
  it("the official served.client sends a text; its status callbacks follow", async () => {
    const message = await served.client.messages.create({
      to: CALLER,
      from: "+18005550100",
      body: "Your appointment is at 3pm.",
      statusCallback: `${served.base}/sms/status`,
    });
    expect(message.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(message.status).toBe("queued");
    expect(message.direction).toBe("outbound-api");
    expect(message.dateCreated).toBeInstanceOf(Date);

    await sim.idle();
    const callbacks = received.filter((r) => r.path === "/sms/status");
    expect(callbacks.map((r) => r.params.MessageStatus)).toEqual(["queued", "sent", "delivered"]);
    expect(callbacks.every((r) => r.signatureValid && r.params.MessageSid === message.sid)).toBe(true);
    expect(sim.sentMessages()).toMatchObject([{ sid: message.sid, body: "Your appointment is at 3pm." }]);

    const fetched = await served.client.messages(message.sid).fetch();
    expect(fetched.status).toBe("delivered");
  });

  it("scripted failures reach the status callback", async () => {
    sim.setTextOutcome(CALLER, "failed");
    await served.client.messages.create({
      to: CALLER,
      from: "+18005550100",
      body: "x",
      statusCallback: `${served.base}/sms/status`,
    });
    await sim.idle();
    const callbacks = received.filter((r) => r.path === "/sms/status");
    expect(callbacks.map((r) => [r.params.MessageStatus, r.params.ErrorCode])).toEqual([
      ["queued", undefined],
      ["failed", "30008"],
    ]);
  });

  it("answers in the shape of the carrier's response schemas", async () => {
    const created = await api("/Messages.json", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ To: CALLER, From: "+18005550100", Body: "hi" }).toString(),
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { sid: string; date_created: string; uri: string };
    const validCreate = validators.response("createMessage");
    expect(validCreate(body), JSON.stringify(validCreate.errors)).toBe(true);
    expect(body.date_created).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    expect(body.uri).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${body.sid}.json`);

    await sim.idle();
    const fetched = await (await api(`/Messages/${body.sid}.json`)).json();
    const validFetch = validators.response("fetchMessage");
    expect(validFetch(fetched), JSON.stringify(validFetch.errors)).toBe(true);
  });
});

describe("calls", () => {
  it("the official served.client places a call: the sim fetches its Url and follows it", async () => {
    sim.setCallee("+13055559999", { ringSeconds: 5, press: ["1"] });
    const call = await served.client.calls.create({
      to: "+13055559999",
      from: "+18005550100",
      url: `${served.base}/voice/outbound`,
      statusCallback: `${served.base}/voice/status`,
      statusCallbackEvent: ["initiated", "ringing", "answered", "completed"],
    });
    expect(call.sid).toMatch(/^CA[0-9a-f]{32}$/);
    expect(call.status).toBe("queued");

    await sim.idle();
    const transcript = sim.call(call.sid)?.transcript;
    expect(transcript?.direction).toBe("outbound-api");
    expect(transcript?.spoken).toEqual(["This is your appointment reminder.", "Confirmed."]);
    const first = received.find((r) => r.path === "/voice/outbound");
    expect(first).toMatchObject({
      signatureValid: true,
      params: {
        Direction: "outbound-api",
        CallStatus: "in-progress",
        From: "+18005550100",
        To: "+13055559999",
      },
    });
    const statuses = received.filter((r) => r.path === "/voice/status");
    expect(statuses.map((r) => [r.params.CallStatus, r.params.SequenceNumber])).toEqual([
      ["initiated", "0"],
      ["ringing", "1"],
      ["in-progress", "2"],
      ["completed", "3"],
    ]);
    const fetched = await served.client.calls(call.sid).fetch();
    expect(fetched.status).toBe("completed");
    expect(fetched.direction).toBe("outbound-api");
  });

  it("only the completed callback by default; a busy callee never fetches the Url", async () => {
    sim.setCallee("+13055559998", { outcome: "busy" });
    const call = await served.client.calls.create({
      to: "+13055559998",
      from: "+18005550100",
      url: `${served.base}/voice/outbound`,
      statusCallback: `${served.base}/voice/status`,
    });
    await sim.idle();
    expect(received.some((r) => r.path === "/voice/outbound")).toBe(false);
    expect(received.filter((r) => r.path === "/voice/status").map((r) => r.params.CallStatus)).toEqual([
      "busy",
    ]);
    expect(sim.call(call.sid)?.status).toBe("busy");
  });

  it("runs inline TwiML", async () => {
    const call = await served.client.calls.create({
      to: "+13055559997",
      from: "+18005550100",
      twiml: "<Response><Say>Inline hello</Say></Response>",
    });
    await sim.idle();
    expect(sim.call(call.sid)?.transcript?.spoken).toEqual(["Inline hello"]);
  });

  it("ends a call when its TimeLimit passes on the virtual clock, bridged or not", async () => {
    sim.setCallee("+13055559996", {
      ringSeconds: 2,
      dial: { "+882161234567": { outcome: "answer", ringSeconds: 4, talkSeconds: 600 } },
    });
    const bridged = await served.client.calls.create({
      to: "+13055559996",
      from: "+18005550100",
      twiml: "<Response><Dial>+882161234567</Dial><Say>Still here</Say></Response>",
      timeLimit: 60,
    });
    const paused = await served.client.calls.create({
      to: "+13055559995",
      from: "+18005550100",
      twiml: '<Response><Pause length="600"/><Say>Still here</Say></Response>',
      timeLimit: 45,
    });
    await sim.idle();
    const dialled = sim.call(bridged.sid)?.transcript;
    expect(dialled?.durationSeconds).toBe(60);
    expect(dialled?.dials[0]?.dialCallDuration).toBe(56);
    expect(dialled?.spoken).toEqual([]);
    const waited = sim.call(paused.sid)?.transcript;
    expect(waited?.durationSeconds).toBe(45);
    expect(waited?.spoken).toEqual([]);
    expect((await served.client.calls(paused.sid).fetch()).duration).toBe("45");
  });

  it("a dialled Number with a statusCallback reports its leg's completion and duration", async () => {
    sim.setCallee("+13055559994", {
      dial: { "+442071234567": { outcome: "answer", ringSeconds: 3, talkSeconds: 125 } },
    });
    const call = await served.client.calls.create({
      to: "+13055559994",
      from: "+18005550100",
      twiml: `<Response><Dial><Number statusCallback="${served.base}/voice/status">+442071234567</Number><Number statusCallback="${served.base}/voice/status">+442071234568</Number></Dial></Response>`,
    });
    await sim.idle();
    const legs = received.filter((r) => r.path === "/voice/status" && r.params.ParentCallSid);
    expect(legs.every((r) => r.signatureValid)).toBe(true);
    expect(legs.map((r) => [r.params.To, r.params.CallStatus, r.params.CallDuration])).toEqual([
      ["+442071234567", "completed", "125"],
      ["+442071234568", "canceled", "0"],
    ]);
    expect(legs[0]?.params).toMatchObject({ ParentCallSid: call.sid, Direction: "outbound-dial" });
  });

  it("answers in the shape of the carrier's response schemas", async () => {
    const created = await api("/Calls.json", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        To: CALLER,
        From: "+18005550100",
        Url: `${served.base}/voice/outbound`,
      }).toString(),
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { sid: string };
    const validCreate = validators.response("createCall");
    expect(validCreate(body), JSON.stringify(validCreate.errors)).toBe(true);
    await sim.idle();
    const fetched = await (await api(`/Calls/${body.sid}.json`)).json();
    const validFetch = validators.response("fetchCall");
    expect(validFetch(fetched), JSON.stringify(validFetch.errors)).toBe(true);
    expect(fetched).toMatchObject({ status: "completed", from_formatted: "(800) 555-0100" });
  });
});

describe("recordings", () => {
  it("serves the audio publicly and the metadata to the account", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "+18005550107", recordSeconds: 4 });
    const url = call.recordings[0]?.url ?? "";
    expect(
      url.startsWith(`${served.base}/carrier-sim/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE`),
    ).toBe(true);

    const audio = await fetch(url);
    expect(audio.status).toBe(200);
    expect(readWavInfo(new Uint8Array(await audio.arrayBuffer())).durationSeconds).toBe(4);

    const sid = call.recordings[0]?.sid ?? "";
    expect((await fetch(`${url}.json`)).status).toBe(401);
    const metadata = await (await api(`/Recordings/${sid}.json`)).json();
    const valid = validators.response("fetchRecording");
    expect(valid(metadata), JSON.stringify(valid.errors)).toBe(true);
    expect(metadata).toMatchObject({ sid, call_sid: call.callSid, duration: "4", status: "completed" });
  });

  it("the official client deletes a recording: its media and metadata are gone, a second delete is 404", async () => {
    const call = await sim.placeCall({ from: CALLER, to: "+18005550107", recordSeconds: 2 });
    const { sid = "", url = "" } = call.recordings[0] ?? {};
    expect(await served.client.recordings(sid).remove()).toBe(true);
    expect(sim.recording(sid)).toBeUndefined();
    expect((await fetch(url)).status).toBe(404);
    expect((await api(`/Recordings/${sid}.json`)).status).toBe(404);
    await expect(served.client.recordings(sid).remove()).rejects.toMatchObject({ status: 404 });
    expect(
      (
        await fetch(`${served.base}/carrier-sim/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/${sid}.json`, {
          method: "DELETE",
        })
      ).status,
    ).toBe(401);
  });
});
