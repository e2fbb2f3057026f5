import { describe, expect, it } from "vitest";
import { passwordStrength } from "../../../src/pages/account/password-strength";

describe("passwordStrength", () => {
  it.each([
    ["", "Not entered", "red", 0, []],
    ["short", "Weak", "red", 0, []],
    ["lowercaseonly", "Weak", "red", 25, ["At least 8 characters"]],
    ["lower-case", "Fair", "orange", 50, ["At least 8 characters", "One special character"]],
    ["Sturdypass", "Fair", "orange", 50, ["At least 8 characters", "One uppercase letter"]],
    ["Sturdypass1", "Good", "yellow", 75, ["At least 8 characters", "One uppercase letter", "One number"]],
    [
      "Sturdy-Pass-2026!",
      "Strong",
      "green",
      100,
      ["At least 8 characters", "One uppercase letter", "One number", "One special character"],
    ],
    ["A1!", "Good", "yellow", 75, ["One uppercase letter", "One number", "One special character"]],
  ])("%j: %s", (password, label, color, percent, met) => {
    const strength = passwordStrength(password);
    expect(strength).toMatchObject({ label, color, percent });
    expect(strength.checklist.filter((rule) => rule.met).map((rule) => rule.label)).toEqual(met);
  });

  it("lists seed 000's four rules, in order", () => {
    expect(passwordStrength("").checklist.map((rule) => rule.label)).toEqual([
      "At least 8 characters",
      "One uppercase letter",
      "One number",
      "One special character",
    ]);
  });
});
