import { inflateSync } from "node:zlib";

/**
 * The text runs of a PDF, in drawing order: each content stream inflated (FlateDecode), each
 * BT…ET text object's hex strings (`[<48656c6c6f> 20 <…>] TJ`, as pdfkit writes its standard
 * fonts) decoded and joined. Enough to read back what our invoices say, with no PDF library.
 */
export function pdfTextRuns(pdf: Buffer): string[] {
  const raw = pdf.toString("latin1");
  const runs: string[] = [];
  for (const stream of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(stream[1] ?? "", "latin1")).toString("latin1");
    } catch {
      continue; // not a compressed content stream (e.g. font metrics)
    }
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const hex = [...(block[1] ?? "").matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1] ?? "").join("");
      if (hex) runs.push(Buffer.from(hex, "hex").toString("latin1"));
    }
  }
  return runs;
}

/** "$1,234.56" as cents. */
export const centsOf = (usd: string) => Math.round(Number(usd.replace(/[$,]/g, "")) * 100);
