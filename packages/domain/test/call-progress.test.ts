import { describe, expect, it } from "vitest";
import {
  type CallProgressStatus,
  callProgressRank,
  callProgressStatus,
  callTimes,
  ENDED_RANK,
} from "../src/call-progress";

describe("call progress", () => {
  it.each([
    ["queued", "queued"],
    ["ringing", "ringing"],
    ["answered", "in-progress"],
    ["in-progress", "in-progress"],
    ["completed", "completed"],
    ["no-answer", "no-answer"],
    ["toString", undefined],
    ["", undefined],
  ])("the carrier's %s is stored as %s", (carrier, stored) => {
    expect(callProgressStatus(carrier)).toBe(stored);
  });

  it("ranks statuses in a call's order, every ended one last", () => {
    const order = ["queued", "initiated", "ringing", "in-progress"].map(callProgressRank);
    expect(order).toEqual([0, 1, 2, 3]);
    for (const ended of [
      "completed",
      "busy",
      "no-answer",
      "failed",
      "canceled",
      "voicemail_missed",
      "missed",
    ])
      expect(callProgressRank(ended)).toBe(ENDED_RANK);
  });

  const at = new Date("2026-11-23T15:00:00Z");
  const secondsBefore = (seconds: number) => new Date(at.getTime() - seconds * 1000);
  it.each<[CallProgressStatus, number, ReturnType<typeof callTimes>]>([
    ["ringing", 0, { callStartTime: at, answeredAt: null, endedAt: null }],
    ["in-progress", 0, { callStartTime: at, answeredAt: at, endedAt: null }],
    ["completed", 65, { callStartTime: secondsBefore(65), answeredAt: secondsBefore(65), endedAt: at }],
    ["completed", 0, { callStartTime: at, answeredAt: null, endedAt: at }],
    ["busy", 0, { callStartTime: at, answeredAt: null, endedAt: at }],
  ])("a %s event with %i s tells its times", (status, duration, times) => {
    expect(callTimes(status, at, duration)).toEqual(times);
  });
});
