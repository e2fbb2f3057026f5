import type { TimedText } from "@poundline/domain/transcript";
import { type TranscriberKind, transcriberOf } from "@poundline/platform/transcription";

/** The recording handed to a transcriber: read only by the providers that need the audio. */
export interface RecordingAudio {
  filename: string;
  contentType: string;
  read(): Promise<Uint8Array>;
  /** Ask for the text's timing too (a call's parties are merged by it); the text alone otherwise. */
  timed?: boolean;
}

/**
 * What a transcriber did. `pending`: the carrier transcribes and posts the text to its callback,
 * so nothing is stored now; `off`: voicemail is not transcribed (the row says so).
 */
export type TranscriptionOutcome =
  | { status: "completed"; text: string; segments?: TimedText[] }
  | { status: "failed"; error: string }
  | { status: "pending" }
  | { status: "off" };

export type TranscriptionProvider = TranscriberKind;

export interface Transcriber {
  readonly provider: TranscriptionProvider;
  transcribe(audio: RecordingAudio): Promise<TranscriptionOutcome>;
}

export type TranscriberConfig =
  | { provider: "carrier" }
  | { provider: "none" }
  | {
      provider: "http";
      /** Base URL of an OpenAI-compatible API (…/v1): the audio goes to `${url}/audio/transcriptions`. */
      url: string;
      apiKey?: string | undefined;
      model: string;
      timeoutMs?: number;
    };

export const DEFAULT_TRANSCRIPTION_MODEL = "whisper-1";

/**
 * The transcription settings of the environment: TRANSCRIBER (carrier, http or none) or, without
 * it, http when TRANSCRIPTION_URL is set, else as CARRIER_TRANSCRIPTION says, else carrier on the
 * simulator and none with a carrier account (packages/platform/src/transcription.ts);
 * TRANSCRIPTION_API_KEY and TRANSCRIPTION_MODEL
 * (default whisper-1) for http.
 */
export function transcriberConfigFromEnv(env: Record<string, string | undefined>): TranscriberConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  const provider = transcriberOf(env);
  if (provider === "carrier" || provider === "none") return { provider };
  const url = value("TRANSCRIPTION_URL");
  if (!url || !URL.canParse(url)) throw new Error("TRANSCRIPTION_URL must be a URL with TRANSCRIBER=http");
  return {
    provider: "http",
    url,
    apiKey: value("TRANSCRIPTION_API_KEY"),
    model: value("TRANSCRIPTION_MODEL") ?? DEFAULT_TRANSCRIPTION_MODEL,
  };
}

export function createTranscriber(config: TranscriberConfig, fetchImpl: typeof fetch = fetch): Transcriber {
  switch (config.provider) {
    case "carrier":
      return { provider: "carrier", transcribe: async () => ({ status: "pending" }) };
    case "none":
      return { provider: "none", transcribe: async () => ({ status: "off" }) };
    case "http":
      return createHttpTranscriber(config, fetchImpl);
  }
}

/**
 * An OpenAI-compatible transcription API (OpenAI, Groq, a local whisper server): the recording is
 * POSTed as multipart `file` and `model` with the bearer key. Any failure is a `failed` outcome:
 * the voicemail is still delivered, without its text.
 */
function createHttpTranscriber(
  config: Extract<TranscriberConfig, { provider: "http" }>,
  fetchImpl: typeof fetch,
): Transcriber {
  const endpoint = `${config.url.replace(/\/+$/, "")}/audio/transcriptions`;
  const post = async (bytes: Uint8Array, audio: RecordingAudio, format: "json" | "verbose_json") => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)], { type: audio.contentType }), audio.filename);
    form.append("model", config.model);
    form.append("response_format", format);
    return fetchImpl(endpoint, {
      method: "POST",
      headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
      body: form,
      signal: AbortSignal.timeout(config.timeoutMs ?? 120_000),
    });
  };
  return {
    provider: "http",
    async transcribe(audio) {
      try {
        const bytes = await audio.read();
        let response = await post(bytes, audio, audio.timed ? "verbose_json" : "json");
        // A model without timings (OpenAI's gpt-4o-transcribe) refuses verbose_json: the text alone.
        if (audio.timed && response.status === 400) response = await post(bytes, audio, "json");
        if (!response.ok) {
          const detail = (await response.text().catch(() => "")).slice(0, 200);
          return { status: "failed", error: `HTTP ${response.status}${detail ? `: ${detail}` : ""}` };
        }
        return readAnswer((await response.json()) as { text?: unknown; segments?: unknown });
      } catch (err) {
        return { status: "failed", error: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}

/** The service's answer: its text, and its segments' starts and texts when it gave them (verbose_json). */
function readAnswer(body: { text?: unknown; segments?: unknown }): TranscriptionOutcome {
  if (typeof body.text !== "string") return { status: "failed", error: "no text in the answer" };
  const text = body.text.trim();
  if (!Array.isArray(body.segments)) return { status: "completed", text };
  const segments = body.segments.flatMap((segment: { start?: unknown; text?: unknown }) =>
    typeof segment?.start === "number" && typeof segment.text === "string"
      ? [{ startSeconds: segment.start, text: segment.text.trim() }]
      : [],
  );
  return { status: "completed", text, segments };
}
