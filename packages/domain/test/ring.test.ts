import { describe, expect, it } from "vitest";
import { afterDial, clampRingTimeout, ringAttempts } from "../src/ring";

const members = ["+13055550001", "+13055550002", "+13055550003"];

describe("ringAttempts", () => {
  it.each([
    ["simultaneous rings all at once", "simultaneous", 0, [members]],
    ["sequential one by one", "sequential", 0, members.map((m) => [m])],
    [
      "round-robin starts after the last starter",
      "round-robin",
      1,
      [[members[1]], [members[2]], [members[0]]],
    ],
    ["round-robin wraps its counter", "round-robin", 5, [[members[2]], [members[0]], [members[1]]]],
  ] as const)("%s", (_n, strategy, rotation, expected) => {
    expect(ringAttempts(strategy, members, rotation)).toEqual(expected);
  });

  it("an empty group has no attempts", () => expect(ringAttempts("sequential", [])).toEqual([]));
});

describe("afterDial", () => {
  const attempts = ringAttempts("sequential", members);
  it.each([
    ["answered ends the hunt", 0, "completed", { kind: "done" }],
    ["busy hunts to the next member", 0, "busy", { kind: "next", index: 1, numbers: [members[1]] }],
    ["no answer hunts on", 1, "no-answer", { kind: "next", index: 2, numbers: [members[2]] }],
    ["last member unanswered exhausts the group", 2, "no-answer", { kind: "exhausted" }],
  ] as const)("%s", (_n, index, status, expected) => {
    expect(afterDial(attempts, index, status)).toEqual(expected);
  });
});

describe("clampRingTimeout", () => {
  it.each([
    [undefined, 30],
    [4, 5],
    [5, 5],
    [121, 120],
    [45.4, 45],
  ])("%s → %s", (input, expected) => expect(clampRingTimeout(input)).toBe(expected));
});
