import { randomBytes } from "node:crypto";

/** base64url of `bytes` random bytes. */
const b64 = (bytes: number) => randomBytes(bytes).toString("base64url");

/** A browser's push subscription as `PushSubscription.toJSON()` gives it (keys of the right sizes). */
export function browserSubscription(endpoint = `https://push.example.com/send/${b64(12)}`) {
  return { endpoint, keys: { p256dh: `B${b64(64)}`, auth: b64(16) } };
}

export const unsubscribeUrl = (endpoint: string) =>
  `/api/settings/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`;
