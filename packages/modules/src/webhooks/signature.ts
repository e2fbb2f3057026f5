import { createHmac, randomBytes } from "node:crypto";

/** Standard Webhooks' secret prefix: what follows is the base64 of the key. */
const SECRET_PREFIX = "whsec_";

/** A new signing secret: `whsec_` and base64 of 24 random bytes (Standard Webhooks allows 24 to 64). */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString("base64")}`;
}

/**
 * The `webhook-signature` header of a body (Standard Webhooks): `v1,` and the base64 HMAC-SHA256,
 * keyed by the secret's bytes, of `<id>.<timestamp in seconds>.<body>`.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    "base64",
  );
  const digest = createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${digest}`;
}

/** The headers of one request: the id stays the event's across retries and replays, so receivers dedupe. */
export function webhookHeaders(
  secret: string,
  eventId: string,
  sentAt: Date,
  body: string,
): Record<string, string> {
  const timestamp = Math.floor(sentAt.getTime() / 1000);
  return {
    "content-type": "application/json",
    "user-agent": "Poundline-Webhooks/1",
    "webhook-id": eventId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signWebhook(secret, eventId, timestamp, body),
  };
}
