import { describe, expect, it } from "vitest";
import type { Availability } from "../src/members";
import {
  memberCallChange,
  memberWithPhone,
  type PresenceState,
  presenceLabels,
  presenceOf,
} from "../src/presence";

describe("presence", () => {
  it.each<[Availability, boolean, boolean, PresenceState]>([
    ["available", true, false, "available"],
    ["do_not_disturb", true, false, "do_not_disturb"],
    ["away", true, false, "away"],
    ["available", false, false, "offline"],
    ["do_not_disturb", false, false, "offline"],
    ["away", false, false, "offline"],
    ["available", true, true, "on_call"],
    ["do_not_disturb", true, true, "on_call"],
    // A forwarding phone takes calls with no console open.
    ["available", false, true, "on_call"],
    ["away", false, true, "on_call"],
  ])("%s, online %s, on a call %s: %s", (availability, online, onCall, state) => {
    expect(presenceOf({ availability, online, onCall })).toBe(state);
  });

  it("names every state in words", () => {
    expect(Object.values(presenceLabels)).toEqual([
      "Available",
      "On a call",
      "Do not disturb",
      "Away",
      "Offline",
    ]);
  });
});

describe("a member's call from a status callback", () => {
  const alice = "client:acct_a1_usr_alice";
  it.each([
    ["a softphone dials out", alice, "+14075550100", null, "ringing", { callSid: "CA1", joined: true }],
    ["its call is answered", alice, "+14075550100", null, "in-progress", { callSid: "CA1", joined: true }],
    ["its call ends", alice, "+14075550100", null, "completed", { callSid: "CA1", joined: false }],
    [
      "a leg to a softphone is answered",
      "+13055550100",
      alice,
      "CA0",
      "in-progress",
      { callSid: "CA0", joined: true },
    ],
    [
      "a leg to a softphone ends",
      "+13055550100",
      alice,
      "CA0",
      "completed",
      { callSid: "CA0", joined: false },
    ],
    ["a leg to a softphone rings", "+13055550100", alice, "CA0", "ringing", null],
    ["a call between phones", "+13055550100", "+14075550100", null, "in-progress", null],
    ["a client that names no member", "client:someone", "+14075550100", null, "in-progress", null],
  ] as const)("%s", (_, from, to, parentCallSid, status, change) => {
    const got = memberCallChange({ from, to, callSid: "CA1", parentCallSid, status });
    expect(got).toEqual(change && { accountId: "acct_a1", userId: "usr_alice", ...change });
  });
});

describe("a member's call on their own phone (a leg's status callback)", () => {
  const bob = { accountId: "acct_a1", userId: "usr_bob", forwardingNumbers: ["+13055550203"] };
  const phoneOwner = (number: string) => (bob.forwardingNumbers.includes(number) ? bob : null);
  it.each([
    ["the phone answers", "CA0", "+13055550203", "in-progress", { callSid: "CA0", joined: true }],
    ["the phone's leg ends", "CA0", "+13055550203", "completed", { callSid: "CA0", joined: false }],
    ["the phone rings", "CA0", "+13055550203", "ringing", null],
    ["another number answers", "CA0", "+13055550999", "in-progress", null],
    ["a call of its own to the phone (no parent)", null, "+13055550203", "in-progress", null],
  ] as const)("%s", (_, parentCallSid, to, status, change) => {
    const got = memberCallChange(
      { from: "+14075550100", to, callSid: "CA1", parentCallSid, status },
      phoneOwner,
    );
    expect(got).toEqual(change && { accountId: "acct_a1", userId: "usr_bob", ...change });
  });

  it("finds whose phone a number is, or nobody", () => {
    const member = (userId: string, forwardingNumbers: string[]) => ({
      userId,
      accountId: "acct_a1",
      name: userId,
      availability: "available" as const,
      timeZone: "UTC",
      workingHours: null,
      forwardingNumbers,
    });
    const members = [member("usr_a", ["+13055550201"]), member("usr_b", ["client:x", "+13055550202"])];
    expect(memberWithPhone(members, "+13055550202")?.userId).toBe("usr_b");
    expect(memberWithPhone(members, "+13055550299")).toBeNull();
  });
});
