/**
 * Without a carrier account the carrier simulator signs the webhooks: with a token drawn per boot
 * and known only inside the process, so nobody outside can forge them.
 */
import { newId, schema } from "@poundline/db";
import { carrierConfig, SIM_ACCOUNT_SID, simulatorWarning } from "@poundline/modules/carrier/carrier-config";
import { testConfig } from "@poundline/platform/api-config";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser } from "../fixtures";
import { carrierPost } from "./carrier";

const OUR_NUMBER = "+15550002000";
/** The token the simulator used to sign with, public in the source. */
const FORMER_PUBLIC_TOKEN = "carrier-sim-auth-token";

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

function inboundText(sid: string): Record<string, string> {
  return {
    MessageSid: sid,
    AccountSid: SIM_ACCOUNT_SID,
    From: "+15557654321",
    To: OUR_NUMBER,
    Body: "STOP",
    NumMedia: "0",
  };
}

describe("the simulator's auth token", () => {
  it("is drawn at random for each app, never a known one", () => {
    const config = testConfig({ PUBLIC_BASE_URL: TEST_ORIGIN });
    const tokens = [carrierConfig(config), carrierConfig(config), t.app.deps.carrier].map((c) => c.authToken);
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(t.app.deps.carrier).toMatchObject({ mode: "simulator", accountSid: SIM_ACCOUNT_SID });
  });

  it("is the carrier's own when an account is configured", () => {
    const carrier = carrierConfig(
      testConfig({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "their-token" }),
    );
    expect(carrier).toMatchObject({ mode: "twilio", accountSid: "AC1", authToken: "their-token" });
  });

  it("refuses a webhook signed with the former public token, and stores nothing", async () => {
    const params = inboundText("SM".padEnd(34, "f"));
    const res = await t.app.inject({
      method: "POST",
      url: "/twilio/sms",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": twilio.getExpectedTwilioSignature(
          FORMER_PUBLIC_TOKEN,
          `${TEST_ORIGIN}/twilio/sms`,
          params,
        ),
      },
      payload: new URLSearchParams(params).toString(),
    });
    expect(res.statusCode).toBe(403);
    expect(await t.db.db.select().from(schema.messages)).toEqual([]);
    expect(await t.db.db.select().from(schema.smsOptOuts)).toEqual([]);
  });

  it("still takes what the simulator inside the app signs", async () => {
    const res = await carrierPost(t, "/twilio/sms", inboundText("SM".padEnd(34, "e")));
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.db.select().from(schema.messages)).toHaveLength(1);
  });
});

describe("a production start without a carrier account", () => {
  /** What a production start needs besides: the TOTP key secret, and word that mail may stay in the outbox. */
  const productionNeeds = { TOTP_KEY_SECRET: "p".repeat(32), MAIL_OUTBOX_ONLY: "true" };
  const carrierless = (env: Record<string, string>) => {
    const config = testConfig(env.NODE_ENV ? { ...productionNeeds, ...env } : env);
    return simulatorWarning(config, carrierConfig(config));
  };

  it.each([
    ["NODE_ENV=production", { NODE_ENV: "production" }],
    ["a PostgreSQL database", { DATABASE_URL: "postgres://u:p@db:5432/poundline" }],
  ])("says loudly that calls run on the simulator (%s)", (_name, env) => {
    expect(carrierless(env)).toMatch(/NO CARRIER ACCOUNT.*SIMULATOR.*TWILIO_ACCOUNT_SID/);
  });

  it.each([
    ["a development start", {}],
    [
      "a production start with a carrier account",
      { NODE_ENV: "production", TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "their-token" },
    ],
  ])("says nothing on %s", (_name, env) => {
    expect(carrierless(env)).toBeNull();
  });
});
