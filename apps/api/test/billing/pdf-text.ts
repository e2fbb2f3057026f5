import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Reading a PDF back as a person's tools would: poppler's `pdftotext` for the text (so what is
 * asserted is what a reader copies out of the document, through its fonts' Unicode maps), and
 * `qpdf --check` for its structure. Both are Debian packages (poppler-utils, qpdf) that .ci/run
 * installs.
 */

function withFile<T>(pdf: Buffer, work: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), "poundline-pdf-"));
  try {
    const path = join(dir, "document.pdf");
    writeFileSync(path, pdf);
    return work(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text, laid out as on the page (`pdftotext -layout`): one string per line, trimmed. */
export function pdfLines(pdf: Buffer): string[] {
  const text = withFile(pdf, (path) => execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", path, "-"]));
  return text
    .toString("utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/** `qpdf --check`: throws with qpdf's report unless the file is clean (exit status 0). */
export function qpdfCheck(pdf: Buffer): string {
  return withFile(pdf, (path) => execFileSync("qpdf", ["--check", path]).toString("utf8"));
}

/** The amount of the line that is `label` then one amount ("Tax   $1,234.56", "-$8.54"), in cents. */
export function amountAfter(lines: string[], label: string): number {
  for (const line of lines) {
    if (!line.startsWith(label)) continue;
    const amount = /^\s+(-?\$[\d,]+\.\d{2})$/.exec(line.slice(label.length))?.[1];
    if (amount) return centsOf(amount);
  }
  throw new Error(`no line "${label} <amount>" in:\n${lines.join("\n")}`);
}

/** "$1,234.56" as cents. */
export const centsOf = (usd: string) => Math.round(Number(usd.replace(/[$,]/g, "")) * 100);
