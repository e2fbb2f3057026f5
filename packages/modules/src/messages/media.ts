/**
 * MMS media reach the console through the API only: the message is looked up in the caller's
 * account first, and the bytes are fetched from the carrier here (with the carrier's credentials
 * when it is the real carrier). The browser never sees a carrier URL, so nothing it holds opens
 * another account's media.
 */

export interface MediaAccess {
  mode: "twilio" | "simulator";
  accountSid: string;
  authToken: string;
}

export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;
const MEDIA_TIMEOUT_MS = 15_000;

/** Types shown inline (images); anything else is served as a download. */
const INLINE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

export function isInlineMedia(contentType: string): boolean {
  return INLINE_TYPES.has(contentType.split(";")[0]?.trim().toLowerCase() ?? "");
}

function carrierHost(url: URL): boolean {
  return url.protocol === "https:" && (url.hostname === "twilio.com" || url.hostname.endsWith(".twilio.com"));
}

const PRIVATE_HOST =
  /^(localhost|.*\.localhost|.*\.local|.*\.internal|\[.*\]|0\.0\.0\.0|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+)$/i;

/**
 * Whether the API fetches this media URL. With the real carrier, only its own hosts (the URL came
 * in a signed webhook, but the credentials go only there). With the simulator, texts carry any
 * media URL the tester gave: public https hosts only, never this machine's network.
 */
export function mayFetchMedia(access: Pick<MediaAccess, "mode">, raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (access.mode === "twilio") return carrierHost(url) ? url : null;
  if (url.protocol !== "https:" || PRIVATE_HOST.test(url.hostname)) return null;
  return url;
}

export type MediaResult =
  | { ok: true; body: Uint8Array; contentType: string }
  | { ok: false; reason: "refused" | "unavailable" | "too_large" };

/** The bytes of one piece of media, or why not. */
export async function fetchMedia(
  ports: { fetch: typeof fetch; carrier: MediaAccess },
  raw: string,
  storedType: string,
): Promise<MediaResult> {
  const url = mayFetchMedia(ports.carrier, raw);
  if (!url) return { ok: false, reason: "refused" };
  const headers: Record<string, string> = {};
  if (ports.carrier.mode === "twilio") {
    const basic = Buffer.from(`${ports.carrier.accountSid}:${ports.carrier.authToken}`).toString("base64");
    headers.authorization = `Basic ${basic}`;
  }
  let response: Response;
  try {
    // Redirects are followed by hand below: the carrier's go to its media CDN, without credentials.
    response = await ports.fetch(url, {
      headers,
      redirect: "manual",
      signal: AbortSignal.timeout(MEDIA_TIMEOUT_MS),
    });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel().catch(() => {});
      const next = new URL(location, url);
      if (next.protocol !== "https:" || PRIVATE_HOST.test(next.hostname))
        return { ok: false, reason: "refused" };
      response = await ports.fetch(next, {
        redirect: "error",
        signal: AbortSignal.timeout(MEDIA_TIMEOUT_MS),
      });
    }
  } catch {
    return { ok: false, reason: "unavailable" };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    return { ok: false, reason: "unavailable" };
  }
  const announced = Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(announced) && announced > MEDIA_MAX_BYTES) {
    await response.body?.cancel().catch(() => {});
    return { ok: false, reason: "too_large" };
  }
  const body = new Uint8Array(await response.arrayBuffer());
  if (body.byteLength > MEDIA_MAX_BYTES) return { ok: false, reason: "too_large" };
  const contentType = storedType || response.headers.get("content-type") || "application/octet-stream";
  return { ok: true, body, contentType };
}
