/**
 * A greeting a caller hears: words said by the carrier's text to speech (`<Say>`, in a voice and
 * language), or a stored recording played (`<Play>`). Numbers (voicemail, after hours),
 * extensions (voicemail) and IVR menus each have one.
 */
export type Greeting =
  | { kind: "say"; text: string; voice?: string; language?: string }
  | { kind: "play"; url: string };

/** The built-in words of voicemail, said when no greeting is set (the console shows them too). */
export const BUILT_IN_GREETINGS = {
  voicemail: "Please leave a message after the tone. When you are finished, you may hang up.",
  extensionVoicemail: (name: string) => `${name} is not available. Please leave a message after the tone.`,
} as const;

/** A greeting as stored (a `greetings` row, or an IVR menu's greeting columns), decoded. */
export interface StoredGreeting {
  kind: "tts" | "audio";
  ttsText: string | null;
  voice?: string | null;
  language?: string | null;
  audioUrl: string | null;
}

const blank = (text: string | null | undefined) => !text || text.trim() === "";

/**
 * What a stored greeting makes the carrier do: play its recording, or say its words; null when
 * there is nothing to play or say (the caller then hears the built-in words).
 */
export function greetingOf(stored: StoredGreeting | null | undefined): Greeting | null {
  if (!stored) return null;
  if (stored.kind === "audio") {
    return blank(stored.audioUrl) ? null : { kind: "play", url: (stored.audioUrl as string).trim() };
  }
  if (blank(stored.ttsText)) return null;
  return {
    kind: "say",
    text: stored.ttsText as string,
    ...(stored.voice ? { voice: stored.voice } : {}),
    ...(stored.language ? { language: stored.language } : {}),
  };
}

/** Words said in the carrier's default voice: the built-in messages. */
export const sayGreeting = (text: string): Greeting => ({ kind: "say", text });

/** A short stable key of a greeting (TwiML caches are keyed by what they say or play). */
export function greetingKey(greeting: Greeting | null | undefined): string {
  if (!greeting) return "";
  return greeting.kind === "play"
    ? `p:${greeting.url}`
    : `s:${greeting.voice ?? ""}:${greeting.language ?? ""}:${greeting.text}`;
}
