import { describe, expect, it } from "vitest";
import { mergeTurns, type TimedText, type TranscriptSpeaker, transcriptText } from "../src/transcript";

const channel = (speaker: TranscriptSpeaker, ...texts: [number, string][]) => ({
  speaker,
  texts: texts.map(([startSeconds, text]): TimedText => ({ startSeconds, text })),
});

describe("mergeTurns", () => {
  it.each([
    ["nobody spoke", [channel("other"), channel("team")], []],
    [
      "the parties take turns by time",
      [channel("other", [1, "Hi."], [6, "Thanks."]), channel("team", [0, "Hello."], [3, "Sure."])],
      [
        { speaker: "team", startSeconds: 0, text: "Hello." },
        { speaker: "other", startSeconds: 1, text: "Hi." },
        { speaker: "team", startSeconds: 3, text: "Sure." },
        { speaker: "other", startSeconds: 6, text: "Thanks." },
      ],
    ],
    [
      "a speaker's consecutive texts are one turn",
      [channel("other", [0, "One."], [2, "Two."]), channel("team", [5, "Three."])],
      [
        { speaker: "other", startSeconds: 0, text: "One. Two." },
        { speaker: "team", startSeconds: 5, text: "Three." },
      ],
    ],
    [
      "on a tie the first channel speaks first; blank texts are dropped; starts are rounded to a tenth",
      [channel("other", [2.04, " A "], [3, "  "]), channel("team", [2.04, "B"])],
      [
        { speaker: "other", startSeconds: 2, text: "A" },
        { speaker: "team", startSeconds: 2, text: "B" },
      ],
    ],
    [
      "one mixed channel is one turn with no speaker",
      [channel(null, [0, "Everyone talking."], [4, "Still."])],
      [{ speaker: null, startSeconds: 0, text: "Everyone talking. Still." }],
    ],
  ])("%s", (_case, channels, turns) => {
    expect(mergeTurns(channels)).toEqual(turns);
  });

  it("reads as one text, a turn a line", () => {
    expect(transcriptText(mergeTurns([channel("other", [0, "a"]), channel("team", [1, "b"])]))).toBe("a\nb");
  });
});
