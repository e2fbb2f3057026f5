import type { CarrierConfig } from "@poundline/platform/carrier/config";

/** How the worker reaches the carrier's copy of recordings. */
export type CarrierAccess = Pick<CarrierConfig, "mode" | "accountSid" | "authToken">;

const DOWNLOAD_TIMEOUT_MS = 60_000;

/** The WAV of a recording: the carrier serves `${RecordingUrl}.wav`. */
export function recordingWavUrl(recordingUrl: string): string {
  return /\.(wav|mp3)$/i.test(recordingUrl) ? recordingUrl : `${recordingUrl}.wav`;
}

/** Whether the carrier's credentials go with a request to `url`: the real carrier's own hosts only. */
function carrierHost(url: URL): boolean {
  return url.protocol === "https:" && (url.hostname === "twilio.com" || url.hostname.endsWith(".twilio.com"));
}

/** The carrier did not give the recording: its HTTP status says whether asking again may help. */
export class RecordingDownloadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "RecordingDownloadError";
  }
}

/**
 * Downloads a recording whole, or throws (the queue retries the job; a RecordingDownloadError
 * when the carrier answered with an error status). With the real carrier the
 * request carries Basic auth with the account sid and token; the simulator serves its own without.
 */
export async function downloadRecording(
  ports: { fetch: typeof fetch; carrier: CarrierAccess },
  recordingUrl: string,
): Promise<Uint8Array> {
  const url = new URL(recordingWavUrl(recordingUrl));
  const headers: Record<string, string> = {};
  if (ports.carrier.mode === "twilio" && carrierHost(url)) {
    const basic = Buffer.from(`${ports.carrier.accountSid}:${ports.carrier.authToken}`).toString("base64");
    headers.authorization = `Basic ${basic}`;
  }
  const response = await ports.fetch(url, { headers, signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new RecordingDownloadError(
      `Recording download failed: HTTP ${response.status} for ${url.href}`,
      response.status,
    );
  }
  const data = new Uint8Array(await response.arrayBuffer());
  // A length announced for the body as sent (not re-encoded) must be the length received.
  const expected = response.headers.has("content-encoding")
    ? Number.NaN
    : Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(expected) && expected !== data.byteLength) {
    throw new Error(
      `Recording download incomplete: ${data.byteLength} of ${expected} bytes from ${url.href}`,
    );
  }
  if (data.byteLength === 0) throw new Error(`Recording download empty: ${url.href}`);
  return data;
}
