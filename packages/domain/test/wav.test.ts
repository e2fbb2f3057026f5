import { describe, expect, it } from "vitest";
import { monoWav, readWavFormat, splitWavChannels } from "../src/wav";

/** A 16-bit PCM WAV of interleaved frames (one value per channel a frame). */
function wavOf(channels: number, frames: number[][]): Uint8Array {
  const samples = new Uint8Array(frames.length * channels * 2);
  const view = new DataView(samples.buffer);
  for (const [i, frame] of frames.entries())
    for (const [c, value] of frame.entries()) view.setInt16((i * channels + c) * 2, value, true);
  const mono = monoWav(samples, 8000, 16);
  // Rewrite the header for `channels`.
  const header = new DataView(mono.buffer);
  header.setUint16(22, channels, true);
  header.setUint32(28, 8000 * 2 * channels, true);
  header.setUint16(32, 2 * channels, true);
  return mono;
}

const samplesOf = (wav: Uint8Array) => {
  const format = readWavFormat(wav);
  const view = new DataView(wav.buffer, wav.byteOffset + (format?.dataOffset ?? 0), format?.dataBytes ?? 0);
  return Array.from({ length: (format?.dataBytes ?? 0) / 2 }, (_, i) => view.getInt16(i * 2, true));
};

describe("splitWavChannels", () => {
  it("splits a two-channel recording into one file a party, in channel order", () => {
    const stereo = wavOf(2, [
      [1, -1],
      [2, -2],
      [3, -3],
    ]);
    const parts = splitWavChannels(stereo);
    expect(parts?.map((part) => readWavFormat(part)?.channels)).toEqual([1, 1]);
    expect(parts?.map(samplesOf)).toEqual([
      [1, 2, 3],
      [-1, -2, -3],
    ]);
    expect(readWavFormat(parts?.[0] ?? new Uint8Array())).toMatchObject({
      sampleRate: 8000,
      bitsPerSample: 16,
    });
  });

  it("keeps a one-channel recording as it is", () => {
    const mono = wavOf(1, [[5], [6]]);
    expect(splitWavChannels(mono)).toEqual([mono]);
  });

  it.each([
    ["not a WAV file", new TextEncoder().encode("ID3 not a wav at all")],
    ["a WAV header without its data", wavOf(2, [[1, 1]]).subarray(0, 36)],
    ["an empty file", new Uint8Array()],
  ])("answers null for %s", (_case, bytes) => {
    expect(splitWavChannels(bytes)).toBeNull();
  });
});
