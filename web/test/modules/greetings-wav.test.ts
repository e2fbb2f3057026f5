import { sniffAudio } from "@poundline/domain/audio";
import { describe, expect, it } from "vitest";
import { encodeWav, GREETING_SAMPLE_RATE } from "../../src/modules/greetings/wav";

describe("encodeWav: what a greeting recorded in the browser is uploaded as", () => {
  const samples = Float32Array.from([0, 0.5, -0.5, 1, -1, 2, -2]);
  const wav = encodeWav(samples, GREETING_SAMPLE_RATE);

  it("is a WAV the API takes (its first bytes say so)", () => {
    expect(sniffAudio(wav)).toBe("wav");
  });

  it("is 16-bit PCM, mono, 16 kHz, one frame per sample", () => {
    const view = new DataView(wav.buffer);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(samples.length * 2);
    expect(wav.length).toBe(44 + samples.length * 2);
  });

  it.each([
    [0, 0],
    [1, 0.5 * 0x7fff],
    [2, -0.5 * 0x8000],
    [3, 0x7fff],
    [4, -0x8000],
    [5, 0x7fff],
    [6, -0x8000],
  ])("sample %i is %d (clipped to the 16-bit range)", (index, expected) => {
    expect(new DataView(wav.buffer).getInt16(44 + index * 2, true)).toBe(Math.round(expected));
  });
});
