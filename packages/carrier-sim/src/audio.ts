/** Recordings the sim serves: real audio files made in code, so the app's download path is exercised. */

const SAMPLE_RATE = 8000; // the carrier records telephone audio: 8 kHz, mono, 16-bit PCM

/** The tone on each channel of a recording: a party each on a two-channel one (caller 440 Hz, callee 660 Hz). */
export const CHANNEL_TONES = [440, 660] as const;

/**
 * A WAV file holding a tone of `seconds`, one per channel at the frequencies given (a fade in and
 * out keeps it click-free).
 */
export function toneWav(seconds: number, frequencies: readonly number[] = [CHANNEL_TONES[0]]): Buffer {
  const channels = frequencies.length;
  const samples = Math.round(Math.max(0, seconds) * SAMPLE_RATE);
  const dataBytes = samples * 2 * channels;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write("WAVE", 8, "ascii");
  wav.write("fmt ", 12, "ascii");
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(channels, 22);
  wav.writeUInt32LE(SAMPLE_RATE, 24);
  wav.writeUInt32LE(SAMPLE_RATE * 2 * channels, 28); // byte rate
  wav.writeUInt16LE(2 * channels, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(dataBytes, 40);
  const fade = Math.min(400, Math.floor(samples / 2));
  for (let i = 0; i < samples; i++) {
    const envelope = Math.min(1, i / (fade || 1), (samples - 1 - i) / (fade || 1));
    frequencies.forEach((frequency, channel) => {
      const value = Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE) * 0.3 * envelope;
      wav.writeInt16LE(Math.round(value * 32767), 44 + (i * channels + channel) * 2);
    });
  }
  return wav;
}

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  dataBytes: number;
  durationSeconds: number;
}

/** Reads a canonical PCM WAV header (what `toneWav` writes and what the carrier serves). */
export function readWavInfo(wav: Uint8Array): WavInfo {
  const buffer = Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength);
  if (buffer.toString("ascii", 0, 4) !== "RIFF" || buffer.toString("ascii", 8, 12) !== "WAVE") {
    throw new Error("not a RIFF/WAVE file");
  }
  let offset = 12;
  let format: { sampleRate: number; channels: number; bitsPerSample: number } | null = null;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString("ascii", offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    if (id === "fmt ") {
      format = {
        channels: buffer.readUInt16LE(offset + 10),
        sampleRate: buffer.readUInt32LE(offset + 12),
        bitsPerSample: buffer.readUInt16LE(offset + 22),
      };
    } else if (id === "data" && format) {
      const bytesPerSecond = format.sampleRate * format.channels * (format.bitsPerSample / 8);
      return { ...format, dataBytes: size, durationSeconds: size / bytesPerSecond };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error("WAV file without fmt and data chunks");
}

/**
 * An MP3 of silence: MPEG-1 Layer III frames (32 kbit/s, 32 kHz, mono) whose side information
 * is all zero, which every decoder plays as silence. Encoding the tone is out of scope.
 */
export function silentMp3(seconds: number): Buffer {
  const frameBytes = 144; // 144 * bitrate / sample rate
  const frames = Math.max(1, Math.ceil((Math.max(0, seconds) * 32000) / 1152));
  const mp3 = Buffer.alloc(frames * frameBytes);
  for (let i = 0; i < frames; i++) mp3.set([0xff, 0xfb, 0x18, 0xc4], i * frameBytes);
  return mp3;
}

export type RecordingFormat = "wav" | "mp3";

/** A recording's media: WAV with a tone per channel, or MP3 (silence, mixed down as the carrier's MP3 is). */
export function audioFor(seconds: number, format: RecordingFormat, channels = 1): Buffer {
  return format === "mp3"
    ? silentMp3(seconds)
    : toneWav(seconds, CHANNEL_TONES.slice(0, channels === 2 ? 2 : 1));
}
