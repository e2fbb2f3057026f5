/**
 * The carrier's real-time transcription of a call (its REST API's `Calls/{Sid}/Transcriptions`):
 * the events it posts to our StatusCallbackUrl, read into what we keep, and its final texts made
 * into a transcript's turns. Pure: no database, no clock.
 */
import { mergeTurns, type TranscriptTurn } from "./transcript";

/** Who speaks on a track: the call's inbound track is the caller unless our URL says otherwise (`c1`). */
export type TrackSpeaker = "team" | "other";

export type TranscriptionEvent =
  | { kind: "started"; transcriptionSid: string; callSid: string; at: Date | null }
  | {
      kind: "content";
      transcriptionSid: string;
      callSid: string;
      sequenceId: number;
      speaker: TrackSpeaker;
      text: string;
      at: Date | null;
    }
  /** `sequenceId`: the stopped event's, so the texts sent before it (the events between) can be counted. */
  | { kind: "stopped"; transcriptionSid: string; callSid: string; at: Date | null; sequenceId: number | null }
  /** The carrier's transcription failed (`transcription-error`): no transcript will come. */
  | { kind: "failed"; transcriptionSid: string; callSid: string; at: Date | null }
  /** Nothing to keep: a partial result, an event we do not use, or one not of the carrier's shape. */
  | { kind: "ignored"; reason: "partial" | "other_event" | "malformed" };

const TRANSCRIPTION_SID = /^GT[0-9a-f]{32}$/i;
const CALL_SID = /^CA[0-9a-f]{32}$/i;
/** The carrier's SequenceId: a positive integer, at most a database integer. */
const MAX_SEQUENCE = 2_147_483_647;

const instant = (value: string | undefined): Date | null => {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms);
};

/** The transcript of a `transcription-content` event's TranscriptionData (a JSON text); null when unreadable. */
function transcriptOf(data: string | undefined): string | null {
  if (!data) return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== "object" || parsed === null) return null;
    const transcript = (parsed as { transcript?: unknown }).transcript;
    return typeof transcript === "string" ? transcript : null;
  } catch {
    return null;
  }
}

/**
 * One event of the carrier's real-time transcription, as its callback's parameters carry it.
 * `inbound` is who the transcribed call's inbound track is (our URL's `c1`); the outbound track
 * is the other party.
 */
export function readTranscriptionEvent(
  params: Record<string, string | undefined>,
  inbound: TrackSpeaker = "other",
): TranscriptionEvent {
  const kind = params.TranscriptionEvent;
  if (
    kind !== "transcription-started" &&
    kind !== "transcription-content" &&
    kind !== "transcription-stopped" &&
    kind !== "transcription-error"
  )
    return { kind: "ignored", reason: "other_event" };
  const transcriptionSid = params.TranscriptionSid ?? "";
  const callSid = params.CallSid ?? "";
  if (!TRANSCRIPTION_SID.test(transcriptionSid) || !CALL_SID.test(callSid))
    return { kind: "ignored", reason: "malformed" };
  const at = instant(params.Timestamp);
  if (kind === "transcription-started") return { kind: "started", transcriptionSid, callSid, at };
  if (kind === "transcription-stopped")
    return { kind: "stopped", transcriptionSid, callSid, at, sequenceId: sequenceOf(params.SequenceId) };
  if (kind === "transcription-error") return { kind: "failed", transcriptionSid, callSid, at };
  if (params.Final !== undefined && params.Final.toLowerCase() !== "true")
    return { kind: "ignored", reason: "partial" };
  const sequenceId = sequenceOf(params.SequenceId) ?? Number.NaN;
  const text = transcriptOf(params.TranscriptionData);
  const track = params.Track;
  if (
    !Number.isInteger(sequenceId) ||
    sequenceId > MAX_SEQUENCE ||
    text === null ||
    (track !== "inbound_track" && track !== "outbound_track")
  )
    return { kind: "ignored", reason: "malformed" };
  const other: TrackSpeaker = inbound === "team" ? "other" : "team";
  return {
    kind: "content",
    transcriptionSid,
    callSid,
    sequenceId,
    speaker: track === "inbound_track" ? inbound : other,
    text,
    at,
  };
}

/** A final text kept from a transcription-content event. */
export interface HeardText {
  speaker: TrackSpeaker;
  text: string;
  /** When the carrier heard it (its Timestamp); null when it gave none. */
  spokenAt: Date | null;
  sequenceId: number;
}

/**
 * A call's turns from the carrier's final texts: each timed from `startedAt` (the first event's
 * Timestamp, else the earliest text's), in the order of their SequenceId when a time is missing,
 * merged by speaker like the workers' transcripts (transcript.ts).
 */
export function heardTurns(texts: HeardText[], startedAt: Date | null): TranscriptTurn[] {
  const ordered = [...texts].sort((a, b) => a.sequenceId - b.sequenceId);
  const times = ordered.flatMap((t) => (t.spokenAt ? [t.spokenAt.getTime()] : []));
  const origin = startedAt?.getTime() ?? (times.length ? Math.min(...times) : 0);
  let last = 0;
  const timed = ordered.map((t) => {
    // A text without a time comes right after the one before it.
    last = t.spokenAt ? Math.max(0, (t.spokenAt.getTime() - origin) / 1000) : last;
    return { speaker: t.speaker, startSeconds: last, text: t.text };
  });
  return mergeTurns(
    (["team", "other"] as const).map((speaker) => ({
      speaker,
      texts: timed.filter((t) => t.speaker === speaker),
    })),
  );
}

/** The carrier's SequenceId as a number; null when absent or not one. */
function sequenceOf(value: string | undefined): number | null {
  const sequence = value ?? "";
  const id = /^\d{1,10}$/.test(sequence) ? Number(sequence) : Number.NaN;
  return Number.isInteger(id) && id <= MAX_SEQUENCE ? id : null;
}
