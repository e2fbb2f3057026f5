import { signedJsonWebhook } from "@poundline/carrier-sim";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";
import { createPortIn, eventRows, numberRows, requestRow } from "./helpers";

let t: TestApp;
let request: { id: string; carrierSid: string };

beforeAll(async () => {
  t = await createTestApp();
  request = await createPortIn(t, await signIn(t, await createUser(t)));
});
afterAll(() => t.close());

function delivery(body: object, token = "token-1", authToken = t.app.deps.carrier.authToken) {
  const signed = signedJsonWebhook(authToken, {
    url: `${t.app.deps.carrier.webhookBaseUrl}/twilio-porting/port-in`,
    body,
    idempotencyToken: token,
  });
  const url = new URL(signed.url);
  return t.app.inject({
    method: "POST",
    url: url.pathname + url.search,
    headers: { ...signed.headers, host: url.host },
    payload: signed.body,
  });
}

describe("the carrier's porting webhook", () => {
  it("refuses an unsigned or wrongly signed event (403) and changes nothing", async () => {
    const body = { event_type: "PortInInProgress", port_in_request_sid: request.carrierSid };
    const forged = await delivery(body, "forged", "not-the-token");
    expect(forged.statusCode).toBe(403);
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/twilio-porting/port-in",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(body),
    });
    expect(unsigned.statusCode).toBe(403);
    expect((await requestRow(t, request.id))?.status).toBe("in_review");
  });

  it("refuses a body changed after signing", async () => {
    const signed = signedJsonWebhook(t.app.deps.carrier.authToken, {
      url: `${t.app.deps.carrier.webhookBaseUrl}/twilio-porting/port-in`,
      body: { event_type: "PortInInProgress", port_in_request_sid: request.carrierSid },
      idempotencyToken: "t",
    });
    const url = new URL(signed.url);
    const res = await t.app.inject({
      method: "POST",
      url: url.pathname + url.search,
      headers: { ...signed.headers, host: url.host },
      payload: JSON.stringify({ event_type: "PortInCanceled", port_in_request_sid: request.carrierSid }),
    });
    expect(res.statusCode).toBe(403);
  });

  it("applies an event once: a duplicate delivery changes nothing", async () => {
    const [number] = await numberRows(t, request.id);
    const body = {
      event_type: "PortInPhoneNumberSubmitted",
      port_in_request_sid: request.carrierSid,
      port_in_phone_number_sid: number?.carrierSid,
      phone_number: number?.e164,
    };
    const first = await delivery(body, "dup-1");
    expect(first.json()).toMatchObject({ outcome: "applied" });
    const before = await eventRows(t, request.id);
    const again = await delivery(body, "dup-1");
    expect(again.json()).toMatchObject({ outcome: "duplicate" });
    expect(await eventRows(t, request.id)).toHaveLength(before.length);
    expect((await numberRows(t, request.id))[0]?.status).toBe("submitted");
  });
});
