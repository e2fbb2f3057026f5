import { describe, expect, it } from "vitest";
import { allTextsIn } from "../../src/recordings/carrier-transcripts";

describe("allTextsIn: a carrier transcript settles once every text before its end arrived", () => {
  it.each([
    ["the end without a SequenceId settles with what there is", null, 0, true],
    ["started, stopped: no text to wait for", 2, 0, true],
    ["started, two texts, stopped (4): both in", 4, 2, true],
    ["started, two texts, stopped (4): one still on its way", 4, 1, false],
    ["more texts than counted (a repeat kept once elsewhere) still settles", 3, 2, true],
  ])("%s", (_case, stopped, texts, settles) => {
    expect(allTextsIn(stopped, texts)).toBe(settles);
  });
});
