import twilio from "twilio";
import type { App } from "../../src/app";

/** A webhook as the carrier sends it: form-encoded and signed over our public URL. */
export function carrierPost(t: { app: App }, path: string, params: Record<string, string>) {
  const { authToken, webhookBaseUrl } = t.app.deps.carrier;
  return t.app.inject({
    method: "POST",
    url: path,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": twilio.getExpectedTwilioSignature(authToken, `${webhookBaseUrl}${path}`, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

/**
 * A request signed as the twilio package signs `signed` (repeated names as arrays), with any
 * body and content type: what a carrier, or someone holding its token, could send.
 */
export function signedPost(
  t: { app: App },
  path: string,
  signed: Record<string, string | string[]>,
  body: { contentType: string; payload: string },
) {
  const { authToken, webhookBaseUrl } = t.app.deps.carrier;
  return t.app.inject({
    method: "POST",
    url: path,
    headers: {
      "content-type": body.contentType,
      "x-twilio-signature": twilio.getExpectedTwilioSignature(authToken, `${webhookBaseUrl}${path}`, signed),
    },
    payload: body.payload,
  });
}

/** A form body with repeated names, in the order given. */
export function formOf(fields: [string, string][]): { contentType: string; payload: string } {
  return {
    contentType: "application/x-www-form-urlencoded",
    payload: new URLSearchParams(fields).toString(),
  };
}
