import { describe, expect, it } from "vitest";
import { readWavInfo, silentMp3, toneWav } from "../src/index";

describe("toneWav", () => {
  it.each([1, 2.5, 30])("%ss: a PCM WAV of that length, 8 kHz mono 16-bit", (seconds) => {
    const wav = toneWav(seconds);
    expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(readWavInfo(wav)).toEqual({
      sampleRate: 8000,
      channels: 1,
      bitsPerSample: 16,
      dataBytes: seconds * 16000,
      durationSeconds: seconds,
    });
  });

  it("holds a tone, not silence", () => {
    const wav = toneWav(1);
    let peak = 0;
    for (let offset = 44; offset < wav.length; offset += 2)
      peak = Math.max(peak, Math.abs(wav.readInt16LE(offset)));
    expect(peak).toBeGreaterThan(9000);
  });

  it("refuses what is not a WAV", () => {
    expect(() => readWavInfo(Buffer.from("ID3 not a wav file at all"))).toThrow("not a RIFF/WAVE file");
  });
});

describe("silentMp3", () => {
  it("is a run of MPEG-1 Layer III frames covering the length", () => {
    const mp3 = silentMp3(3);
    expect(mp3.length % 144).toBe(0);
    const frames = mp3.length / 144;
    expect(frames * (1152 / 32000)).toBeGreaterThanOrEqual(3);
    for (let frame = 0; frame < frames; frame++) {
      expect([...mp3.subarray(frame * 144, frame * 144 + 4)]).toEqual([0xff, 0xfb, 0x18, 0xc4]);
    }
  });
});
