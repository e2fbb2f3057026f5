import { type Database, schema } from "@poundline/db";
import { formatUsd } from "@poundline/domain";
import { and, asc, eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import { type Family, fontRuns, invoiceFonts } from "./invoice-fonts";

const { accounts, invoiceLines, invoices } = schema;

/** Who sells: from the API's configuration (SELLER_LEGAL_NAME, SELLER_ADDRESS, SELLER_TAX_ID). */
export interface Seller {
  legalName: string;
  address: string[];
  taxId: string | null;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  /** Before tax; a proration credit is negative. */
  amountCents: number;
  taxCents: number;
}

export interface InvoiceDocument {
  invoiceNumber: string;
  issueDate: string;
  dueDate: string;
  status: string;
  /** The month (`YYYY-MM`) of our monthly invoices, or the span of Stripe's lines. */
  period: string | null;
  totalAmountCents: number;
  currency: string;
  seller: Seller;
  buyer: { company: string; address: string[] };
  lines: InvoiceLine[];
}

/** The span the lines cover (first start to last end), when they say. */
function periodOfLines(lines: { periodStart: string | null; periodEnd: string | null }[]): string | null {
  const starts = lines
    .map((l) => l.periodStart)
    .filter((d): d is string => d !== null)
    .sort();
  const ends = lines
    .map((l) => l.periodEnd)
    .filter((d): d is string => d !== null)
    .sort();
  const [start] = starts;
  const end = ends.at(-1);
  return start && end ? `${start} to ${end}` : null;
}

/** The account's invoice with its lines; null when it is not the account's (or does not exist). */
export async function loadInvoiceDocument(
  db: Database,
  accountId: string,
  invoiceId: string,
  seller: Seller,
): Promise<InvoiceDocument | null> {
  const [row] = await db
    .select({ invoice: invoices, account: accounts })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.accountId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.accountId, accountId)));
  if (!row) return null;
  const lines = await db
    .select({
      description: invoiceLines.description,
      quantity: invoiceLines.quantity,
      amountCents: invoiceLines.amountCents,
      taxCents: invoiceLines.taxCents,
      periodStart: invoiceLines.periodStart,
      periodEnd: invoiceLines.periodEnd,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position));
  const { invoice, account } = row;
  const cityLine = [account.city, account.stateProvince, account.postalCode].filter(Boolean).join(" ");
  return {
    invoiceNumber: invoice.invoiceNumber,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    status: invoice.status,
    period: invoice.period ?? periodOfLines(lines),
    totalAmountCents: invoice.totalAmountCents,
    currency: invoice.currency,
    seller,
    buyer: {
      company: account.companyName,
      address: [account.addressLine1, account.addressLine2, cityLine, account.country].filter(
        (part): part is string => Boolean(part),
      ),
    },
    // An invoice stored without lines (Stripe's, recorded before their lines were kept) is one
    // line of its total.
    lines:
      lines.length > 0
        ? lines.map(({ periodStart: _s, periodEnd: _e, ...line }) => line)
        : [
            {
              description: `Invoice ${invoice.invoiceNumber}`,
              quantity: 1,
              amountCents: invoice.totalAmountCents,
              taxCents: 0,
            },
          ],
  };
}

/** Subtotal, tax and what Stripe's total adds beyond them (a discount, a customer balance). */
export function invoiceTotals(invoice: Pick<InvoiceDocument, "lines" | "totalAmountCents">) {
  const subtotalCents = invoice.lines.reduce((sum, line) => sum + line.amountCents, 0);
  const taxCents = invoice.lines.reduce((sum, line) => sum + line.taxCents, 0);
  return { subtotalCents, taxCents, adjustmentCents: invoice.totalAmountCents - subtotalCents - taxCents };
}

const money = (cents: number, currency: string) =>
  currency === "USD"
    ? formatUsd(cents)
    : `${cents < 0 ? "-" : ""}${(Math.abs(cents) / 100).toFixed(2)} ${currency}`;

const MARGIN = 50;
const PAGE_WIDTH = 612;
const RIGHT = PAGE_WIDTH - MARGIN;
const COLUMNS = { description: MARGIN, quantity: 300, amount: 350, tax: 440, end: RIGHT } as const;

/** A document with the invoice fonts registered, and a way to write text in them. */
function invoiceCanvas(title: string) {
  const fonts = invoiceFonts();
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    info: { Title: title, Author: "Poundline" },
  });
  for (const [name, file] of fonts.files) doc.registerFont(name, file);
  const fontName = (family: Family, bold: boolean) => (bold ? `${family}-bold` : family);

  /**
   * Writes one line of text at (x, y), each character in the first family that has it; within
   * `width` aligned left or right. Answers the y below it.
   */
  function write(
    text: string,
    x: number,
    y: number,
    options: { size?: number; bold?: boolean; width?: number; align?: "left" | "right" } = {},
  ): number {
    const size = options.size ?? 10;
    const bold = options.bold ?? false;
    const runs = fontRuns(text, fonts.familyOf);
    const widthOf = (run: { text: string; family: Family }) =>
      doc.font(fontName(run.family, bold)).fontSize(size).widthOfString(run.text);
    const total = measure(text, size, bold);
    let at = options.align === "right" && options.width !== undefined ? x + options.width - total : x;
    for (const run of runs) {
      doc.font(fontName(run.family, bold)).fontSize(size).text(run.text, at, y, { lineBreak: false });
      at += widthOf(run);
    }
    return y + size * 1.45;
  }

  function measure(text: string, size: number, bold: boolean): number {
    return fontRuns(text, fonts.familyOf).reduce(
      (sum, run) => sum + doc.font(fontName(run.family, bold)).fontSize(size).widthOfString(run.text),
      0,
    );
  }

  /** Writes the text over as many lines as `width` needs, breaking between words; answers the y below. */
  function writeWrapped(text: string, x: number, y: number, width: number, size = 10): number {
    let line = "";
    let at = y;
    for (const word of text.split(" ")) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && measure(candidate, size, false) > width) {
        at = write(line, x, at, { size });
        line = word;
      } else line = candidate;
    }
    return write(line, x, at, { size });
  }

  return { doc, write, writeWrapped };
}

