/**
 * Who transcribes voicemail: the carrier (its own transcription, posted to our callback), an
 * OpenAI-compatible HTTP service called by the workers, or nobody. The API and the workers read
 * it alike: the API to store a new voicemail as awaiting its text or with transcription off, the
 * workers to pick their transcriber.
 */
export const transcriberKinds = ["carrier", "http", "none"] as const;
export type TranscriberKind = (typeof transcriberKinds)[number];

/** The settings the choice is read from (raw environment strings, or the parsed config). */
export interface TranscriberSettings {
  TRANSCRIBER?: string | undefined;
  TRANSCRIPTION_URL?: string | undefined;
  CARRIER_TRANSCRIPTION?: string | boolean | undefined;
}

const isTranscriberKind = (value: string): value is TranscriberKind =>
  (transcriberKinds as readonly string[]).includes(value);

/**
 * TRANSCRIBER when set; without it http when TRANSCRIPTION_URL is set, carrier when
 * CARRIER_TRANSCRIPTION=true, none otherwise. An unknown TRANSCRIBER throws: a typo must not
 * quietly turn transcription off.
 */
export function transcriberOf(settings: TranscriberSettings): TranscriberKind {
  const chosen = settings.TRANSCRIBER?.trim();
  if (chosen) {
    if (!isTranscriberKind(chosen)) {
      throw new Error(`TRANSCRIBER must be one of ${transcriberKinds.join(", ")} (got "${chosen}")`);
    }
    return chosen;
  }
  if (settings.TRANSCRIPTION_URL?.trim()) return "http";
  const carrier = settings.CARRIER_TRANSCRIPTION;
  return carrier === true || carrier === "true" ? "carrier" : "none";
}
