import { newId, schema } from "@poundline/db";
import { EMPTY_TWIML } from "@poundline/domain";
import twilio from "twilio";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser } from "../fixtures";

const OUR_NUMBER = "+15550001000";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t);
  const phoneNumberId = newId("number");
  await t.db.db
    .insert(schema.phoneNumbers)
    .values({ id: phoneNumberId, accountId: user.accountId, e164: OUR_NUMBER });
  await t.db.db.insert(schema.numberRouting).values({ phoneNumberId, accountId: user.accountId });
  await t.app.deps.routing.reload();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.db.delete(schema.messages);
  await t.db.db.delete(schema.smsOptOuts);
  await t.db.db.delete(schema.contacts);
});

const params = {
  MessageSid: "SM0123456789abcdef0123456789abcdef",
  AccountSid: "ACc0ffee00000000000000000000000000",
  From: "+15557654321",
  To: OUR_NUMBER,
  Body: "STOP",
  NumMedia: "0",
  NumSegments: "1",
};

interface Delivery {
  /** Path the request goes to. */
  path: string;
  /** Path the signature was computed for; the request's own unless replayed. */
  signedPath?: string;
  token?: string;
  /** Parameters signed; the ones sent unless altered on the way. */
  signedParams?: Record<string, string>;
  signature?: string | null;
}

function deliver({ path, signedPath = path, token, signedParams = params, signature }: Delivery) {
  const { authToken, webhookBaseUrl } = t.app.deps.carrier;
  const computed = twilio.getExpectedTwilioSignature(
    token ?? authToken,
    `${webhookBaseUrl}${signedPath}`,
    signedParams,
  );
  const value = signature === undefined ? computed : signature;
  return t.app.inject({
    method: "POST",
    url: path,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(value === null ? {} : { "x-twilio-signature": value }),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

async function nothingWritten() {
  expect(await t.db.db.select().from(schema.messages)).toEqual([]);
  expect(await t.db.db.select().from(schema.contacts)).toEqual([]);
  expect(await t.db.db.select().from(schema.smsOptOuts)).toEqual([]);
}

describe("X-Twilio-Signature on /twilio", () => {
  it("accepts the carrier's signature over our public URL and the parameters", async () => {
    const res = await deliver({ path: "/twilio/sms" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(EMPTY_TWIML);
    expect(await t.db.db.select().from(schema.messages)).toHaveLength(1);
    expect(await t.db.db.select().from(schema.smsOptOuts)).toHaveLength(1);
  });

  describe.each<{ label: string; delivery: Delivery }>([
    {
      label: "a signature made with another auth token",
      delivery: { path: "/twilio/sms", token: "not-our-token" },
    },
    {
      label: "one parameter altered after signing",
      delivery: { path: "/twilio/sms", signedParams: { ...params, Body: "START" } },
    },
    {
      label: "a parameter added after signing",
      delivery: { path: "/twilio/sms", signedParams: (({ NumSegments: _n, ...rest }) => rest)(params) },
    },
    {
      label: "a valid signature replayed to another path",
      delivery: { path: "/twilio/sms", signedPath: "/twilio/sms/status" },
    },
    {
      label: "a valid signature replayed with a query string",
      delivery: { path: "/twilio/sms?replayed=1", signedPath: "/twilio/sms" },
    },
    { label: "no signature", delivery: { path: "/twilio/sms", signature: null } },
    { label: "an empty signature", delivery: { path: "/twilio/sms", signature: "" } },
    { label: "a malformed signature", delivery: { path: "/twilio/sms", signature: "not base64 at all" } },
  ])("$label", ({ delivery }) => {
    it("is refused with 403 and writes nothing", async () => {
      const res = await deliver(delivery);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({
        error: { code: "FORBIDDEN", message: "Invalid carrier signature" },
      });
      await nothingWritten();
    });
  });

  it("refuses a delivery report signed for the incoming-text path", async () => {
    const res = await deliver({ path: "/twilio/sms/status", signedPath: "/twilio/sms" });
    expect(res.statusCode).toBe(403);
  });
});
