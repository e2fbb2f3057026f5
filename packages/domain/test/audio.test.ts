import { describe, expect, it } from "vitest";
import { sniffAudio } from "../src/audio";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("sniffAudio", () => {
  it.each([
    ["WAV", bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "), "wav"],
    ["AIFF", bytes("FORM", [0, 0, 0, 0], "AIFF"), "aiff"],
    ["MP3 with an ID3 tag", bytes("ID3", [4, 0, 0, 0]), "mp3"],
    ["MP3 frame (MPEG-1 layer III, 128 kbit/s)", bytes([0xff, 0xfb, 0x90, 0x64]), "mp3"],
    ["a PNG image", bytes([0x89], "PNG", [13, 10, 26, 10]), null],
    ["a PDF", bytes("%PDF-1.7"), null],
    ["text named .mp3", bytes("hello world"), null],
    ["RIFF that is not WAVE (AVI)", bytes("RIFF", [0, 0, 0, 0], "AVI "), null],
    ["sync bits with a reserved layer", bytes([0xff, 0xf1, 0x90, 0x64]), null],
    ["empty", bytes(), null],
  ])("%s", (_name, data, expected) => {
    expect(sniffAudio(data)).toBe(expected);
  });
});
