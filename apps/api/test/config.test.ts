/** The configuration read at boot: what a deployment gets by default, and what it refuses. */

import { carrierConfig } from "@poundline/modules/carrier/carrier-config";
import { loadConfig, parseTrustProxy, trustProxyOption } from "@poundline/platform/api-config";
import { describe, expect, it } from "vitest";

const POSTGRES = "postgres://poundline:secret@postgres:5432/poundline";

describe("SEED_DEMO", () => {
  it.each([
    ["the embedded database, by default", {}, true],
    ["a PostgreSQL database, by default", { DATABASE_URL: POSTGRES }, false],
    [
      "a PostgreSQL database, left empty as compose passes it",
      { DATABASE_URL: POSTGRES, SEED_DEMO: "" },
      false,
    ],
    ["a PostgreSQL database, asked for", { DATABASE_URL: POSTGRES, SEED_DEMO: "true" }, true],
    ["the embedded database, turned off", { SEED_DEMO: "false" }, false],
  ])("seeds the demo on %s: %s", (_name, env, seeded) => {
    expect(loadConfig(env).SEED_DEMO).toBe(seeded);
  });

  it("refuses anything but true or false", () => {
    expect(() => loadConfig({ SEED_DEMO: "yes" })).toThrow(/SEED_DEMO/);
  });
});

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["0", false],
    ["1", 1],
    [" 2 ", 2],
    ["10.0.0.7", ["10.0.0.7"]],
    ["10.0.0.0/8, 192.168.1.10", ["10.0.0.0/8", "192.168.1.10"]],
    ["::1,fd00::/8", ["::1", "fd00::/8"]],
    ["loopback,uniquelocal", ["loopback", "uniquelocal"]],
  ])("reads %j as %j", (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
    expect(loadConfig(raw === undefined ? {} : { TRUST_PROXY: raw }).TRUST_PROXY).toEqual(expected);
  });

  it.each([
    ["true", /give the number of proxies in front/],
    ["yes", /not a number of hops nor proxy addresses/],
    ["10.0.0.0/33", /10\.0\.0\.0\/33/],
    ["10.0.0.1,", /empty entry/],
    ["1.2.3", /1\.2\.3/],
    ["21", /at most 20/],
  ])("refuses %j at boot", (raw, message) => {
    expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(message);
  });

  it("trusts exactly the given number of hops nearest to us", () => {
    const trust = trustProxyOption(2);
    if (typeof trust !== "function") throw new Error("a hop count is a trust function");
    expect([0, 1, 2, 3].map((hop) => trust("198.51.100.7", hop))).toEqual([true, true, false, false]);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(["10.0.0.0/8"])).toEqual(["10.0.0.0/8"]);
  });
});

describe("PUBLIC_BASE_URL", () => {
  it.each([
    ["nothing set", {}, "http://localhost:3000"],
    ["another port", { PORT: "4100" }, "http://localhost:4100"],
    ["another port, left empty", { PORT: "4100", PUBLIC_BASE_URL: "" }, "http://localhost:4100"],
    [
      "a public address",
      { PORT: "4100", PUBLIC_BASE_URL: "https://phones.example.com" },
      "https://phones.example.com",
    ],
  ])("is the default or the given one: %s", (_name, env, expected) => {
    expect(loadConfig(env).PUBLIC_BASE_URL).toBe(expected);
  });
});

