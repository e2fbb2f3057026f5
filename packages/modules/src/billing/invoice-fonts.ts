import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";

/**
 * The invoice's typefaces, embedded in the PDF (pdfkit subsets them: only the glyphs used
 * travel): Noto Sans for Latin, Greek and Cyrillic; Noto Sans SC for Chinese (and Japanese kana),
 * Noto Sans KR for Korean, each where the ones before it lack the glyph. All ship as TTF files in
 * npm packages (@expo-google-fonts/*, SIL Open Font License). Read once per process.
 */

const require = createRequire(import.meta.url);

/** In fallback order; each a regular and a bold file. */
const FAMILIES = [
  {
    name: "latin",
    regular: "noto-sans/400Regular/NotoSans_400Regular.ttf",
    bold: "noto-sans/700Bold/NotoSans_700Bold.ttf",
  },
  {
    name: "sc",
    regular: "noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
    bold: "noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
  },
  {
    name: "kr",
    regular: "noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf",
    bold: "noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf",
  },
] as const;

export type Family = (typeof FAMILIES)[number]["name"];

export interface InvoiceFonts {
  /** Font files by the name a document registers them under (`latin`, `latin-bold`, `sc`, ...). */
  files: Map<string, Buffer>;
  /** The first family that draws this character (the first one when none does). */
  familyOf(codePoint: number): Family;
}

let loaded: InvoiceFonts | null = null;

export function invoiceFonts(): InvoiceFonts {
  if (loaded) return loaded;
  const files = new Map<string, Buffer>();
  const faces: { name: Family; font: fontkit.Font }[] = [];
  for (const family of FAMILIES) {
    const regular = readFileSync(require.resolve(`@expo-google-fonts/${family.regular}`));
    files.set(family.name, regular);
    files.set(`${family.name}-bold`, readFileSync(require.resolve(`@expo-google-fonts/${family.bold}`)));
    faces.push({ name: family.name, font: fontkit.create(regular) as fontkit.Font });
  }
  const known = new Map<number, Family>();
  loaded = {
    files,
    familyOf(codePoint) {
      let family = known.get(codePoint);
      if (family === undefined) {
        family = faces.find((face) => face.font.hasGlyphForCodePoint(codePoint))?.name ?? "latin";
        known.set(codePoint, family);
      }
      return family;
    },
  };
  return loaded;
}

export interface FontRun {
  text: string;
  family: Family;
}

/** The text cut into runs of one family each; a space stays in the run it follows. */
export function fontRuns(text: string, familyOf: (codePoint: number) => Family): FontRun[] {
  const runs: FontRun[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    const family = char === " " && last ? last.family : familyOf(char.codePointAt(0) ?? 0);
    if (last && last.family === family) last.text += char;
    else runs.push({ text: char, family });
  }
  return runs;
}
