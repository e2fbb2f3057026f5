/**
 * A call's transcript: the words of each party in the order they were said. A recorded call has
 * each party on a channel of its own, transcribed apart and merged by time here; a call room's
 * recording is one mixed channel, so its turns name no speaker.
 */

/** Who spoke: the team's member, the party outside (the caller, or the one called), or unknown. */
export type TranscriptSpeaker = "team" | "other" | null;

export interface TranscriptTurn {
  speaker: TranscriptSpeaker;
  /** Seconds from the recording's start. */
  startSeconds: number;
  text: string;
}

/** A stretch of one channel's speech as a transcriber timed it. */
export interface TimedText {
  startSeconds: number;
  text: string;
}

/**
 * The turns of a conversation from each speaker's timed texts: ordered by when each began (the
 * first speaker first on a tie), a speaker's consecutive texts joined into one turn, empty texts
 * dropped.
 */
export function mergeTurns(channels: { speaker: TranscriptSpeaker; texts: TimedText[] }[]): TranscriptTurn[] {
  const said = channels
    .flatMap(({ speaker, texts }, order) =>
      texts.map((text) => ({ speaker, order, startSeconds: text.startSeconds, text: text.text.trim() })),
    )
    .filter((piece) => piece.text !== "")
    .sort((a, b) => a.startSeconds - b.startSeconds || a.order - b.order);
  const turns: TranscriptTurn[] = [];
  for (const piece of said) {
    const last = turns.at(-1);
    if (last && last.speaker === piece.speaker) last.text = `${last.text} ${piece.text}`;
    else
      turns.push({ speaker: piece.speaker, startSeconds: roundTenth(piece.startSeconds), text: piece.text });
  }
  return turns;
}

const roundTenth = (seconds: number) => Math.round(Math.max(0, seconds) * 10) / 10;

/** The transcript as one text (the search's), each turn on its own line. */
export const transcriptText = (turns: TranscriptTurn[]) => turns.map((turn) => turn.text).join("\n");
