/**
 * What a greeting recorded in the browser becomes before it is uploaded: 16-bit PCM WAV, mono,
 * 16 kHz. The carrier's <Play> takes WAV and MP3, not the WebM/Opus a browser's MediaRecorder
 * makes, so the recording is decoded and written again here.
 */
export const GREETING_SAMPLE_RATE = 16_000;

/** 16-bit PCM WAV of mono samples in [-1, 1] (clipped beyond). */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array {
  const dataBytes = samples.length * 2;
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // the fmt chunk's size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(44 + i * 2, s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff), true);
  }
  return bytes;
}

/**
 * A recording as the browser made it (WebM/Opus, Ogg…), decoded and mixed down to mono at
 * GREETING_SAMPLE_RATE by an offline audio context, then written as WAV.
 */
export async function recordingToWav(recorded: Blob): Promise<Blob> {
  const decoder = new AudioContext();
  try {
    const decoded = await decoder.decodeAudioData(await recorded.arrayBuffer());
    const frames = Math.max(1, Math.ceil(decoded.duration * GREETING_SAMPLE_RATE));
    const offline = new OfflineAudioContext(1, frames, GREETING_SAMPLE_RATE);
    const source = offline.createBufferSource();
    source.buffer = decoded;
    source.connect(offline.destination);
    source.start();
    const rendered = await offline.startRendering();
    const wav = encodeWav(rendered.getChannelData(0), GREETING_SAMPLE_RATE);
    return new Blob([wav.buffer as ArrayBuffer], { type: "audio/wav" });
  } finally {
    await decoder.close();
  }
}
