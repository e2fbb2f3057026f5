import webpush from "web-push";
import type { VapidKeys } from "./keys";

/** Where a browser receives its pushes: the push service's endpoint and the keys to encrypt to. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a push says: the service worker shows it, and opens `url` when it is clicked. */
export interface PushMessage {
  title: string;
  body: string;
  /** A console path, "/dashboard/voicemails". */
  url: string;
  /** Pushes of one tag replace each other on the device (one call, one conversation). */
  tag: string;
  kind: PushKind;
}

export const pushKinds = [
  "incoming_call",
  "missed_call",
  "voicemail",
  "text",
  "assignment",
  "mention",
] as const;
export type PushKind = (typeof pushKinds)[number];

/**
 * Sends one push: "sent", or "gone" when the push service no longer knows the subscription (404,
 * 410: the browser unsubscribed or expired it). Any other failure throws, for the job to retry.
 */
export type PushSender = (target: PushTarget, message: PushMessage) => Promise<"sent" | "gone">;

/** An answer of the push service other than success, 404 or 410. */
export class PushServiceError extends Error {
  constructor(
    readonly statusCode: number,
    body: string,
  ) {
    super(`push service answered ${statusCode}: ${body.slice(0, 200)}`);
    this.name = "PushServiceError";
  }
}

/** Seconds a push service keeps a push for a device that is offline: a ringing call is soon stale. */
const TTL_SECONDS: Record<PushKind, number> = {
  incoming_call: 30,
  missed_call: 86_400,
  voicemail: 86_400,
  text: 86_400,
  assignment: 86_400,
  mention: 86_400,
};

/**
 * Web Push (RFC 8030) with the payload encrypted as aes128gcm (RFC 8291) and signed with VAPID
 * (RFC 8292) by `web-push`, sent with `fetch` (the port, so tests reach a local push service).
 */
export function webPushSender(deps: { keys: () => Promise<VapidKeys>; fetch: typeof fetch }): PushSender {
  return async (target, message) => {
    const keys = await deps.keys();
    const topic = message.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32);
    const request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(message),
      {
        vapidDetails: keys,
        TTL: TTL_SECONDS[message.kind],
        urgency: message.kind === "incoming_call" ? "high" : "normal",
        ...(topic ? { topic } : {}),
        contentEncoding: "aes128gcm",
      },
    );
    const response = await deps.fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ?? null,
      signal: AbortSignal.timeout(10_000),
    });
    const body = await response.text().catch(() => "");
    if (response.status === 404 || response.status === 410) return "gone";
    if (!response.ok) throw new PushServiceError(response.status, body);
    return "sent";
  };
}
