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
