import { describe, expect, it } from "vitest";
import { carrierConfig } from "../src/carrier/config";
import { transcriberOf } from "../src/transcription";

const base = { PUBLIC_BASE_URL: "https://poundline.test", CARRIER_TRANSCRIPTION: false };

describe("transcriberOf", () => {
  it.each([
    [{}, "none"],
    [{ CARRIER_TRANSCRIPTION: "true" }, "carrier"],
    [{ CARRIER_TRANSCRIPTION: true }, "carrier"],
    [{ CARRIER_TRANSCRIPTION: "false" }, "none"],
    [{ TRANSCRIPTION_URL: "https://api.openai.com/v1" }, "http"],
    [{ TRANSCRIPTION_URL: "  " }, "none"],
    [{ TRANSCRIPTION_URL: "https://api.openai.com/v1", CARRIER_TRANSCRIPTION: "true" }, "http"],
    [{ TRANSCRIBER: "carrier", TRANSCRIPTION_URL: "https://api.openai.com/v1" }, "carrier"],
    [{ TRANSCRIBER: "none", CARRIER_TRANSCRIPTION: "true" }, "none"],
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
    [{}, "none", false],
    [{ CARRIER_TRANSCRIPTION: true }, "carrier", true],
    [{ TRANSCRIBER: "carrier" }, "carrier", true],
    // The workers transcribe: the carrier is not asked to as well.
    [{ CARRIER_TRANSCRIPTION: true, TRANSCRIPTION_URL: "https://api.openai.com/v1" }, "http", false],
  ])("%j: %s (carrier asked: %s)", (settings, transcriber, carrierTranscription) => {
    expect(carrierConfig({ ...base, ...settings })).toMatchObject({ transcriber, carrierTranscription });
  });
});