describe("the carrier account", () => {
  it.each([
    [{ TWILIO_ACCOUNT_SID: "AC123" }, /TWILIO_AUTH_TOKEN/],
    [{ TWILIO_AUTH_TOKEN: "secret" }, /TWILIO_ACCOUNT_SID/],
  ])("refuses half of it: %j", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("takes both, or neither (compose passes them empty)", () => {
    expect(loadConfig({ TWILIO_ACCOUNT_SID: "AC123", TWILIO_AUTH_TOKEN: "secret" })).toMatchObject({
      TWILIO_ACCOUNT_SID: "AC123",
      TWILIO_AUTH_TOKEN: "secret",
    });
    expect(loadConfig({ TWILIO_ACCOUNT_SID: "", TWILIO_AUTH_TOKEN: "" }).TWILIO_ACCOUNT_SID).toBeUndefined();
  });
});

describe("the voicemail transcriber", () => {
  it.each([
    [{ TRANSCRIBER: "whisper" }, /TRANSCRIBER/],
    [{ TRANSCRIPTION_URL: "not a url" }, /TRANSCRIPTION_URL/],
  ])("refuses %j at boot", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    [{ TRANSCRIBER: "", TRANSCRIPTION_URL: "" }, undefined],
    [{ TRANSCRIBER: "none" }, "none"],
  ])("takes %j (compose passes them empty)", (env, transcriber) => {
    expect(loadConfig(env).TRANSCRIBER).toBe(transcriber);
  });

  const account = { TWILIO_ACCOUNT_SID: "AC0123", TWILIO_AUTH_TOKEN: "their-token" };
  it.each([
    // The simulator is the carrier: it transcribes out of the box (compose passes the settings empty).
    [{}, "carrier"],
    [{ TRANSCRIBER: "", TRANSCRIPTION_URL: "", CARRIER_TRANSCRIPTION: "" }, "carrier"],
    [{ CARRIER_TRANSCRIPTION: "false" }, "none"],
    [{ TRANSCRIBER: "none" }, "none"],
    // A carrier account's transcription is asked for.
    [account, "none"],
    [{ ...account, CARRIER_TRANSCRIPTION: "" }, "none"],
    [{ ...account, CARRIER_TRANSCRIPTION: "true" }, "carrier"],
    [{ ...account, TRANSCRIPTION_URL: "https://api.openai.com/v1" }, "http"],
  ])("%j transcribes with %s", (env, transcriber) => {
    expect(carrierConfig(loadConfig(env)).transcriber).toBe(transcriber);
  });

  it("refuses a CARRIER_TRANSCRIPTION other than true or false", () => {
    expect(() => loadConfig({ CARRIER_TRANSCRIPTION: "yes" })).toThrow(/CARRIER_TRANSCRIPTION/);
  });
});

describe("the softphone's carrier keys", () => {
  const account = { TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`, TWILIO_AUTH_TOKEN: "token" };
  const keys = {
    TWILIO_API_KEY_SID: `SK${"2".repeat(32)}`,
    TWILIO_API_KEY_SECRET: "secret",
    TWILIO_TWIML_APP_SID: `AP${"3".repeat(32)}`,
  };

  it("takes all three, or none", () => {
    expect(loadConfig({ ...account, ...keys })).toMatchObject(keys);
    expect(loadConfig(account).TWILIO_API_KEY_SID).toBeUndefined();
  });

  it.each([
    ["no secret", { ...keys, TWILIO_API_KEY_SECRET: "" }, /TWILIO_API_KEY_SECRET/],
    ["no TwiML application", { ...keys, TWILIO_TWIML_APP_SID: undefined }, /TWILIO_TWIML_APP_SID/],
    ["a key sid that is not one", { ...keys, TWILIO_API_KEY_SID: "AK123" }, /TWILIO_API_KEY_SID/],
  ])("refuses %s", (_name, env, field) => {
    expect(() => loadConfig({ ...account, ...env })).toThrow(field);
  });
});

describe("VAPID keys (Web Push)", () => {
  it("are optional: without them the pair kept in the database signs", () => {
    const config = loadConfig({});
    expect(config.VAPID_PUBLIC_KEY).toBeUndefined();
    expect(config.VAPID_PRIVATE_KEY).toBeUndefined();
  });

  it("go together", () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: "BPub" })).toThrow(/VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and/);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: "priv" })).toThrow(/VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY and/);
    expect(loadConfig({ VAPID_PUBLIC_KEY: "BPub", VAPID_PRIVATE_KEY: "priv" }).VAPID_PUBLIC_KEY).toBe("BPub");
  });

  it("take a mailto: or https: subject only", () => {
    expect(loadConfig({ VAPID_SUBJECT: "mailto:ops@example.com" }).VAPID_SUBJECT).toBe(
      "mailto:ops@example.com",
    );
    expect(() => loadConfig({ VAPID_SUBJECT: "http://example.com" })).toThrow(/VAPID_SUBJECT/);
  });
});
