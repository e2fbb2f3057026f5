/** The carrier's real-time transcription (REST `Calls/{CallSid}/Transcriptions.json`) and its events. */
import { describe, expect, it } from "vitest";
import { ACCOUNT_SID, CALLER, SUPPORT_A } from "./fixtures/phone-app";
import { serveSimOverHttp } from "./fixtures/served-sim";

const served = serveSimOverHttp();
const { received, sim, validators, api } = served;

/** A caller presses 2 and support answers: a recorded `<Dial>`, both parties scripted to speak. */
const supportCall = (says = true) =>
  sim.placeCall({
    from: CALLER,
    to: "#4LAW",
    press: ["2"],
    ...(says ? { says: [{ at: 2, text: "My order is late." }] } : {}),
    dial: {
      [SUPPORT_A]: {
        outcome: "answer",
        ringSeconds: 1,
        talkSeconds: 8,
        ...(says
          ? {
              says: [
                { at: 0, text: "Support, how can I help?" },
                { at: 4, text: "Let me check." },
                { at: 20, text: "Never said: the call is over by then." },
              ],
            }
          : {}),
      },
    },
  });

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

describe("real-time transcription", () => {
  it("the official client starts one; the carrier posts what each track said, then stops", async () => {
    const call = await supportCall();
    const created = await served.client.calls(call.callSid).transcriptions.create({
      track: "both_tracks",
      statusCallbackUrl: `${served.base}/voice/transcription-events`,
      statusCallbackMethod: "POST",
      partialResults: false,
    });
    expect(created.sid).toMatch(/^GT[0-9a-f]{32}$/);
    expect(created.callSid).toBe(call.callSid);
    await sim.idle();
    const events = received.filter((r) => r.path === "/voice/transcription-events");
    expect(events.every((e) => e.signatureValid && e.params.TranscriptionSid === created.sid)).toBe(true);
    expect(
      events.map((e) => [
        e.params.TranscriptionEvent,
        e.params.Track,
        e.params.TranscriptionData && JSON.parse(e.params.TranscriptionData).transcript,
      ]),
    ).toEqual([
      ["transcription-started", "both_tracks", undefined],
      ["transcription-content", "outbound_track", "Support, how can I help?"],
      ["transcription-content", "inbound_track", "My order is late."],
      ["transcription-content", "outbound_track", "Let me check."],
      ["transcription-stopped", undefined, undefined],
    ]);
    expect(events.map((e) => e.params.SequenceId)).toEqual(["1", "2", "3", "4", "5"]);
    const [started, first, second] = events;
    // The caller said its words two seconds after the desk's first.
    expect(Date.parse(second?.params.Timestamp ?? "") - Date.parse(first?.params.Timestamp ?? "")).toBe(2000);
    expect(first?.params.Timestamp).toBe(started?.params.Timestamp);
    expect(first?.params).toMatchObject({ Final: "true", CallSid: call.callSid, AccountSid: ACCOUNT_SID });
  });

  it("a call where nobody spoke: started, then stopped", async () => {
    const call = await supportCall(false);
    await served.client
      .calls(call.callSid)
      .transcriptions.create({ statusCallbackUrl: `${served.base}/voice/transcription-events` });
    await sim.idle();
    expect(
      received
        .filter((r) => r.path === "/voice/transcription-events")
        .map((e) => e.params.TranscriptionEvent),
    ).toEqual(["transcription-started", "transcription-stopped"]);
  });

  it("answers in the shape of the carrier's response schema", async () => {
    const call = await supportCall(false);
    const res = await api(`/Calls/${call.callSid}/Transcriptions.json`, form({ Track: "inbound_track" }));
    expect(res.status).toBe(200);
    const body = await res.json();
    const valid = validators.response("createRealtimeTranscription");
    expect(valid(body), JSON.stringify(valid.errors)).toBe(true);
    expect(body).toMatchObject({ call_sid: call.callSid, account_sid: ACCOUNT_SID, status: "in-progress" });
  });

  it.each([
    ["a Track the carrier does not know", { Track: "left_track" }],
    ["a StatusCallbackMethod other than GET or POST", { StatusCallbackMethod: "PUT" }],
    ["a StatusCallbackUrl that is no URL", { StatusCallbackUrl: "not a url" }],
    ["PartialResults that is no boolean", { PartialResults: "maybe" }],
  ])("refuses %s (400, the carrier's error)", async (_name, fields) => {
    const call = await supportCall(false);
    const res = await api(`/Calls/${call.callSid}/Transcriptions.json`, form(fields));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, code: 20001 });
  });

  it("answers 404 for a call it does not know, 409 for a second transcription, 401 without the account's key", async () => {
    const unknown = await api(`/Calls/CA${"0".repeat(32)}/Transcriptions.json`, form({}));
    expect(unknown.status).toBe(404);
    const call = await supportCall(false);
    expect((await api(`/Calls/${call.callSid}/Transcriptions.json`, form({}))).status).toBe(200);
    expect((await api(`/Calls/${call.callSid}/Transcriptions.json`, form({}))).status).toBe(409);
    const anonymous = await fetch(
      `${served.base}/carrier-sim/2010-04-01/Accounts/${ACCOUNT_SID}/Calls/${call.callSid}/Transcriptions.json`,
      form({}),
    );
    expect(anonymous.status).toBe(401);
  });
});
