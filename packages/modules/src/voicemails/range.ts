/**
 * The Range header of a request for `size` bytes (RFC 9110 §14): one byte range answers 206 with
 * those bytes; no header, another unit, a malformed or multi-range header answer the whole body
 * (a server may ignore Range); a range that starts past the end answers 416.
 */
export type ByteRange =
  | { kind: "whole" }
  | { kind: "partial"; start: number; end: number }
  | { kind: "unsatisfiable" };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

export function parseRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return { kind: "whole" };
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: "unsatisfiable" };
  const end = last === "" ? size - 1 : Number(last);
  if (!Number.isSafeInteger(end) || end < start) return { kind: "whole" };
  return { kind: "partial", start, end: Math.min(end, size - 1) };
}

/** The Content-Range header of a 206 (`bytes 0-99/1000`) or a 416 (`bytes *\/1000`). */
export function contentRange(range: ByteRange, size: number): string | null {
  if (range.kind === "partial") return `bytes ${range.start}-${range.end}/${size}`;
  if (range.kind === "unsatisfiable") return `bytes */${size}`;
  return null;
}
