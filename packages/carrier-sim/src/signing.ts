import { createHash } from "node:crypto";
import twilio from "twilio";

export type HttpMethod = "GET" | "POST";

/** A webhook as it leaves the carrier: absolute URL, signed, form-encoded. */
export interface WebhookRequest {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  /** Form-encoded parameters for POST; empty for GET (they go in the query string). */
  body: string;
}

export function formEncode(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

/**
 * Builds the request exactly as the carrier signs it: for POST the signature covers the URL
 * and the sorted parameters; for GET the parameters join the query string and the signature
 * covers that full URL alone.
 */
export function signedWebhook(
  authToken: string,
  target: { url: string; method: HttpMethod; params: Record<string, string>; idempotencyToken?: string },
): WebhookRequest {
  const headers: Record<string, string> = {
    accept: "*/*",
    "user-agent": "TwilioProxy/1.1",
    "cache-control": "max-age=259200",
  };
  if (target.idempotencyToken) headers["i-twilio-idempotency-token"] = target.idempotencyToken;
  if (target.method === "GET") {
    const query = formEncode(target.params);
    const url = query ? `${target.url}${target.url.includes("?") ? "&" : "?"}${query}` : target.url;
    headers["x-twilio-signature"] = twilio.getExpectedTwilioSignature(authToken, url, {});
    return { url, method: "GET", headers, body: "" };
  }
  headers["content-type"] = "application/x-www-form-urlencoded";
  headers["x-twilio-signature"] = twilio.getExpectedTwilioSignature(authToken, target.url, target.params);
  return { url: target.url, method: "POST", headers, body: formEncode(target.params) };
}

/**
 * A JSON webhook as the carrier signs it (porting's): the body's SHA-256 goes in the URL as
 * `bodySHA256`, and X-Twilio-Signature covers that URL with no parameters, so the twilio
 * package's `validateRequestWithBody` verifies it.
 */
export function signedJsonWebhook(
  authToken: string,
  target: { url: string; body: unknown; idempotencyToken: string },
): WebhookRequest {
  const body = JSON.stringify(target.body);
  const hash = createHash("sha256").update(body).digest("hex");
  const url = `${target.url}${target.url.includes("?") ? "&" : "?"}bodySHA256=${hash}`;
  return {
    url,
    method: "POST",
    headers: {
      accept: "*/*",
      "user-agent": "TwilioProxy/1.1",
      "content-type": "application/json",
      "i-twilio-idempotency-token": target.idempotencyToken,
      "x-twilio-signature": twilio.getExpectedTwilioSignature(authToken, url, {}),
    },
    body,
  };
}
