/** Audio formats the carrier's <Play> takes, told apart by their first bytes. */
export type AudioFormat = "mp3" | "wav" | "aiff";

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/**
 * The format of an uploaded recording from its bytes (never from its name or declared type),
 * or null when it is not audio we can play.
 */
export function sniffAudio(bytes: Uint8Array): AudioFormat | null {
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WAVE")) return "wav";
  if (ascii(bytes, 0, "FORM") && (ascii(bytes, 8, "AIFF") || ascii(bytes, 8, "AIFC"))) return "aiff";
  if (ascii(bytes, 0, "ID3")) return "mp3";
  // An MPEG audio frame header: 11 sync bits, then a layer other than "reserved" (MPEG-1/2 layer III).
  const b0 = bytes[0] ?? 0;
  const b1 = bytes[1] ?? 0;
  const b2 = bytes[2] ?? 0;
  const versionOk = ((b1 >> 3) & 0b11) !== 0b01;
  const layerOk = ((b1 >> 1) & 0b11) !== 0b00;
  const bitrateOk = b2 >> 4 !== 0b1111;
  if (bytes.length >= 4 && b0 === 0xff && (b1 & 0xe0) === 0xe0 && versionOk && layerOk && bitrateOk)
    return "mp3";
  return null;
}

export const AUDIO_CONTENT_TYPES: Record<AudioFormat, string> = {
  mp3: "audio/mpeg",
  wav: "audio/wav",
  aiff: "audio/aiff",
};
