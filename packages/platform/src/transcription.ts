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
  TWILIO_ACCOUNT_SID?: string | undefined;
  TWILIO_AUTH_TOKEN?: string | undefined;
}

const isTranscriberKind = (value: string): value is TranscriberKind =>
  (transcriberKinds as readonly string[]).includes(value);

/** A carrier account is configured (both settings); without one the carrier simulator is the carrier. */
export function hasCarrierAccount(
  settings: Pick<TranscriberSettings, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN">,
) {
  return Boolean(settings.TWILIO_ACCOUNT_SID?.trim() && settings.TWILIO_AUTH_TOKEN?.trim());
}

/** CARRIER_TRANSCRIPTION as said (true or false), or undefined when not set. */
function carrierTranscriptionOf(value: TranscriberSettings["CARRIER_TRANSCRIPTION"]): boolean | undefined {
  if (typeof value === "boolean") return value;
  const said = value?.trim();
  return said ? said === "true" : undefined;
}

/**
 * TRANSCRIBER when set; without it http when TRANSCRIPTION_URL is set, carrier or none as
 * CARRIER_TRANSCRIPTION says; with none of them carrier on the simulator (its transcription is
 * the words its caller was scripted to say, so voicemail is transcribed out of the box) and none
 * with a carrier account (its transcription is a paid service, asked for explicitly). An unknown
 * TRANSCRIBER throws: a typo must not quietly turn transcription off.
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
  const carrier = carrierTranscriptionOf(settings.CARRIER_TRANSCRIPTION) ?? !hasCarrierAccount(settings);
  return carrier ? "carrier" : "none";
}
