/**
 * The carrier's real-time transcription (REST `POST Calls/{CallSid}/Transcriptions.json`): the app
 * asks for it on a call, and the carrier posts `transcription-started`, one final
 * `transcription-content` per thing said, and `transcription-stopped` to its StatusCallbackUrl.
 *
 * Plainly: no speech is recognised. The words are the call's script (`says` of the caller, and of
 * the person who answered its `<Dial>`), heard when the call ends. A sim call runs on a virtual
 * clock and may have ended by the time the app's request arrives: it is then served as if it had
 * come in time, its events posted at once.
 */
import { randomUUID } from "node:crypto";
import type { PendingCallback } from "./delivery";
import { newSid } from "./sids";
import type { HttpMethod } from "./signing";
import { addSeconds } from "./time";
import type { CallTranscript } from "./transcript";
import type { CallerScript, DialScript } from "./twiml-runner";

export type TranscriptionTrack = "inbound_track" | "outbound_track";

/** A transcription the app asked for. */
export interface SimTranscription {
  sid: string;
  callSid: string;
  name: string | null;
  statusCallbackUrl: string | null;
  method: HttpMethod;
  languageCode: string;
  status: "in-progress" | "stopped";
  dateUpdated: Date;
}

/** What was said on a call, as the carrier would have heard it. */
export interface CallHearing {
  callSid: string;
  /** When the parties were bridged (the transcription starts), and when the call ended. */
  startedAt: Date;
  endedAt: Date;
  words: { track: TranscriptionTrack; at: Date; text: string }[];
}

/**
 * The words of a finished call: the caller's `says` on its inbound track and the answering
 * party's on its outbound track, timed from the first bridge of a `<Dial>` and cut at its end.
 */
export function hearCall(
  callSid: string,
  startTime: Date,
  script: CallerScript,
  transcript: Pick<CallTranscript, "dials" | "ended">,
): CallHearing {
  const endedAt = addSeconds(startTime, transcript.ended.at);
  // The caller's script is one conversation: the first bridge of its <Dial>s.
  const dial = transcript.dials.find((d) => d.legs.some((leg) => leg.bridged));
  const winner = dial?.legs.find((leg) => leg.bridged);
  if (!dial || !winner) return { callSid, startedAt: endedAt, endedAt, words: [] };
  const bridgedAt = dial.at - winner.talkSeconds;
  const answerer: DialScript | undefined =
    script.dial?.[winner.target] ?? (winner.noun === "Number" ? script.dialDefault : undefined);
  const words = [
    ...(script.says ?? []).map((u) => ({ track: "inbound_track" as const, ...u })),
    ...((answerer?.outcome === "answer" ? answerer.says : undefined) ?? []).map((u) => ({
      track: "outbound_track" as const,
      ...u,
    })),
  ]
    .filter((u) => u.at >= 0 && u.at <= winner.talkSeconds && u.text.trim() !== "")
    .sort((a, b) => a.at - b.at)
    .map((u) => ({ track: u.track, at: addSeconds(startTime, bridgedAt + u.at), text: u.text }));
  return { callSid, startedAt: addSeconds(startTime, bridgedAt), endedAt, words };
}

export class TranscriptionRegistry {
  private readonly asked = new Map<string, SimTranscription>();
  private readonly heard = new Map<string, CallHearing>();

  constructor(private readonly accountSid: string) {}

  /**
   * The app asks to transcribe a call: the transcription, and the call's hearing when it has
   * ended already (its events are then due at once); null when the call has one already.
   */
  start(
    callSid: string,
    request: {
      name: string | null;
      statusCallbackUrl: string | null;
      method: HttpMethod;
      languageCode: string;
    },
    now: Date,
  ): { transcription: SimTranscription; ended: CallHearing | null } | null {
    if (this.asked.has(callSid)) return null;
    const transcription: SimTranscription = {
      sid: newSid("GT"),
      callSid,
      ...request,
      status: "in-progress",
      dateUpdated: now,
    };
    this.asked.set(callSid, transcription);
    return { transcription, ended: this.heard.get(callSid) ?? null };
  }

  /** A call ended: its transcription, when the app asked for one (its events are due now). */
  ended(hearing: CallHearing): SimTranscription | null {
    this.heard.set(hearing.callSid, hearing);
    return this.asked.get(hearing.callSid) ?? null;
  }

  /** The events of a transcription over what was heard; the transcription is stopped. */
  events(transcription: SimTranscription, hearing: CallHearing): PendingCallback[] {
    transcription.status = "stopped";
    transcription.dateUpdated = hearing.endedAt;
    const url = transcription.statusCallbackUrl;
    if (!url) return [];
    let sequence = 0;
    const event = (name: string, at: Date, extra: Record<string, string> = {}): PendingCallback => ({
      kind: "transcription",
      url,
      method: transcription.method,
      at: (at.getTime() - hearing.startedAt.getTime()) / 1000,
      idempotencyToken: randomUUID(),
      params: {
        AccountSid: this.accountSid,
        CallSid: transcription.callSid,
        TranscriptionSid: transcription.sid,
        TranscriptionEvent: name,
        SequenceId: String(++sequence),
        Timestamp: at.toISOString(),
        ProviderName: "Google",
        LanguageCode: transcription.languageCode,
        ...(transcription.name ? { Name: transcription.name } : {}),
        ...extra,
      },
    });
    return [
      event("transcription-started", hearing.startedAt, { Track: "both_tracks" }),
      ...hearing.words.map((w) =>
        event("transcription-content", w.at, {
          Track: w.track,
          TranscriptionData: JSON.stringify({ transcript: w.text, confidence: 0.9 }),
          Final: "true",
          Stability: "1",
        }),
      ),
      event("transcription-stopped", hearing.endedAt),
    ];
  }

  clear(): void {
    this.asked.clear();
    this.heard.clear();
  }
}
