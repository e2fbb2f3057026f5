import { CALL_MESSAGES } from "@poundline/domain";
import { testCallOutcome, walletRefusal } from "@poundline/modules/console/setup-guide";
import { describe, expect, it } from "vitest";

type Transcript = Parameters<typeof testCallOutcome>[0];

const base: Transcript = {
  spoken: [],
  answeredAt: 0,
  recordings: [],
  dials: [],
  gathers: [],
  errors: [],
  ended: { reason: "end-of-twiml", at: 3, url: null },
};
const recording = {
  sid: "RE1",
  url: "u",
  durationSeconds: 5,
  source: "RecordVerb" as const,
  finishedBy: "timeout",
  transcription: null,
};
const gather = { seq: 1, at: 1, digits: "", timedOut: false, finishedOnKey: "", actionRequested: false };
const bridgedLeg = {
  target: "+13055550100",
  noun: "Number" as const,
  callSid: "CA2",
  outcome: "answer" as const,
  status: "completed" as const,
  ringSeconds: 2,
  talkSeconds: 10,
  bridged: true,
};
const dial = {
  seq: 1,
  at: 1,
  legs: [bridgedLeg],
  dialCallStatus: "completed" as const,
  dialCallSid: "CA2",
  dialCallDuration: 10,
  callerId: null,
  recordingSid: null,
};

describe("what came of a test call", () => {
  it.each([
    [
      "the wallet gate",
      { spoken: [CALL_MESSAGES.walletEmpty] },
      "refused",
      "wallet_empty",
      /wallet is empty/,
    ],
    [
      "the ended trial",
      { spoken: [CALL_MESSAGES.trialEnded] },
      "refused",
      "trial_ended",
      /free trial has ended/,
    ],
    ["the spend cap", { spoken: [CALL_MESSAGES.spendCap] }, "refused", "spend_cap", /spending limit/],
    ["a suspension", { spoken: [CALL_MESSAGES.suspended] }, "refused", "suspended", /suspended/],
    [
      "an unknown number",
      { spoken: [CALL_MESSAGES.notInService] },
      "refused",
      "not_in_service",
      /not in service/,
    ],
    ["a voicemail", { recordings: [recording] }, "voicemail", null, /left a 5-second message/],
    ["a menu", { gathers: [gather] }, "answered", null, /heard your menu/],
    ["a person", { dials: [dial] }, "answered", null, /\+13055550100 picked up/],
    ["a greeting only", {}, "answered", null, /heard your greeting/],
    [
      "an application error",
      { answeredAt: null, errors: [{ at: 0, code: 11200, message: "HTTP retrieval failure" }] },
      "failed",
      null,
      /did not go through: HTTP retrieval failure/,
    ],
  ] as const)("reads %s", (_name, fields, outcome, reason, message) => {
    const result = testCallOutcome({ ...base, ...fields } as Transcript);
    expect(result).toMatchObject({ outcome, reason });
    expect(result.message).toMatch(message);
  });
});

describe("the wallet's refusal", () => {
  const refused = testCallOutcome({ ...base, spoken: [CALL_MESSAGES.walletEmpty] });
  it.each([
    ["wallet_empty", "wallet_empty", /wallet is empty/],
    ["trial_allowance_used", "trial_allowance_used", /included minutes are used/],
  ])("under the %s gate reads %s", (gate, reason, message) => {
    const result = walletRefusal(refused, gate);
    expect(result.reason).toBe(reason);
    expect(result.message).toMatch(message);
  });

  it("leaves other outcomes alone", () => {
    const voicemail = testCallOutcome({ ...base, recordings: [recording] });
    expect(walletRefusal(voicemail, "trial_allowance_used")).toEqual(voicemail);
  });
});
