import { describe, expect, it } from "vitest";
import { defaultBusinessHours } from "../src/business-hours";
import { type CallStep, continueAfterQueue, huntPlan, routeIncomingCall } from "../src/call-flow";
import type { CallerLocation } from "../src/location";
import { afterMemberCall, type HuntMove, type MemberCallStatus, ringAttempts } from "../src/ring";
import { compileRoutingTable, type NumberRoute, type RoutingSnapshot } from "../src/routing-table";
import {
  readHuntTarget,
  readMemberCall,
  renderHold,
  renderLeave,
  renderMemberAnswer,
  renderStep,
  type TwimlOptions,
} from "../src/twiml";

const HOLD = "https://cdn.example.com/hold.mp3";
const options: TwimlOptions = { baseUrl: "https://api.example.com", carrierTranscription: false };
// 15:00 UTC on a Monday is 10:00 in New York: open.
const everyDay: NumberRoute["businessHours"] = defaultBusinessHours;

function table(overrides: Partial<NumberRoute> = {}, extensions = ["a", "b", "c"]) {
  const route: NumberRoute = {
    numberId: "num_1",
    accountId: "acct_1",
    e164: "+13055550100",
    tollFree: false,
    timeZone: "America/New_York",
    businessHours: everyDay,
    openTarget: { kind: "ring_group", extensionIds: extensions },
    afterHoursTarget: { kind: "voicemail" },
    ringStrategy: "sequential",
    ringTimeoutSeconds: 20,
    holdMusicUrl: HOLD,
    voicemailEnabled: true,
    voicemailGreeting: null,
    ...overrides,
  };
  const snapshot: RoutingSnapshot = {
    accounts: [
      {
        id: "acct_1",
        companyName: "Demo Law Group",
        gate: { status: "active", trialEndsAt: null, hasActiveSubscription: true, walletBalanceCents: 100 },
      },
    ],
    numbers: [route],
    sharedNumbers: [],
    menus: [],
    extensions: [
      {
        id: "a",
        accountId: "acct_1",
        extensionNumber: 1,
        name: "A",
        voicemailEnabled: true,
        forwardingNumbers: ["+1A"],
      },
      {
        id: "b",
        accountId: "acct_1",
        extensionNumber: 2,
        name: "B",
        voicemailEnabled: true,
        forwardingNumbers: ["+1B", "+1B2"],
      },
      {
        id: "c",
        accountId: "acct_1",
        extensionNumber: 3,
        name: "C",
        voicemailEnabled: true,
        forwardingNumbers: ["+1C"],
      },
      {
        id: "mute",
        accountId: "acct_1",
        extensionNumber: 4,
        name: "M",
        voicemailEnabled: true,
        forwardingNumbers: [],
      },
    ],
  };
  return compileRoutingTable(snapshot, new Date("2026-11-23T15:00:00Z"));
}

const context = { accountId: "acct_1", numberId: "num_1" };
const route = (t: ReturnType<typeof table>) =>
  routeIncomingCall(
    t,
    { to: "+13055550100", from: "+13055551234" },
    { country: "US", regions: ["FL"], areaCode: "305" } as CallerLocation,
    new Date("2026-11-23T15:00:00Z"),
  ).step;

describe("a ring group target", () => {
  it("queues the caller with the number's hold music instead of dialling", () => {
    expect(route(table())).toEqual({
      kind: "queue",
      context,
      target: "open",
      holdMusicUrl: HOLD,
    });
  });

  it("round-robin queues the same way: the turn is taken when the hunt starts", () => {
    expect(route(table({ ringStrategy: "round-robin" }))).toEqual(route(table()));
  });

  it.each([
    ["no member has a number: voicemail", ["mute"], true, "voicemail"],
    ["nobody to ring and no voicemail: goodbye", ["mute"], false, "say_goodbye"],
  ] as const)("%s", (_n, members, voicemailEnabled, kind) => {
    expect(route(table({ voicemailEnabled }, [...members])).kind).toBe(kind);
  });

  it("forwards and extensions still dial", () => {
    expect(route(table({ openTarget: { kind: "forward", number: "+1F" } })).kind).toBe("dial");
    expect(route(table({ openTarget: { kind: "extension", extensionId: "a" } })).kind).toBe("dial");
  });
});

