import { WIDGET_DEFAULTS } from "@poundline/contracts/widgets/schemas";
import {
  contrastRatio,
  readableBackground,
  WIDGET_MIN_CONTRAST,
} from "@poundline/modules/widgets/embed/contrast";
import { describe, expect, it } from "vitest";

describe("the widget button's readable background", () => {
  it("darkens the seed's default blue just enough for white text at 4.5:1", () => {
    expect(contrastRatio(WIDGET_DEFAULTS.primaryColor, WIDGET_DEFAULTS.textColor)).toBeLessThan(
      WIDGET_MIN_CONTRAST,
    );
    const drawn = readableBackground(WIDGET_DEFAULTS.primaryColor, WIDGET_DEFAULTS.textColor);
    expect(drawn).not.toBe(WIDGET_DEFAULTS.primaryColor);
    expect(contrastRatio(drawn, WIDGET_DEFAULTS.textColor)).toBeGreaterThanOrEqual(WIDGET_MIN_CONTRAST);
    // Still a blue: each channel no more than a fifth darker.
    expect(contrastRatio(drawn, WIDGET_DEFAULTS.primaryColor)).toBeLessThan(1.3);
  });

  it.each([
    ["a dark background with white text", "#1a1a6e", "#ffffff"],
    ["a light background with black text", "#ffe066", "#000000"],
  ])("keeps %s as chosen", (_label, background, text) => {
    expect(readableBackground(background, text)).toBe(background);
  });

  it.each([
    ["a yellow behind white text: darkened", "#ffd43b", "#ffffff"],
    ["a dark grey behind black text: lightened", "#333333", "#000000"],
    ["white text on white: as far as black", "#ffffff", "#ffffff"],
  ])("fixes %s", (_label, background, text) => {
    const drawn = readableBackground(background, text);
    expect(contrastRatio(drawn, text)).toBeGreaterThanOrEqual(WIDGET_MIN_CONTRAST);
  });

  it("leaves a colour it cannot read as it is", () => {
    expect(readableBackground("blue", "#ffffff")).toBe("blue");
  });
});
