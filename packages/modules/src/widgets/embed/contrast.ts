/**
 * The widget's button colours made readable: a background too close to its text colour (the
 * seed's default blue #007bff with white text gives 4.0:1) is darkened, or lightened for dark
 * text, in small steps until the label reads at WCAG AA's 4.5:1. A colour that already passes is
 * drawn as chosen. Plain #rrggbb only, as the widget's settings store them.
 */

export const WIDGET_MIN_CONTRAST = 4.5;

type Rgb = [number, number, number];

function parseHex(color: string): Rgb | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!match) return null;
  return [
    Number.parseInt(match[1] ?? "0", 16),
    Number.parseInt(match[2] ?? "0", 16),
    Number.parseInt(match[3] ?? "0", 16),
  ];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/** WCAG relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number | null {
  const ca = parseHex(a);
  const cb = parseHex(b);
  if (!ca || !cb) return null;
  const [high, low] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** The background to draw behind `text`: `background` itself, or the nearest shade that reads at 4.5:1. */
export function readableBackground(background: string, text: string): string {
  const bg = parseHex(background);
  const fg = parseHex(text);
  if (!bg || !fg) return background;
  // Away from the text's own lightness: darker behind light text, lighter behind dark text.
  const target = luminance(fg) > 0.5 ? 0 : 255;
  let shade = bg;
  for (let step = 0; step < 40; step++) {
    if ((contrastRatio(toHex(shade), text) ?? 0) >= WIDGET_MIN_CONTRAST)
      return step === 0 ? background : toHex(shade);
    shade = shade.map((c) => c + (target - c) * 0.05) as Rgb;
  }
  return toHex(shade);
}