describe("huntPlan", () => {
  it.each([
    ["simultaneous: every device in one attempt", "simultaneous", 0, [["+1A", "+1B", "+1B2", "+1C"]]],
    ["sequential: one member's devices at a time", "sequential", 0, [["+1A"], ["+1B", "+1B2"], ["+1C"]]],
    ["round-robin: from the turn's member", "round-robin", 1, [["+1B", "+1B2"], ["+1C"], ["+1A"]]],
  ] as const)("%s", (_n, ringStrategy, rotation, attempts) => {
    expect(huntPlan(table({ ringStrategy }), context, "open", rotation)).toEqual({
      attempts,
      timeoutSeconds: 20,
      from: "+13055550100",
      companyName: "Demo Law Group",
      holdMusicUrl: HOLD,
    });
  });

  it("is null once the target is no longer a ring group", () => {
    expect(huntPlan(table({ openTarget: { kind: "voicemail" } }), context, "open", 0)).toBe(null);
  });
});

describe("afterMemberCall", () => {
  const sequential = ringAttempts("sequential", ["+1A", "+1B", "+1C"]);
  const simultaneous = ringAttempts("simultaneous", ["+1A", "+1B", "+1C"]);
  it.each<[string, string[][], number, number, MemberCallStatus, HuntMove]>([
    ["answered: nothing to ring", sequential, 0, 1, "completed", { kind: "none" }],
    ["busy: the next member", sequential, 0, 1, "busy", { kind: "next", attempt: 1, numbers: ["+1B"] }],
    [
      "no answer: the next member",
      sequential,
      1,
      1,
      "no-answer",
      { kind: "next", attempt: 2, numbers: ["+1C"] },
    ],
    ["failed last member: exhausted", sequential, 2, 1, "failed", { kind: "exhausted" }],
    ["canceled last member: exhausted", sequential, 2, 1, "canceled", { kind: "exhausted" }],
    ["simultaneous, others still ring: wait", simultaneous, 0, 3, "no-answer", { kind: "wait", ringing: 2 }],
    ["simultaneous, the last one ends: exhausted", simultaneous, 0, 1, "busy", { kind: "exhausted" }],
    [
      "one of a member's devices ends: wait",
      [["+1B", "+1B2"], ["+1C"]],
      0,
      2,
      "busy",
      { kind: "wait", ringing: 1 },
    ],
  ])("%s", (_n, attempts, attempt, ringing, status, expected) => {
    expect(afterMemberCall(attempts, { attempt, ringing }, status)).toEqual(expected);
  });
});

describe("continueAfterQueue", () => {
  it.each<[string, boolean, CallStep["kind"]]>([
    ["bridged", true, "end"],
    ["hangup", true, "end"],
    ["leave", true, "voicemail"],
    ["leave", false, "say_goodbye"],
    ["system-error", true, "voicemail"],
  ])("%s (voicemail %s) → %s", (result, voicemailEnabled, kind) => {
    expect(continueAfterQueue(table({ voicemailEnabled }), context, result).kind).toBe(kind);
  });
});

describe("queue TwiML", () => {
  it("enqueues the caller by CallSid with the wait and action URLs", () => {
    const xml = renderStep(route(table({ ringStrategy: "round-robin" })), options, {
      from: "+13055551234",
      to: "+13055550100",
      callSid: "CA1",
    });
    expect(xml).toContain(
      '<Enqueue waitUrl="https://api.example.com/twilio/voice/hold?a=acct_1&amp;n=num_1&amp;w=open" waitUrlMethod="POST" action="https://api.example.com/twilio/voice/queue-result?a=acct_1&amp;n=num_1" method="POST">CA1</Enqueue>',
    );
  });

  it.each([
    ["hold music", renderHold(HOLD), `<Play>${HOLD}</Play>`],
    ["leave", renderLeave(), "<Leave/>"],
    [
      "member whisper",
      renderMemberAnswer("Demo Law Group", "CA1"),
      "<Say>Call for Demo Law Group.</Say><Dial><Queue>CA1</Queue></Dial>",
    ],
  ])("%s", (_n, xml, expected) => expect(xml).toContain(expected));

  it.each([
    [{ w: "after" }, "after"],
    [{ w: "x", r: "2" }, "open"],
  ])("reads the hunt's target %j", (query, expected) => expect(readHuntTarget(query)).toEqual(expected));

  it.each([
    [
      { q: "CA1", k: "2" },
      { queue: "CA1", attempt: 2 },
    ],
    [{ k: "2" }, null],
  ])("reads the member call %j", (query, expected) => expect(readMemberCall(query)).toEqual(expected));
});
