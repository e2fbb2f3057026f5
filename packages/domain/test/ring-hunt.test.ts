import { describe, expect, it } from "vitest";
import {
  type HuntEvent,
  type HuntState,
  type HuntStep,
  newHunt,
  ringHuntStep,
  stillRinging,
} from "../src/ring-hunt";

const fresh = newHunt("open");
/** In line with its turn taken, nobody rung yet. */
const joined: HuntState = { ...fresh, rotation: 1 };
/** Ringing the first attempt's one member. */
const first: HuntState = {
  ...joined,
  phase: "hunting",
  ringing: 1,
  memberCallSids: ["m1"],
  seats: ["usr_a"],
  triedSeats: ["usr_a"],
};
/** Ringing the second offer's two seats, the first offer's call over. */
const second: HuntState = {
  ...first,
  attempt: 1,
  ringing: 2,
  memberCallSids: ["m1", "m2", "m3"],
  endedCallSids: ["m1"],
  seats: ["usr_b", "ext_c"],
  triedSeats: ["usr_a", "usr_b", "ext_c"],
};
/** Between offers: the first seat rang out, the others were busy. */
const between: HuntState = { ...first, phase: "waiting", ringing: 0, seats: [], endedCallSids: ["m1"] };
const ended = (
  attempt: number,
  sid: string,
  status: "no-answer" | "completed" = "no-answer",
  untried = 2,
): HuntEvent => ({ kind: "member_ended", attempt, sid, status, untried });

describe("a ring hunt's steps", () => {
  const cases: [string, HuntState, HuntEvent, HuntStep][] = [
    [
      "a caller joining the line keeps the group's turn, and nobody is rung yet",
      fresh,
      { kind: "joined", turn: 1 },
      { state: joined, commands: [] },
    ],
    [
      "offered a free seat, the caller's first offer rings its numbers",
      joined,
      { kind: "started", seats: ["usr_a"], numbers: ["+13055550001"] },
      {
        state: { ...joined, phase: "hunting", ringing: 1, seats: ["usr_a"], triedSeats: ["usr_a"] },
        commands: [{ kind: "ring", attempt: 0, numbers: ["+13055550001"] }],
      },
    ],
    [
      "a later offer is the next attempt, and its seats join those tried",
      between,
      { kind: "started", seats: ["usr_b", "ext_c"], numbers: ["+13055550002", "+13055550003"] },
      {
        state: {
          ...between,
          phase: "hunting",
          attempt: 1,
          ringing: 2,
          seats: ["usr_b", "ext_c"],
          triedSeats: ["usr_a", "usr_b", "ext_c"],
        },
        commands: [{ kind: "ring", attempt: 1, numbers: ["+13055550002", "+13055550003"] }],
      },
    ],
    [
      "an offer of nobody leaves the caller waiting",
      joined,
      { kind: "started", seats: [], numbers: [] },
      { state: joined, commands: [] },
    ],
    [
      "a hunt already ringing does not start again",
      first,
      { kind: "started", seats: ["usr_b"], numbers: ["+1"] },
      { state: first, commands: [] },
    ],
    [
      "a caller in line asks to be called back",
      joined,
      { kind: "callback", number: "+13055557777" },
      { state: { ...joined, callbackNumber: "+13055557777" }, commands: [] },
    ],
    [
      "a caller out of the line cannot book a callback",
      { ...second, phase: "bridged" },
      { kind: "callback", number: "+13055557777" },
      { state: { ...second, phase: "bridged" }, commands: [] },
    ],
    [
      "leaving the queue to be called back keeps the place and the phones ringing",
      { ...second, callbackNumber: "+13055557777" },
      { kind: "caller_left", result: "leave" },
      { state: { ...second, callbackNumber: "+13055557777" }, commands: [] },
    ],
    [
      "a caller waiting in line who hangs up leaves the line",
      joined,
      { kind: "caller_left", result: "hangup" },
      { state: { ...joined, phase: "exhausted" }, commands: [{ kind: "cancel", sids: [] }] },
    ],
    [
      "a placed call is kept for canceling",
      { ...first, memberCallSids: [] },
      { kind: "member_placed", sid: "m1" },
      { state: first, commands: [] },
    ],
    [
      "a call placed after the hunt ended is canceled at once",
      { ...first, phase: "bridged" },
      { kind: "member_placed", sid: "m9" },
      {
        state: { ...first, phase: "bridged", memberCallSids: ["m1", "m9"] },
        commands: [{ kind: "cancel", sids: ["m9"] }],
      },
    ],
    [
      "the attempt's last call unanswered frees the seat: the caller waits for the next offer",
      first,
      ended(0, "m1"),
      { state: between, commands: [] },
    ],
    [
      "one call of two unanswered: one fewer ringing",
      second,
      ended(1, "m2"),
      { state: { ...second, ringing: 1, endedCallSids: ["m1", "m2"] }, commands: [] },
    ],
    [
      "the last attempt over with every seat tried: nobody is left, the hunt is exhausted",
      { ...second, ringing: 1, endedCallSids: ["m1", "m2"] },
      ended(1, "m3", "no-answer", 0),
      {
        state: { ...second, phase: "exhausted", ringing: 0, seats: [], endedCallSids: ["m1", "m2", "m3"] },
        commands: [],
      },
    ],
    ["the same call's end again counts once", second, ended(1, "m1"), { state: second, commands: [] }],
    ["an end of an earlier attempt changes nothing", second, ended(0, "m9"), { state: second, commands: [] }],
    [
      "an end once the hunt is over changes nothing",
      { ...second, phase: "bridged" },
      ended(1, "m2"),
      { state: { ...second, phase: "bridged" }, commands: [] },
    ],
    [
      "a completed call ends the attempt and rings nobody more",
      first,
      ended(0, "m1", "completed"),
      { state: { ...first, ringing: 0, endedCallSids: ["m1"] }, commands: [] },
    ],
    [
      "the number no longer rings a group: the hunt is exhausted",
      first,
      ended(0, "m1", "no-answer", 0),
      {
        state: { ...first, phase: "exhausted", ringing: 0, seats: [], endedCallSids: ["m1"] },
        commands: [],
      },
    ],
    [
      "the first member to answer takes the caller; the others stop ringing",
      second,
      { kind: "member_answered", sid: "m3" },
      {
        state: { ...second, phase: "bridged" },
        commands: [{ kind: "cancel", sids: ["m2"] }, { kind: "bridge" }],
      },
    ],
    [
      "a member answering after another is thanked off",
      { ...second, phase: "bridged" },
      { kind: "member_answered", sid: "m2" },
      { state: { ...second, phase: "bridged" }, commands: [] },
    ],
    [
      "the caller leaving unbridged stops every phone",
      second,
      { kind: "caller_left", result: "hangup" },
      { state: { ...second, phase: "exhausted" }, commands: [{ kind: "cancel", sids: ["m2", "m3"] }] },
    ],
    [
      "a bridged caller leaving cancels nothing",
      { ...second, phase: "bridged" },
      { kind: "caller_left", result: "bridged" },
      { state: { ...second, phase: "bridged" }, commands: [] },
    ],
  ];

  it.each(cases)("%s", (_name, state, event, expected) => {
    expect(ringHuntStep(state, event)).toEqual(expected);
  });
});

describe("stillRinging", () => {
  it("leaves out the calls that ended and the one that answered", () => {
    expect(stillRinging(second, "m3")).toEqual(["m2"]);
    expect(stillRinging(second)).toEqual(["m2", "m3"]);
  });
});
