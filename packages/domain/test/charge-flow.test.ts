import { describe, expect, it } from "vitest";
import {
  type ChargeableCall,
  type ChargeableMessage,
  type ChargeDebit,
  type ChargeEvent,
  type ChargeFlowState,
  type ChargeStep,
  startCharge,
  stepCharge,
} from "../src/charge-flow";

const call: ChargeableCall = {
  id: "call_1",
  callSid: "CA1",
  accountId: "acct_1",
  direction: "inbound",
  fromNumber: "+13055550001",
  toNumber: "+18005550100",
  dialledNumber: null,
  durationSeconds: 61,
  callStatus: "completed",
  numberType: "local",
};
const message: ChargeableMessage = {
  id: "msg_1",
  messageSid: "SM1",
  accountId: "acct_1",
  direction: "outbound",
  toNumber: "+13055550002",
  body: "hello",
  numMedia: 0,
  priceCents: null,
};
const applied = (fields: Partial<Extract<ChargeDebit, { status: "applied" }>>): ChargeDebit => ({
  status: "applied",
  chargedCents: 4,
  shortfallCents: 0,
  balanceAfterCents: 996,
  lowBalanceThresholdCents: 500,
  crossedLowBalance: false,
  ...fields,
});
const findingCall: ChargeFlowState = { stage: "finding", kind: "call", sid: "CA1" };
const findingMessage: ChargeFlowState = { stage: "finding", kind: "sms", sid: "SM1" };
const charging: ChargeFlowState = { stage: "charging", accountId: "acct_1", reference: "CA1" };
const done = (outcome: "done" | "skipped", commands: ChargeStep["commands"] = []): ChargeStep => ({
  state: { stage: "done", outcome },
  commands,
});
const callUsage = {
  kind: "call" as const,
  callLogId: "call_1",
  callSid: "CA1",
  inbound: true,
  tollFree: false,
  durationSeconds: 61,
  otherParty: "+13055550001",
};

describe("startCharge", () => {
  it("looks the call or the text up first", () => {
    expect(startCharge("call", "CA1")).toEqual({
      state: findingCall,
      commands: [{ type: "find-call", callSid: "CA1" }],
    });
    expect(startCharge("sms", "SM1")).toEqual({
      state: findingMessage,
      commands: [{ type: "find-message", messageSid: "SM1" }],
    });
  });
});

describe("stepCharge", () => {
  const cases: [string, ChargeFlowState, ChargeEvent, ChargeStep][] = [
    [
      "an unknown call is skipped, with a warning",
      findingCall,
      { type: "call-found", call: null },
      done("skipped", [{ type: "warn", context: { callSid: "CA1" }, message: "charge-call: no such call" }]),
    ],
    [
      "an unanswered call (0 s) is skipped",
      findingCall,
      { type: "call-found", call: { ...call, durationSeconds: 0 } },
      done("skipped"),
    ],
    [
      "a call the gate refused is skipped",
      findingCall,
      { type: "call-found", call: { ...call, callStatus: "refused" } },
      done("skipped"),
    ],
    [
      "an inbound call is charged, priced by its caller",
      findingCall,
      { type: "call-found", call },
      { state: charging, commands: [{ type: "charge", accountId: "acct_1", usage: callUsage }] },
    ],
    [
      "an outbound call on a toll-free number is priced by the number dialled",
      findingCall,
      {
        type: "call-found",
        call: { ...call, direction: "outbound", numberType: "toll-free", dialledNumber: "+442071234567" },
      },
      {
        state: charging,
        commands: [
          {
            type: "charge",
            accountId: "acct_1",
            usage: { ...callUsage, inbound: false, tollFree: true, otherParty: "+442071234567" },
          },
        ],
      },
    ],
    [
      "an outbound call with no number dialled is priced by the number called",
      findingCall,
      { type: "call-found", call: { ...call, direction: "outbound" } },
      {
        state: charging,
        commands: [
          {
            type: "charge",
            accountId: "acct_1",
            usage: { ...callUsage, inbound: false, otherParty: "+18005550100" },
          },
        ],
      },
    ],
    [
      "an unknown text is skipped, with a warning",
      findingMessage,
      { type: "message-found", message: null },
      done("skipped", [
        { type: "warn", context: { messageSid: "SM1" }, message: "charge-sms: no such message" },
      ]),
    ],
    [
      "an inbound text is not charged",
      findingMessage,
      { type: "message-found", message: { ...message, direction: "inbound" } },
      done("skipped"),
    ],
    [
      "a text priced already is skipped",
      findingMessage,
      { type: "message-found", message: { ...message, priceCents: 1 } },
      done("skipped"),
    ],
    [
      "an outbound text is charged",
      findingMessage,
      { type: "message-found", message },
      {
        state: { stage: "charging", accountId: "acct_1", reference: "SM1" },
        commands: [
          {
            type: "charge",
            accountId: "acct_1",
            usage: {
              kind: "sms",
              messageId: "msg_1",
              messageSid: "SM1",
              body: "hello",
              numMedia: 0,
              toNumber: "+13055550002",
            },
          },
        ],
      },
    ],
    [
      "a duplicate charge is skipped",
      charging,
      { type: "debited", debit: { status: "duplicate" } },
      done("skipped"),
    ],
    ["nothing to charge is done", charging, { type: "debited", debit: { status: "nothing" } }, done("done")],
    ["a charge the wallet covers is done", charging, { type: "debited", debit: applied({}) }, done("done")],
    [
      "a charge that empties the wallet closes the gate",
      charging,
      { type: "debited", debit: applied({ balanceAfterCents: 0 }) },
      done("done", [{ type: "close-gate", accountId: "acct_1" }]),
    ],
    [
      "an overdrawn wallet: the debt logged, the gate closed",
      charging,
      { type: "debited", debit: applied({ balanceAfterCents: -3, shortfallCents: 3 }) },
      done("done", [
        {
          type: "warn",
          context: { reference: "CA1", accountId: "acct_1", owedCents: 3 },
          message: "wallet overdrawn: usage owed",
        },
        { type: "close-gate", accountId: "acct_1" },
      ]),
    ],
    [
      "a wallet empty already, charged nothing (the trial's minutes): the gate is left alone",
      charging,
      { type: "debited", debit: applied({ balanceAfterCents: 0, chargedCents: 0 }) },
      done("done"),
    ],
    [
      "crossing the low-balance threshold sends the warning",
      charging,
      { type: "debited", debit: applied({ balanceAfterCents: 499, crossedLowBalance: true }) },
      done("done", [
        {
          type: "send-low-balance-warning",
          accountId: "acct_1",
          balanceCents: 499,
          lowBalanceThresholdCents: 500,
        },
      ]),
    ],
  ];

  it.each(cases)("%s", (_, state, event, expected) => {
    expect(stepCharge(state, event)).toEqual(expected);
  });

  it("refuses an event out of turn", () => {
    expect(() => stepCharge(charging, { type: "call-found", call })).toThrow(/call-found while charging/);
    expect(() =>
      stepCharge({ stage: "done", outcome: "done" }, { type: "debited", debit: applied({}) }),
    ).toThrow();
  });
});
