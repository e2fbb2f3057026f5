/**
 * Word error rate: the word-level edit distance (substitutions, deletions, insertions) between what
 * was said and what a transcriber heard, over the number of words said. Both texts are compared
 * as words only: lower case, punctuation dropped (an apostrophe inside a word stays: "don't").
 */

export interface WordErrors {
  substitutions: number;
  deletions: number;
  insertions: number;
  /** Words of the reference: the denominator of the rate. */
  referenceWords: number;
}

/** "Hi, it's Dana — call me back!" → ["hi", "it's", "dana", "call", "me", "back"]. */
export function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, " ")
    .split(" ")
    .map((word) => word.replace(/^'+|'+$/g, ""))
    .filter((word) => word.length > 0);
}

interface Cell {
  cost: number;
  substitutions: number;
  deletions: number;
  insertions: number;
}

const step = (from: Cell, kind: "substitutions" | "deletions" | "insertions" | null): Cell =>
  kind === null ? from : { ...from, cost: from.cost + 1, [kind]: from[kind] + 1 };

/** The fewest edits that turn the reference's words into the hypothesis's, by kind. */
export function wordErrors(reference: string, hypothesis: string): WordErrors {
  const ref = normalizeWords(reference);
  const hyp = normalizeWords(hypothesis);
  // One row of the edit-distance table at a time: row[j] aligns ref[0..i) with hyp[0..j).
  let row: Cell[] = [{ cost: 0, substitutions: 0, deletions: 0, insertions: 0 }];
  for (let j = 1; j <= hyp.length; j++) row.push(step(row[j - 1] as Cell, "insertions"));
  for (let i = 1; i <= ref.length; i++) {
    const next: Cell[] = [step(row[0] as Cell, "deletions")];
    for (let j = 1; j <= hyp.length; j++) {
      const same = ref[i - 1] === hyp[j - 1];
      const candidates = [
        step(row[j - 1] as Cell, same ? null : "substitutions"),
        step(row[j] as Cell, "deletions"),
        step(next[j - 1] as Cell, "insertions"),
      ];
      next.push(candidates.reduce((best, c) => (c.cost < best.cost ? c : best)));
    }
    row = next;
  }
  const { substitutions, deletions, insertions } = row[hyp.length] as Cell;
  return { substitutions, deletions, insertions, referenceWords: ref.length };
}

/** Errors over reference words, summed over every pair (a corpus rate, not a mean of rates). */
export function wordErrorRate(pairs: readonly { reference: string; hypothesis: string }[]): number {
  let errors = 0;
  let words = 0;
  for (const { reference, hypothesis } of pairs) {
    const e = wordErrors(reference, hypothesis);
    errors += e.substitutions + e.deletions + e.insertions;
    words += e.referenceWords;
  }
  if (words === 0) return errors === 0 ? 0 : Number.POSITIVE_INFINITY;
  return errors / words;
}
