import { describe, expect, it } from "vitest";
import { recordingDeletedText } from "../../src/modules/calls/format";
import { daysOfOption, retentionOptions } from "../../src/modules/settings/RecordingRetentionCard";

describe("recording retention in the console", () => {
  it("offers 30, 90 and 365 days or forever, forever being none", () => {
    expect(retentionOptions.map((o) => o.label)).toEqual(["30 days", "90 days", "365 days", "Forever"]);
    expect(retentionOptions.map((o) => daysOfOption(o.value))).toEqual([30, 90, 365, null]);
  });

  it.each([
    [90, "Recording deleted after 90 days"],
    [1, "Recording deleted after 1 day"],
  ])("call history says a recording kept %i days was deleted", (afterDays, text) => {
    expect(recordingDeletedText({ afterDays })).toBe(text);
  });
});
