import { describe, expect, it } from "vitest";
import { normalizeWords, wordErrorRate, wordErrors } from "./wer";

describe("normalizeWords", () => {
  it.each([
    ["Hi, it's Dana — call me back!", ["hi", "it's", "dana", "call", "me", "back"]],
    ["  CALL   me\nback ", ["call", "me", "back"]],
    ["Don’t forget the 3 o'clock.", ["don't", "forget", "the", "3", "o'clock"]],
    ["'quoted' words", ["quoted", "words"]],
    ["", []],
    ["... !!", []],
  ])("%j → %j", (text, words) => {
    expect(normalizeWords(text)).toEqual(words);
  });
});

describe("wordErrors", () => {
  it.each([
    ["same words", "call me back", "Call me back.", { s: 0, d: 0, i: 0, n: 3 }],
    ["one substitution", "call me back", "call you back", { s: 1, d: 0, i: 0, n: 3 }],
    ["one deletion", "call me back today", "call me today", { s: 0, d: 1, i: 0, n: 4 }],
    ["one insertion", "call me back", "please call me back", { s: 0, d: 0, i: 1, n: 3 }],
    ["nothing heard", "call me back", "", { s: 0, d: 3, i: 0, n: 3 }],
    ["nothing said", "", "uh um", { s: 0, d: 0, i: 2, n: 0 }],
    ["all wrong", "a b", "c d", { s: 2, d: 0, i: 0, n: 2 }],
    ["mixed", "the meeting is at three", "a meeting at three thirty", { s: 1, d: 1, i: 1, n: 5 }],
  ])("%s", (_, reference, hypothesis, e) => {
    expect(wordErrors(reference, hypothesis)).toEqual({
      substitutions: e.s,
      deletions: e.d,
      insertions: e.i,
      referenceWords: e.n,
    });
  });
});

describe("wordErrorRate", () => {
  it.each([
    ["perfect", [{ reference: "call me back", hypothesis: "call me back" }], 0],
    ["one in four", [{ reference: "call me back today", hypothesis: "call me today" }], 0.25],
    [
      "summed over the corpus, not averaged per clip",
      [
        { reference: "a", hypothesis: "b" },
        { reference: "c d e f g h i", hypothesis: "c d e f g h i" },
      ],
      1 / 8,
    ],
    ["more errors than words", [{ reference: "yes", hypothesis: "no no no" }], 3],
    ["nothing to say, nothing heard", [{ reference: "", hypothesis: "" }], 0],
    ["nothing to say, something heard", [{ reference: "", hypothesis: "hello" }], Number.POSITIVE_INFINITY],
  ])("%s", (_, pairs, rate) => {
    expect(wordErrorRate(pairs)).toBeCloseTo(rate, 10);
  });
});
