import { describe, expect, it } from "vitest";
import {
  GREETING_CALL_MESSAGES,
  type GreetingCallEvent,
  type GreetingCallOutcome,
  type GreetingCallState,
  greetingCallStep,
  renderGreetingCall,
} from "../src/greeting-call";

const TAKE = { recordingSid: "RE1", recordingUrl: "https://carrier.test/Recordings/RE1" };
const TAKE2 = { recordingSid: "RE2", recordingUrl: "https://carrier.test/Recordings/RE2" };
const at = (
  status: GreetingCallState["status"],
  take: GreetingCallState["take"] = null,
): GreetingCallState => ({
  status,
  take,
});
const key = (digits: string, round = 0): GreetingCallEvent => ({ kind: "key", digits, round });

describe("greetingCallStep: record, listen, 1 saves, 2 records again, hanging up keeps nothing", () => {
  it.each<[string, GreetingCallState, GreetingCallEvent, GreetingCallOutcome]>([
    [
      "answered: record",
      at("calling"),
      { kind: "answered" },
      { state: at("recording"), reply: "record", commands: [] },
    ],
    [
      "a take: played back",
      at("recording"),
      { kind: "recorded", ...TAKE },
      { state: at("recorded", TAKE), reply: "review", commands: [] },
    ],
    [
      "the same take again (a duplicate delivery): nothing changes",
      at("recorded", TAKE),
      { kind: "recorded", ...TAKE },
      { state: at("recorded", TAKE), reply: "review", commands: [] },
    ],
    [
      "1 saves",
      at("recorded", TAKE),
      key("1"),
      { state: at("saving", TAKE), reply: "saved", commands: [{ kind: "save", take: TAKE }] },
    ],
    [
      "1 again (a duplicate delivery): saved, no second job",
      at("saving", TAKE),
      key("1"),
      { state: at("saving", TAKE), reply: "saved", commands: [] },
    ],
    [
      "2 records again",
      at("recorded", TAKE),
      key("2"),
      { state: at("recording", TAKE), reply: "record", commands: [] },
    ],
    [
      "a new take replaces the last, which goes from the carrier",
      at("recording", TAKE),
      { kind: "recorded", ...TAKE2 },
      { state: at("recorded", TAKE2), reply: "review", commands: [{ kind: "discard", recordingSid: "RE1" }] },
    ],
    [
      "no key: played back again",
      at("recorded", TAKE),
      key(""),
      { state: at("recorded", TAKE), reply: "review", commands: [] },
    ],
    [
      "another key: played back again",
      at("recorded", TAKE),
      key("7"),
      { state: at("recorded", TAKE), reply: "review", commands: [] },
    ],
    [
      "no key the third time: goodbye",
      at("recorded", TAKE),
      key("", 2),
      { state: at("recorded", TAKE), reply: "over", commands: [] },
    ],
    [
      "hung up while listening: cancelled, the take goes",
      at("recorded", TAKE),
      { kind: "ended", callStatus: "completed" },
      { state: at("cancelled"), reply: "none", commands: [{ kind: "discard", recordingSid: "RE1" }] },
    ],
    [
      "hung up before recording: cancelled",
      at("recording"),
      { kind: "ended", callStatus: "completed" },
      { state: at("cancelled"), reply: "none", commands: [] },
    ],
    [
      "never answered: failed",
      at("calling"),
      { kind: "ended", callStatus: "no-answer" },
      { state: at("failed"), reply: "none", commands: [] },
    ],
    [
      "the call ends after saving: still saving",
      at("saving", TAKE),
      { kind: "ended", callStatus: "completed" },
      { state: at("saving", TAKE), reply: "none", commands: [] },
    ],
    [
      "a webhook after cancelling: goodbye",
      at("cancelled"),
      { kind: "answered" },
      { state: at("cancelled"), reply: "over", commands: [] },
    ],
    [
      "answered again after saving: saved",
      at("saved", TAKE),
      { kind: "answered" },
      { state: at("saved", TAKE), reply: "saved", commands: [] },
    ],
  ])("%s", (_, state, event, expected) => {
    expect(greetingCallStep(state, event)).toEqual(expected);
  });
});

describe("renderGreetingCall", () => {
  const call = { baseUrl: "https://example.test", id: "grc_1", take: TAKE };
  it("record: the instructions, <Record> until #, then again when nothing was heard", () => {
    const xml = renderGreetingCall("record", call);
    expect(xml).toContain(GREETING_CALL_MESSAGES.instructions);
    expect(xml).toMatch(/<Record [^>]*finishOnKey="#"/);
    expect(xml).toContain('action="https://example.test/twilio/voice/greeting-call/recorded?g=grc_1"');
    expect(xml).toContain(
      '<Redirect method="POST">https://example.test/twilio/voice/greeting-call?g=grc_1</Redirect>',
    );
  });
  it("review: the take played inside a one-key <Gather> that carries its round", () => {
    const xml = renderGreetingCall("review", { ...call, round: 1 });
    expect(xml).toMatch(/<Gather [^>]*numDigits="1"/);
    expect(xml).toContain(`<Play>${TAKE.recordingUrl}</Play>`);
    expect(xml).toContain("greeting-call/choice?g=grc_1&amp;r=1");
  });
  it.each([
    ["saved", GREETING_CALL_MESSAGES.saved],
    ["over", GREETING_CALL_MESSAGES.over],
  ] as const)("%s: goodbye", (reply, words) => {
    expect(renderGreetingCall(reply, call)).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Say>${words}</Say><Hangup/></Response>`,
    );
  });
});
