import { describe, expect, it } from "vitest";
import { formatRate, previewOf } from "../../../src/modules/admin/format";
import { formatMoney } from "../../../src/ui/format";

describe("previewOf (seed 001: a value preview of 70 characters)", () => {
  it.each([
    ["", ""],
    ["short", "short"],
    ["x".repeat(70), "x".repeat(70)],
    ["x".repeat(71), `${"x".repeat(70)}...`],
    ["y".repeat(500), `${"y".repeat(70)}...`],
  ])("%j", (value, preview) => {
    expect(previewOf(value)).toBe(preview);
  });
});

describe("figures", () => {
  it.each([
    [0, "$0.00"],
    [4300, "$43.00"],
    [-150, "-$1.50"],
    [123456789, "$1,234,567.89"],
  ])("formatMoney(%d) = %s", (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it.each([
    [0, "0.0%"],
    [0.5, "50.0%"],
    [1 / 3, "33.3%"],
  ])("formatRate(%d) = %s", (rate, text) => {
    expect(formatRate(rate)).toBe(text);
  });
});
