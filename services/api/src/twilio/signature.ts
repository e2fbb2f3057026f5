import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from "node:crypto";

// The key is imported once per token, not on every webhook.
const keys = new Map<string, KeyObject>();

/**
 * The carrier's webhook signature: HMAC-SHA1 (auth token) over the full URL followed by every
 * POST parameter, sorted by name, as name + value; base64. Same result as the twilio package's
 * getExpectedTwilioSignature, computed once instead of for several URL variants, and hashed in
 * one update (an update per parameter cost more than the hashing). A repeated name (an array from
 * the form parser) counts each distinct value once, in sorted order, as the package does.
 */
export function expectedSignature(authToken: string, url: string, params: object): string {
  let key = keys.get(authToken);
  if (!key) {
    key = createSecretKey(Buffer.from(authToken));
    keys.set(authToken, key);
  }
  let data = url;
  for (const name of Object.keys(params).sort()) {
    const value: unknown = Reflect.get(params, name);
    if (Array.isArray(value)) for (const v of [...new Set(value)].sort()) data += name + String(v);
    else data += name + (value ?? "");
  }
  return createHmac("sha1", key).update(data).digest("base64");
}

export function isValidSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: object,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(expectedSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
