import { IMPORT_ENCODINGS, type ImportEncoding } from "@poundline/contracts/crm/import-vocabulary";

export { IMPORT_ENCODINGS, type ImportEncoding };
/**
 * The text of an uploaded contacts file, whatever wrote it: a byte-order mark decides first
 * (UTF-8, UTF-16 LE or BE); UTF-16 without one shows as a NUL in every other byte; then strict
 * UTF-8; and what is not valid UTF-8 is Windows-1252, which Excel and Outlook write on Windows
 * (every byte means something in it, so it cannot fail).
 */

export interface DecodedFile {
  text: string;
  encoding: ImportEncoding;
  /** The file began with a byte-order mark (dropped from the text). */
  bom: boolean;
}

/**
 * Windows-1252's characters at 0x80–0x9F (€, curly quotes, dashes, Š, Ž…), by byte. Node 20's
 * TextDecoder("windows-1252") decodes these bytes as Latin-1's control characters instead.
 */
const WINDOWS_1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder("latin1")
    .decode(bytes)
    .replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}

function decode(bytes: Uint8Array, encoding: ImportEncoding, fatal = false): string {
  if (encoding === "windows-1252") return decodeWindows1252(bytes);
  // ignoreBOM keeps a mark in the text, so one rule below drops it whatever the encoding.
  return new TextDecoder(encoding, { fatal, ignoreBOM: true }).decode(bytes).replace(/^\uFEFF/, "");
}

/** UTF-16 without a mark: most characters of a contacts file are ASCII, so one byte of each pair is 0. */
function utf16WithoutBom(bytes: Uint8Array): ImportEncoding | null {
  const sample = bytes.subarray(0, Math.min(bytes.length, 4096) & ~1);
  if (sample.length < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i += 2) {
    if (sample[i] === 0) evenZeros++;
    if (sample[i + 1] === 0) oddZeros++;
  }
  const pairs = sample.length / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return "utf-16le";
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return "utf-16be";
  return null;
}

export function decodeFile(bytes: Uint8Array): DecodedFile {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: decode(bytes, "utf-8"), encoding: "utf-8", bom: true };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: decode(bytes, "utf-16le"), encoding: "utf-16le", bom: true };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: decode(bytes, "utf-16be"), encoding: "utf-16be", bom: true };
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return { text: decode(bytes, utf16), encoding: utf16, bom: false };
  try {
    return { text: decode(bytes, "utf-8", true), encoding: "utf-8", bom: false };
  } catch {
    return { text: decode(bytes, "windows-1252"), encoding: "windows-1252", bom: false };
  }
}
