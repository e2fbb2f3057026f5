import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";

/** With a carrier account: the configured API key signs the token; without one, a clear 503. */

const account = { TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`, TWILIO_AUTH_TOKEN: "auth-token" };
const keys = {
  TWILIO_API_KEY_SID: `SK${"2".repeat(32)}`,
  TWILIO_API_KEY_SECRET: "api-key-secret",
  TWILIO_TWIML_APP_SID: `AP${"3".repeat(32)}`,
};

async function tokenFrom(t: TestApp) {
  const owner = await createUser(t);
  return t.app.inject({
    method: "POST",
    url: "/api/softphone/token",
    headers: (await signIn(t, owner)).headers,
  });
}

describe("the softphone's token with a carrier account", () => {
  let withKeys: TestApp;
  let withoutKeys: TestApp;
  beforeAll(async () => {
    withKeys = await createTestApp({ config: { LOG_LEVEL: "error", ...account, ...keys } });
    withoutKeys = await createTestApp({ config: { LOG_LEVEL: "error", ...account } });
  });
  afterAll(async () => {
    await withKeys.close();
    await withoutKeys.close();
  });

  it("is the API key's: issued by it for the account, the TwiML application for outgoing calls", async () => {
    const res = await tokenFrom(withKeys);
    expect(res.statusCode, res.body).toBe(200);
    const { token, mode } = res.json();
    expect(mode).toBe("carrier");
    const claims = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"));
    expect(claims).toMatchObject({
      iss: keys.TWILIO_API_KEY_SID,
      sub: account.TWILIO_ACCOUNT_SID,
      grants: { voice: { outgoing: { application_sid: keys.TWILIO_TWIML_APP_SID } } },
    });
  });

  it("answers 503 with what to configure when the key is missing", async () => {
    const res = await tokenFrom(withoutKeys);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(
      "The softphone needs TWILIO_API_KEY_SID, TWILIO_API_KEY_SECRET and TWILIO_TWIML_APP_SID.",
    );
  });
});
