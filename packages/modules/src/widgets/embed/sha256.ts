/**
 * SHA-256 in plain JavaScript for the widget's proof of work: synchronous and small, so the
 * solver can run it in short slices on any page (Web Crypto's digest is asynchronous per hash,
 * far too slow for ~2^18 of them, and only exists on secure origins).
 */

const K: number[] = [];
const INITIAL: number[] = [];

// The constants are the fractional parts of the square and cube roots of the first primes.
for (let candidate = 2, found = 0; found < 64; candidate++) {
  let prime = true;
  for (let d = 2; d * d <= candidate; d++) if (candidate % d === 0) prime = false;
  if (!prime) continue;
  const frac = (x: number) => ((x - Math.floor(x)) * 2 ** 32) | 0;
  if (found < 8) INITIAL.push(frac(candidate ** 0.5));
  K.push(frac(candidate ** (1 / 3)));
  found++;
}

const rotate = (x: number, n: number) => (x >>> n) | (x << (32 - n));
const W = new Int32Array(64);

/** The eight 32-bit words of SHA-256 of the first `length` bytes of `data`. */
export function sha256Words(data: Uint8Array, length = data.length): Int32Array {
  const blocks = (length + 72) >> 6;
  const padded = new Uint8Array(blocks * 64);
  padded.set(data.subarray(0, length));
  padded[length] = 0x80;
  const bits = length * 8;
  const end = padded.length;
  padded[end - 4] = bits >>> 24;
  padded[end - 3] = bits >>> 16;
  padded[end - 2] = bits >>> 8;
  padded[end - 1] = bits;
  const h = Int32Array.from(INITIAL);
  for (let offset = 0; offset < end; offset += 64) {
    for (let i = 0; i < 16; i++) {
      const j = offset + i * 4;
      W[i] =
        ((padded[j] ?? 0) << 24) |
        ((padded[j + 1] ?? 0) << 16) |
        ((padded[j + 2] ?? 0) << 8) |
        (padded[j + 3] ?? 0);
    }
    for (let i = 16; i < 64; i++) {
      const a = W[i - 15] ?? 0;
      const b = W[i - 2] ?? 0;
      const s0 = rotate(a, 7) ^ rotate(a, 18) ^ (a >>> 3);
      const s1 = rotate(b, 17) ^ rotate(b, 19) ^ (b >>> 10);
      W[i] = (W[i - 16] ?? 0) + s0 + (W[i - 7] ?? 0) + s1;
    }
    let [a, b, c, d, e, f, g, k] = h as unknown as number[] as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    for (let i = 0; i < 64; i++) {
      const t1 =
        (k +
          (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) +
          ((e & f) ^ (~e & g)) +
          (K[i] ?? 0) +
          (W[i] ?? 0)) |
        0;
      const t2 = ((rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      k = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    const sums = [a, b, c, d, e, f, g, k];
    for (let i = 0; i < 8; i++) h[i] = (h[i] ?? 0) + (sums[i] ?? 0);
  }
  return h;
}

/** Hex digest (tests compare it with Node's). */
export function sha256Hex(data: Uint8Array): string {
  return Array.from(sha256Words(data), (word) => (word >>> 0).toString(16).padStart(8, "0")).join("");
}

/** Leading zero bits of a digest given as its words. */
export function leadingZeroBits(words: Int32Array): number {
  let bits = 0;
  for (const word of words) {
    const zeros = Math.clz32(word);
    bits += zeros;
    if (zeros < 32) break;
  }
  return bits;
}
