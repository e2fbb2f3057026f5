import { describe, expect, it } from "vitest";
import {
  CALLBACK_OFFER,
  callbackNumber,
  expectedWaitSeconds,
  placeInLine,
  spokenDigits,
  type WaitRound,
  type WaitRoundInput,
  waitRound,
} from "../src/queue-line";

const settings = { announceSeconds: 60, maxWaitSeconds: 600 };
const round = (input: Partial<WaitRoundInput>): WaitRound =>
  waitRound(settings, {
    position: 1,
    queueTime: 0,
    announcedAt: 0,
    first: false,
    averageAnswerSeconds: null,
    seats: 1,
    ...input,
  });

describe("a round of the wait", () => {
  const cases: [string, Partial<WaitRoundInput>, WaitRound][] = [
    [
      "first in line on joining: only the music",
      { first: true },
      { kind: "hold", announce: null, announcedAt: 0 },
    ],
    [
      "behind others on joining: their place and the callback offer",
      { first: true, position: 3 },
      { kind: "hold", announce: `You are number 3 in line. ${CALLBACK_OFFER}`, announcedAt: 0 },
    ],
    [
      "before the interval: the music",
      { queueTime: 40, position: 2 },
      { kind: "hold", announce: null, announcedAt: 0 },
    ],
    [
      "the interval passed: announced again, with the expected wait from recent answers",
      { queueTime: 80, announcedAt: 20, position: 2, averageAnswerSeconds: 45 },
      {
        kind: "hold",
        announce: `You are number 2 in line. The expected wait is about 2 minutes. ${CALLBACK_OFFER}`,
        announcedAt: 80,
      },
    ],
    [
      "two seats: the third in line waits for the second round of answers",
      { queueTime: 80, announcedAt: 20, position: 3, averageAnswerSeconds: 45, seats: 2 },
      {
        kind: "hold",
        announce: `You are number 3 in line. The expected wait is about 2 minutes. ${CALLBACK_OFFER}`,
        announcedAt: 80,
      },
    ],
    ["past the longest wait: out of the queue", { queueTime: 600 }, { kind: "leave" }],
  ];
  it.each(cases)("%s", (_name, input, expected) => {
    expect(round(input)).toEqual(expected);
  });

  it("announcements off: never said", () => {
    expect(
      waitRound(
        { announceSeconds: 0, maxWaitSeconds: 600 },
        {
          position: 4,
          queueTime: 300,
          announcedAt: 0,
          first: true,
          averageAnswerSeconds: 30,
          seats: 1,
        },
      ),
    ).toEqual({ kind: "hold", announce: null, announcedAt: 0 });
  });
});

describe("the place and the expected wait", () => {
  it.each([
    ["no recent answer", null, 2, 1, null],
    ["one seat: one average per caller ahead and them", 20, 3, 1, 60],
    ["two seats: position 3 is in the second round", 20, 3, 2, 40],
    ["two seats: the first two are taken in the first round", 20, 2, 2, 20],
    ["more seats than callers: one round", 20, 3, 5, 20],
    ["no seat counted: as one", 20, 2, 0, 40],
  ])("%s", (_name, average, position, seats, expected) => {
    expect(expectedWaitSeconds(average, position, seats)).toBe(expected);
  });

  it("rounds the wait up to whole minutes, at least one", () => {
    expect(placeInLine(1, 10)).toBe("You are next in line. The expected wait is about 1 minute.");
    expect(placeInLine(2, 61)).toBe("You are number 2 in line. The expected wait is about 2 minutes.");
  });
});

describe("the callback number", () => {
  it.each([
    ["3055557777", "+13055551234", "+13055557777"],
    ["", "+13055551234", "+13055551234"],
    [undefined, "+13055551234", "+13055551234"],
    ["12", "+13055551234", null],
    ["", "anonymous", null],
  ])("typed %s, calling from %s: %s", (digits, from, expected) => {
    expect(callbackNumber(digits, from)).toBe(expected);
  });

  it("is said digit by digit", () => {
    expect(spokenDigits("+13055557777")).toBe("3 0 5, 5 5 5, 7 7 7 7");
  });
});
