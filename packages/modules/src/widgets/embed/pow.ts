import { leadingZeroBits, sha256Words } from "./sha256";

/** How long the solver works before it lets the page run (a frame's worth). */
const SLICE_MS = 12;

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Finds the solution of a widget challenge: the first number n such that
 * SHA-256(`${challenge}:${n}`) starts with `difficulty` zero bits. It runs in slices of a few
 * milliseconds between which the page's own work goes on, so nothing on the page stalls; no
 * Worker, so no `worker-src` is needed in the host page's CSP.
 */
export async function solveChallenge(challenge: string, difficulty: number): Promise<string> {
  const prefix = new TextEncoder().encode(`${challenge}:`);
  const buffer = new Uint8Array(prefix.length + 20);
  buffer.set(prefix);
  for (let n = 0; ; ) {
    const sliceEnd = Date.now() + SLICE_MS;
    do {
      const digits = String(n);
      for (let i = 0; i < digits.length; i++) buffer[prefix.length + i] = digits.charCodeAt(i);
      if (leadingZeroBits(sha256Words(buffer, prefix.length + digits.length)) >= difficulty) return digits;
      n++;
    } while (n % 512 !== 0 || Date.now() < sliceEnd);
    await yieldToPage();
  }
}
