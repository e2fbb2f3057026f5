/**
 * PCM WAV files, as the carrier serves its recordings: a two-channel recording is split into one
 * file per channel, so each party can be transcribed apart.
 */

export interface WavFormat {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Where the samples start, and how many bytes they take. */
  dataOffset: number;
  dataBytes: number;
}

const text = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** The format of an uncompressed (PCM) WAV file; null for anything else. */
export function readWavFormat(bytes: Uint8Array): WavFormat | null {
  if (bytes.length < 12 || text(bytes, 0, 4) !== "RIFF" || text(bytes, 8, 4) !== "WAVE") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: Omit<WavFormat, "dataOffset" | "dataBytes"> | null = null;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = text(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    if (id === "fmt " && at + 24 <= bytes.length) {
      if (view.getUint16(at + 8, true) !== 1) return null; // not PCM
      format = {
        channels: view.getUint16(at + 10, true),
        sampleRate: view.getUint32(at + 12, true),
        bitsPerSample: view.getUint16(at + 22, true),
      };
    } else if (id === "data") {
      if (!format || format.channels < 1 || format.bitsPerSample % 8 !== 0) return null;
      return { ...format, dataOffset: at + 8, dataBytes: Math.min(size, bytes.length - at - 8) };
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

/** A PCM WAV file of one channel's samples. */
export function monoWav(samples: Uint8Array, sampleRate: number, bitsPerSample: number): Uint8Array {
  const wav = new Uint8Array(44 + samples.length);
  const view = new DataView(wav.buffer);
  const ascii = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) wav[at + i] = value.charCodeAt(i);
  };
  const bytesPerSample = bitsPerSample / 8;
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples.length, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // one channel
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * bytesPerSample, true);
  view.setUint16(32, bytesPerSample, true);
  view.setUint16(34, bitsPerSample, true);
  ascii(36, "data");
  view.setUint32(40, samples.length, true);
  wav.set(samples, 44);
  return wav;
}

/**
 * Each channel of a PCM WAV file as a file of its own, in channel order; null when the bytes are
 * not a PCM WAV file.
 */
export function splitWavChannels(bytes: Uint8Array): Uint8Array[] | null {
  const format = readWavFormat(bytes);
  if (!format) return null;
  const { channels, bitsPerSample, sampleRate, dataOffset, dataBytes } = format;
  if (channels === 1) return [bytes];
  const sampleBytes = bitsPerSample / 8;
  const frameBytes = sampleBytes * channels;
  const frames = Math.floor(dataBytes / frameBytes);
  return Array.from({ length: channels }, (_, channel) => {
    const samples = new Uint8Array(frames * sampleBytes);
    for (let frame = 0; frame < frames; frame++) {
      const from = dataOffset + frame * frameBytes + channel * sampleBytes;
      samples.set(bytes.subarray(from, from + sampleBytes), frame * sampleBytes);
    }
    return monoWav(samples, sampleRate, bitsPerSample);
  });
}
