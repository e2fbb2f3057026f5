import { describe, expect, it } from "vitest";
import { heardTurns, readTranscriptionEvent, type TrackSpeaker } from "../src/realtime-transcript";

const GT = `GT${"a".repeat(32)}`;
const CA = `CA${"b".repeat(32)}`;
const base = { TranscriptionSid: GT, CallSid: CA, Timestamp: "2026-11-23T15:00:03.500Z" };
const content = (extra: Record<string, string | undefined>) => ({
  ...base,
  TranscriptionEvent: "transcription-content",
  SequenceId: "2",
  Final: "true",
  Track: "inbound_track",
  TranscriptionData: JSON.stringify({ transcript: "Hello there", confidence: 0.91 }),
  ...extra,
});
const at = new Date("2026-11-23T15:00:03.500Z");

describe("readTranscriptionEvent", () => {
  it.each<[string, Record<string, string | undefined>, TrackSpeaker, unknown]>([
    [
      "started",
      { ...base, TranscriptionEvent: "transcription-started" },
      "other",
      { kind: "started", transcriptionSid: GT, callSid: CA, at },
    ],
    [
      "stopped",
      { ...base, TranscriptionEvent: "transcription-stopped" },
      "other",
      { kind: "stopped", transcriptionSid: GT, callSid: CA, at },
    ],
    [
      "the caller's words on the inbound track",
      content({}),
      "other",
      { kind: "content", sequenceId: 2, speaker: "other", text: "Hello there", at },
    ],
    [
      "the team's words on the outbound track",
      content({ Track: "outbound_track" }),
      "other",
      { kind: "content", speaker: "team" },
    ],
    [
      "the inbound track is the team's when the URL says c1=t",
      content({}),
      "team",
      { kind: "content", speaker: "team" },
    ],
    [
      "the outbound track is then the other party's",
      content({ Track: "outbound_track" }),
      "team",
      { kind: "content", speaker: "other" },
    ],
    ["no Timestamp: no time", content({ Timestamp: undefined }), "other", { kind: "content", at: null }],
    ["a partial result", content({ Final: "false" }), "other", { kind: "ignored", reason: "partial" }],
    [
      "the carrier's failure",
      { ...base, TranscriptionEvent: "transcription-error" },
      "other",
      { kind: "failed", transcriptionSid: GT, callSid: CA, at },
    ],
    [
      "an event we do not use",
      { ...base, TranscriptionEvent: "transcription-paused" },
      "other",
      { kind: "ignored", reason: "other_event" },
    ],
    ["no event", { ...base }, "other", { kind: "ignored", reason: "other_event" }],
    [
      "a TranscriptionSid not of the carrier's shape",
      content({ TranscriptionSid: "GT1" }),
      "other",
      { kind: "ignored", reason: "malformed" },
    ],
    ["a CallSid not of the carrier's shape", content({ CallSid: "x" }), "other", { kind: "ignored" }],
    ["TranscriptionData not JSON", content({ TranscriptionData: "{" }), "other", { kind: "ignored" }],
    [
      "TranscriptionData without a transcript",
      content({ TranscriptionData: '{"confidence":1}' }),
      "other",
      { kind: "ignored", reason: "malformed" },
    ],
    ["a SequenceId that is no number", content({ SequenceId: "2a" }), "other", { kind: "ignored" }],
    ["a SequenceId past an integer", content({ SequenceId: "9999999999" }), "other", { kind: "ignored" }],
    ["an unknown track", content({ Track: "both_tracks" }), "other", { kind: "ignored" }],
  ])("%s", (_name, params, inbound, expected) => {
    expect(readTranscriptionEvent(params, inbound)).toMatchObject(expected as object);
  });
});

describe("heardTurns", () => {
  const t0 = new Date("2026-11-23T15:00:00Z");
  const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

  it("times each text from the first event and merges a speaker's consecutive texts", () => {
    expect(
      heardTurns(
        [
          { speaker: "other", text: "It's me.", spokenAt: later(2), sequenceId: 3 },
          { speaker: "team", text: "Hello?", spokenAt: later(0.5), sequenceId: 2 },
          { speaker: "other", text: "About my bill.", spokenAt: later(4), sequenceId: 4 },
        ],
        t0,
      ),
    ).toEqual([
      { speaker: "team", startSeconds: 0.5, text: "Hello?" },
      { speaker: "other", startSeconds: 2, text: "It's me. About my bill." },
    ]);
  });

  it("without a start, from the earliest text; a text without a time follows the one before it", () => {
    expect(
      heardTurns(
        [
          { speaker: "team", text: "Hello?", spokenAt: later(10), sequenceId: 2 },
          { speaker: "other", text: "Hi.", spokenAt: null, sequenceId: 3 },
          { speaker: "team", text: "How can I help?", spokenAt: later(13), sequenceId: 4 },
        ],
        null,
      ),
    ).toEqual([
      { speaker: "team", startSeconds: 0, text: "Hello?" },
      { speaker: "other", startSeconds: 0, text: "Hi." },
      { speaker: "team", startSeconds: 3, text: "How can I help?" },
    ]);
  });

  it("nothing heard: no turns", () => {
    expect(heardTurns([], t0)).toEqual([]);
  });
});
