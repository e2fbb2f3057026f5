import { describe, expect, it } from "vitest";
import { carrierConfig } from "../src/carrier/config";
import { transcriberOf } from "../src/transcription";

const base = { PUBLIC_BASE_URL: "https://poundline.test" };

const account = { TWILIO_ACCOUNT_SID: "AC123", TWILIO_AUTH_TOKEN: "secret" };

describe("transcriberOf", () => {
  it.each([
    // No carrier account: the simulator is the carrier, and transcribes out of the box.
    [{}, "carrier"],
    [{ TWILIO_ACCOUNT_SID: " ", TWILIO_AUTH_TOKEN: "" }, "carrier"],
    [{ CARRIER_TRANSCRIPTION: "" }, "carrier"],
    [{ CARRIER_TRANSCRIPTION: "false" }, "none"],
    [{ CARRIER_TRANSCRIPTION: false }, "none"],
    [{ TRANSCRIBER: "none" }, "none"],
    [{ TRANSCRIPTION_URL: "https://api.openai.com/v1" }, "http"],
    [{ TRANSCRIPTION_URL: "  " }, "carrier"],
    // A carrier account: its transcription is asked for, never assumed.
    [account, "none"],
    [{ ...account, CARRIER_TRANSCRIPTION: "true" }, "carrier"],
    [{ ...account, CARRIER_TRANSCRIPTION: true }, "carrier"],
    [{ ...account, CARRIER_TRANSCRIPTION: "false" }, "none"],
    [{ ...account, TRANSCRIPTION_URL: "https://api.openai.com/v1" }, "http"],
    [{ ...account, TRANSCRIPTION_URL: "  " }, "none"],
    [{ TRANSCRIPTION_URL: "https://api.openai.com/v1", CARRIER_TRANSCRIPTION: "true" }, "http"],
    [{ TRANSCRIBER: "carrier", TRANSCRIPTION_URL: "https://api.openai.com/v1" }, "carrier"],
    [{ TRANSCRIBER: "none", CARRIER_TRANSCRIPTION: "true" }, "none"],
    [{ ...account, TRANSCRIBER: "carrier" }, "carrier"],
    [{ TRANSCRIBER: " http " }, "http"],
  ])("%j: %s", (settings, expected) => {
    expect(transcriberOf(settings)).toBe(expected);
  });

  it.each(["whisper", "local-ish", "HTTP"])("refuses TRANSCRIBER=%s", (value) => {
    expect(() => transcriberOf({ TRANSCRIBER: value })).toThrow(/TRANSCRIBER must be one of/);
  });
});

describe("carrierConfig's transcriber", () => {
  it.each([
    [{}, "carrier", true],
    [{ CARRIER_TRANSCRIPTION: false }, "none", false],
    [account, "none", false],
    [{ ...account, CARRIER_TRANSCRIPTION: true }, "carrier", true],
    [{ ...account, TRANSCRIBER: "carrier" }, "carrier", true],
    // The workers transcribe: the carrier is not asked to as well.
    [{ CARRIER_TRANSCRIPTION: true, TRANSCRIPTION_URL: "https://api.openai.com/v1" }, "http", false],
  ])("%j: %s (carrier asked: %s)", (settings, transcriber, carrierTranscription) => {
    expect(carrierConfig({ ...base, ...settings })).toMatchObject({ transcriber, carrierTranscription });
  });
});
