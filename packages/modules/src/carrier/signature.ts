import { createHmac, createSecretKey, type KeyObject } from "node:crypto";

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
  for (const name of sortedNames(params)) {
    const value: unknown = Reflect.get(params, name);
    if (Array.isArray(value)) for (const v of [...new Set(value)].sort()) data += name + String(v);
    else data += name + (value ?? "");
  }
  return createHmac("sha1", key).update(data).digest("base64");
}

/**
 * The parameter names in code-unit order, as Array#sort orders them. The carrier sends its
 * parameters already sorted: one pass finds that, and the names are used as they come. Otherwise
 * the built-in sort (O(n log n)), whatever order a client chose; the parser bounds n too.
 */
function sortedNames(params: object): string[] {
  const names = Object.keys(params);
  for (let i = 1; i < names.length; i++) {
    if ((names[i - 1] as string) > (names[i] as string)) return names.sort();
  }
  return names;
}

/**
 * Whether two strings are equal, in a time that depends on their length only: no early exit at
 * the first difference (what crypto.timingSafeEqual does for buffers, without making two buffers
 * of the strings on every webhook).
 */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export function isValidSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: object,
): boolean {
  if (!signature) return false;
  return constantTimeEqual(expectedSignature(authToken, url, params), signature);
}
