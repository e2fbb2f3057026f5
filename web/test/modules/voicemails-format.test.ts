import { describe, expect, it } from "vitest";
import { dayLabel, groupByDate, transcriptionText } from "../../src/modules/voicemails/format";
import { formatClockDuration } from "../../src/ui/format";

describe("groupByDate", () => {
  it("groups newest-first voicemails by day with Today and Yesterday", () => {
    const now = new Date(2025, 2, 10, 15);
    const items = [
      { id: "a", createdAt: new Date(2025, 2, 10, 9).toISOString() },
      { id: "b", createdAt: new Date(2025, 2, 9, 23).toISOString() },
      { id: "c", createdAt: new Date(2025, 2, 9, 1).toISOString() },
      { id: "d", createdAt: new Date(2025, 1, 28, 12).toISOString() },
    ];
    expect(groupByDate(items, now).map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ["Today", ["a"]],
      ["Yesterday", ["b", "c"]],
      ["Feb 28, 2025", ["d"]],
    ]);
  });

  it("labels across a month boundary", () => {
    expect(dayLabel(new Date(2025, 1, 28, 8), new Date(2025, 2, 1, 8))).toBe("Yesterday");
  });
});

describe("formatClockDuration", () => {
  it.each([
    [0, "0:00"],
    [5, "0:05"],
    [65, "1:05"],
    [3600, "60:00"],
    [-3, "0:00"],
  ])("%i → %s", (seconds, expected) => {
    expect(formatClockDuration(seconds)).toBe(expected);
  });
});

describe("transcriptionText", () => {
  it.each([
    ["completed", "Hi, call me back.", "Hi, call me back."],
    ["completed", "", "No words were heard in this message."],
    ["completed", null, "No words were heard in this message."],
    ["pending", null, "Transcribing…"],
    ["failed", null, "Transcription failed."],
    ["off", null, "Transcription is off."],
    ["none", null, "No transcription."],
  ])("%s with %j shows %j", (transcriptionStatus, transcription, shown) => {
    expect(transcriptionText({ transcriptionStatus, transcription })).toBe(shown);
  });
});