/**
 * The invoice as a PDF (Letter): the seller (legal name, address, tax id) and the buyer
 * (company, address), number, dates and period, one row per line with its tax, then subtotal,
 * tax and total in the invoice's currency. Every amount is the stored cents formatted once, so
 * the document says what the ledger and Stripe hold, to the cent. Names in any script print:
 * the fonts are embedded (invoice-fonts.ts).
 */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const { doc, write, writeWrapped } = invoiceCanvas(`Invoice ${invoice.invoiceNumber}`);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const fmt = (cents: number) => money(cents, invoice.currency);
  const half = (PAGE_WIDTH - 2 * MARGIN) / 2;

  // The seller, left; the invoice's number and dates, right.
  let left = write(invoice.seller.legalName, MARGIN, MARGIN, { size: 16, bold: true });
  for (const line of invoice.seller.address) left = write(line, MARGIN, left);
  if (invoice.seller.taxId) left = write(`Tax ID: ${invoice.seller.taxId}`, MARGIN, left);
  const rightColumn = { width: half, align: "right" as const };
  let right = write(`Invoice ${invoice.invoiceNumber}`, MARGIN + half, MARGIN, {
    ...rightColumn,
    size: 16,
    bold: true,
  });
  right = write(`Issue date: ${invoice.issueDate}`, MARGIN + half, right, rightColumn);
  right = write(`Due date: ${invoice.dueDate}`, MARGIN + half, right, rightColumn);
  if (invoice.period) right = write(`Period: ${invoice.period}`, MARGIN + half, right, rightColumn);
  right = write(`Status: ${invoice.status}`, MARGIN + half, right, rightColumn);
  right = write(`Currency: ${invoice.currency}`, MARGIN + half, right, rightColumn);

  let y = Math.max(left, right) + 20;
  y = write("Billed to", MARGIN, y, { bold: true });
  y = write(invoice.buyer.company, MARGIN, y);
  for (const line of invoice.buyer.address) y = write(line, MARGIN, y);

  y += 20;
  const header = { bold: true };
  write("Description", COLUMNS.description, y, header);
  write("Qty", COLUMNS.quantity - 40, y, { ...header, width: 40, align: "right" });
  write("Amount", COLUMNS.amount, y, { ...header, width: COLUMNS.tax - COLUMNS.amount - 10, align: "right" });
  y = write("Tax", COLUMNS.tax, y, { ...header, width: COLUMNS.end - COLUMNS.tax, align: "right" });
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).stroke();
  y += 6;
  for (const line of invoice.lines) {
    if (y > 700) {
      doc.addPage();
      y = MARGIN;
    }
    const below = writeWrapped(line.description, COLUMNS.description, y, COLUMNS.quantity - 50 - MARGIN);
    write(String(line.quantity), COLUMNS.quantity - 40, y, { width: 40, align: "right" });
    write(fmt(line.amountCents), COLUMNS.amount, y, {
      width: COLUMNS.tax - COLUMNS.amount - 10,
      align: "right",
    });
    write(fmt(line.taxCents), COLUMNS.tax, y, { width: COLUMNS.end - COLUMNS.tax, align: "right" });
    y = below;
  }
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).stroke();
  y += 6;

  const totals = invoiceTotals(invoice);
  const label = { width: COLUMNS.tax - 10 - COLUMNS.quantity, align: "right" as const };
  const amount = { width: COLUMNS.end - COLUMNS.tax, align: "right" as const };
  const totalRow = (name: string, cents: number, bold = false) => {
    write(name, COLUMNS.quantity, y, { ...label, bold });
    y = write(fmt(cents), COLUMNS.tax, y, { ...amount, bold });
  };
  totalRow("Subtotal", totals.subtotalCents);
  totalRow("Tax", totals.taxCents);
  if (totals.adjustmentCents !== 0) totalRow("Adjustments", totals.adjustmentCents);
  totalRow(`Total (${invoice.currency})`, invoice.totalAmountCents, true);

  y += 24;
  doc
    .font("latin")
    .fontSize(8)
    .text(
      "Usage (calls and texts) and phone number fees were paid from your prepaid wallet as they occurred; subscriptions are charged to your card.",
      MARGIN,
      y,
      { width: RIGHT - MARGIN },
    );
  doc.end();
  return done;
}
