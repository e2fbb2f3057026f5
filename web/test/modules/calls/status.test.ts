import { describe, expect, it } from "vitest";
import { callStatusLabel } from "../../../src/modules/calls/status";

describe("callStatusLabel: what Call History and the dashboard show", () => {
  it.each([
    ["refused", "Refused"],
    ["completed", "completed"],
    ["voicemail_missed", "voicemail missed"],
    ["no-answer", "no-answer"],
  ])("%s: %s", (status, label) => {
    expect(callStatusLabel(status)).toBe(label);
  });
});
